import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffMember } from '../../src/infra/db/stores/people-store.js';
import { createReviewAudit, createReviewAuthStore } from '../../src/infra/db/stores/review-auth-store.js';
import { issueSetupToken } from '../../src/review/auth/setup-link.js';
import { createReviewStore } from '../../src/infra/db/stores/review-store.js';
import { createReviewApp } from '../../src/review/http/app.js';
import { testAttemptLimits } from '../support/enrollment.js';
import { ReviewClient } from '../support/review-client.js';
import { openTestDatabase, type TestDatabase } from '../support/test-database.js';

describe('review app sign-in', () => {
  let db: TestDatabase;
  let app: ReturnType<typeof createReviewApp>;
  const address = { value: '10.0.0.1' };
  let clock = new Date('2026-11-23T08:00:00Z');
  const auth = () => createReviewAuthStore(db);

  async function supervisorWithPassword(email: string, password: string): Promise<string> {
    const id = await createStaffMember(db, { role: 'supervisor', name: 'Nurse', email });
    const { token } = await issueSetupToken(auth(), id, clock);
    const c = new ReviewClient(app);
    await c.get(`/set-password?token=${token}`);
    const res = await c.post('/set-password', { csrf: c.csrf(), token, password, confirm: password });
    expect(res.status).toBe(200);
    return id;
  }

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    app = createReviewApp({ auth: auth(), audit: createReviewAudit(db), limits: testAttemptLimits(db), reviews: createReviewStore(db), secureCookies: false, addressOf: () => address.value, now: () => clock });
  });
  afterAll(async () => {
    await db.close();
  });

  it('sends every page with CSP, frame-ancestors none and no-referrer', async () => {
    const res = await new ReviewClient(app).get('/login');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('signs in with the password set through the one-time link, and the link cannot be used twice', async () => {
    const id = await createStaffMember(db, { role: 'supervisor', name: 'Ama', email: 'ama@example.org' });
    const { token } = await issueSetupToken(auth(), id, clock);
    const c = new ReviewClient(app);
    expect((await c.get(`/set-password?token=${token}`)).status).toBe(200);
    const pw = 'correct horse battery';
    expect((await c.post('/set-password', { csrf: c.csrf(), token, password: pw, confirm: pw })).status).toBe(200);
    expect((await c.get(`/set-password?token=${token}`)).status).toBe(410);

    await c.get('/login');
    const res = await c.post('/login', { csrf: c.csrf(), email: 'ama@example.org', password: pw });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    const setCookie = res.headers.getSetCookie().find((l) => l.startsWith('review_session='));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect((await c.get('/')).status).toBe(200);
    expect(c.lastHtml).toContain('Review queue');
    const rows = await db.prisma.staffCredential.findUnique({ where: { staffId: id } });
    expect(rows?.passwordHash).toMatch(/^scrypt\$/);
    expect(rows?.passwordHash).not.toContain(pw);
  });

  it('refuses an expired set-password link', async () => {
    const id = await createStaffMember(db, { role: 'supervisor', name: 'Kwame', email: 'kwame@example.org' });
    const { token } = await issueSetupToken(auth(), id, new Date(clock.getTime() - 25 * 3_600_000));
    const c = new ReviewClient(app);
    expect((await c.get(`/set-password?token=${token}`)).status).toBe(410);
    await c.get('/login');
    const res = await c.post('/set-password', { csrf: c.csrf(), token, password: 'a long enough password', confirm: 'a long enough password' });
    expect(res.status).toBe(410);
    expect(await db.prisma.staffCredential.findUnique({ where: { staffId: id } })).toBeNull();
  });

  /** One sign-in attempt from `from`; the status code. */
  async function attempt(email: string, password: string, from: string): Promise<number> {
    address.value = from;
    const c = new ReviewClient(app);
    await c.get('/login');
    const res = await c.post('/login', { csrf: c.csrf(), email, password });
    address.value = '10.0.0.1';
    return res.status;
  }
  const later = (minutes: number) => {
    clock = new Date(clock.getTime() + minutes * 60_000);
  };

  it('locks an account at one address after 5 wrong passwords, even for the right password, and backs off', async () => {
    await supervisorWithPassword('efua@example.org', 'efua password 123');
    const c = new ReviewClient(app);
    address.value = '10.0.0.2';
    for (let i = 0; i < 5; i++) {
      await c.get('/login');
      expect((await c.post('/login', { csrf: c.csrf(), email: 'efua@example.org', password: `wrong ${i}` })).status).toBe(401);
    }
    await c.get('/login');
    const locked = await c.post('/login', { csrf: c.csrf(), email: 'efua@example.org', password: 'efua password 123' });
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe(String(15 * 60));
    expect(c.cookies.has('review_session')).toBe(false);
    address.value = '10.0.0.1';
    // The same account from another address is not held up by this pair.
    expect(await attempt('efua@example.org', 'efua password 123', '10.0.0.4')).toBe(303);
    // After 15 minutes one more try; a wrong one blocks for 30 minutes.
    later(16);
    expect(await attempt('efua@example.org', 'wrong again', '10.0.0.2')).toBe(401);
    later(29);
    expect(await attempt('efua@example.org', 'efua password 123', '10.0.0.2')).toBe(429);
    later(2);
    expect(await attempt('efua@example.org', 'efua password 123', '10.0.0.2')).toBe(303);
  });

  it('20 bad sign-ins for made-up e-mails from one address do not lock out a real supervisor behind it (issue 58)', async () => {
    const proxy = '10.0.0.3';
    for (let i = 0; i < 20; i++) expect(await attempt(`nobody${i}@example.org`, 'guess', proxy)).toBe(401);
    // A supervisor who never failed from this address signs in with the right password...
    expect(await attempt('ama@example.org', 'correct horse battery', proxy)).toBe(303);
    await supervisorWithPassword('yaa@example.org', 'yaa password 1234');
    expect(await attempt('yaa@example.org', 'yaa password 1234', proxy)).toBe(303);
    // ...while the address under attack gets no second try at an account that failed from it.
    expect(await attempt('nobody3@example.org', 'another guess', proxy)).toBe(429);
    // Nothing stored names an e-mail or an address.
    const keys = (await db.sql.query<{ key: string }>(`SELECT key FROM attempt_limits`)).map((row) => row.key);
    expect(keys.length).toBeGreaterThan(20);
    for (const key of keys) expect(key).toMatch(/^sign-in-(pair|account|address):[0-9a-f]{32}$/);
  });

  it('protects one account guessed at from many addresses, never locks its owner out where she signs in, and elsewhere at most for the block', async () => {
    await supervisorWithPassword('kofi@example.org', 'kofi password 123');
    expect(await attempt('kofi@example.org', 'kofi password 123', '10.0.1.1')).toBe(303);
    // One wrong password from each of ten addresses: no pair is near its limit, the account is.
    for (let i = 0; i < 10; i++) expect(await attempt('kofi@example.org', `guess ${i}`, `10.9.0.${i}`)).toBe(401);
    // From anywhere new the right password is refused too: a guesser who hit it learns nothing.
    expect(await attempt('kofi@example.org', 'kofi password 123', '10.9.1.1')).toBe(429);
    // Where Kofi signed in before, he still can.
    expect(await attempt('kofi@example.org', 'kofi password 123', '10.0.1.1')).toBe(303);
    // The block is 15 minutes; the next failure doubles it.
    later(16);
    expect(await attempt('kofi@example.org', 'guess 10', '10.9.2.1')).toBe(401);
    later(1);
    expect(await attempt('kofi@example.org', 'kofi password 123', '10.9.3.1')).toBe(429);
    later(30);
    expect(await attempt('kofi@example.org', 'kofi password 123', '10.9.3.1')).toBe(303);
  });

  it('rejects sign-in and signed-in forms with a missing or wrong CSRF token', async () => {
    const c = new ReviewClient(app);
    await c.get('/login');
    expect((await c.post('/login', { email: 'ama@example.org', password: 'correct horse battery' })).status).toBe(403);
    expect((await c.post('/login', { csrf: 'x'.repeat(43), email: 'ama@example.org', password: 'correct horse battery' })).status).toBe(403);
    await c.get('/login');
    expect((await c.post('/login', { csrf: c.csrf(), email: 'ama@example.org', password: 'correct horse battery' })).status).toBe(303);
    await c.get('/');
    expect((await c.post('/logout', {})).status).toBe(403);
    expect((await c.post('/logout', { csrf: 'wrong' })).status).toBe(403);
    expect((await c.get('/')).status).toBe(200);
  });

  it('issues a new session id on sign-in (no fixation) and ends it on sign-out', async () => {
    const c = new ReviewClient(app);
    c.cookies.set('review_session', 'attacker-chosen-session-id');
    await c.get('/login');
    await c.post('/login', { csrf: c.csrf(), email: 'ama@example.org', password: 'correct horse battery' });
    const issued = c.cookies.get('review_session');
    expect(issued).toBeDefined();
    expect(issued).not.toBe('attacker-chosen-session-id');
    await c.get('/');
    await c.post('/logout', { csrf: c.csrf() });
    const stale = new ReviewClient(app);
    stale.cookies.set('review_session', issued!);
    const res = await stale.get('/');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login');
  });

  it('ends a session after 30 idle minutes', async () => {
    const c = new ReviewClient(app);
    await c.get('/login');
    await c.post('/login', { csrf: c.csrf(), email: 'ama@example.org', password: 'correct horse battery' });
    expect((await c.get('/')).status).toBe(200);
    clock = new Date(clock.getTime() + 31 * 60_000);
    expect((await c.get('/')).status).toBe(303);
  });
});
