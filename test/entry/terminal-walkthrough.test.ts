import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, runAdmin, startEntry } from '../support/processes.js';
import { ReviewClient } from '../support/review-client.js';
import { replies, runChat } from '../support/run-chat.js';

/**
 * The README's supervisor section, followed from a terminal alone on the embedded default (no phone, no
 * servers): admin enroll, `chat --invite CODE`, a consult, the supervisor's review with "send to the
 * CHW", then `chat --as ID`, where the feedback arrives. The processes run one after the other, as the
 * embedded database has one owner.
 */
describe('the supervisor walk-through from a terminal', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let reviewUrl: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'walkthrough-'));
    const port = await freePort();
    reviewUrl = `http://127.0.0.1:${port}`;
    env = { DATA_DIR: dataDir, REVIEW_PORT: String(port) };
  });

  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('redeems the invite code at the terminal, and the feedback sent to the CHW arrives in their terminal chat', { timeout: 300_000 }, async () => {
    const added = await runAdmin(['add-supervisor', '--name', 'Nurse Ama', '--email', 'ama@example.org'], env);
    const token = /set-password\?token=(\S+)/.exec(added)?.[1] ?? '';
    const enrolled = await runAdmin(['enroll', '--name', 'Esi Mensah', '--supervisor', 'ama@example.org'], env);
    const code = /invite code: (\S+)/.exec(enrolled)?.[1] ?? '';
    expect(code).not.toBe('');

    // Before the code is used, --as is refused (exit 64); a wrong code is refused the same way.
    const wrong = await runChat(['45 year old man'], env, 60_000, ['--invite', 'AAAA-BBBB']);
    expect(wrong.code).toBe(64);
    expect(wrong.stderr).toContain('error: --invite: That invite code is not valid');
    expect(wrong.stdout).not.toContain('bot>');

    const first = await runChat(['45 year old man', 'fever 3 days, RDT positive', 'dx: uncomplicated malaria'], env, 180_000, ['--invite', code]);
    expect(first.code, first.stderr).toBe(0);
    const workerId = /health worker (\S+) is active\. Next time start the chat with: npm run chat -- --as \1/.exec(first.stdout)?.[1] ?? '';
    expect(workerId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.stdout).toContain(`Consults are recorded for health worker ${workerId}`);
    expect(replies(first.stdout).at(-1)).toMatch(/Sources/);
    expect((await runAdmin(['list'], env)).split('\n').find((line) => line.startsWith(workerId))).toMatch(/\bactive\b/);

    // A used code does not work twice.
    const again = await runChat([], env, 60_000, ['--invite', code]);
    expect(again.code).toBe(64);

    // The supervisor: the review app prints where to open it.
    const review = startEntry('review', env);
    try {
      for (let i = 0; i < 150 && !review.output().includes('Review app: open'); i++) await new Promise((r) => setTimeout(r, 200));
      expect(review.output()).toContain(`Review app: open ${reviewUrl} in a browser`);
      const ama = ReviewClient.overHttp(reviewUrl);
      expect((await ama.get(`/set-password?token=${token}`)).status).toBe(200);
      const password = 'correct horse battery staple';
      expect((await ama.post('/set-password', { csrf: ama.csrf(), token, password, confirm: password })).status).toBe(200);
      await ama.signIn('ama@example.org', password);
      await ama.get('/');
      expect(ama.lastHtml).toContain('Esi Mensah');
      const consultId = /href="\/consults\/([0-9a-f-]{36})"/.exec(ama.lastHtml)?.[1];
      expect((await ama.get(`/consults/${consultId}`)).status).toBe(200);
      const feedback = 'Good consult. Next time also weigh him.';
      const form: Array<[string, string]> = [
        ['csrf', ama.csrf()],
        ['submission', ama.field('submission')],
        ['agreement', 'agree'],
        ['feedback', feedback],
        ['send', '1'],
      ];
      expect((await ama.post(`/consults/${consultId}/review`, form)).status).toBe(303);
    } finally {
      expect(await review.stop()).toBe(0);
    }

    // The CHW's next terminal chat shows the feedback, once.
    const next = await runChat([], env, 120_000, ['--as', workerId]);
    expect(next.code, next.stderr).toBe(0);
    const arrived = replies(next.stdout).filter((reply) => reply.includes('Good consult. Next time also weigh him.'));
    expect(arrived).toHaveLength(1);
    expect(arrived[0]).toContain('Feedback from your supervisor');
    const later = await runChat([], env, 120_000, ['--as', workerId]);
    expect(later.stdout).not.toContain('Good consult.');
  });
});
