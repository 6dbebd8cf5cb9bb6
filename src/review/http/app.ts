import { timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { html } from 'hono/html';
import { secureHeaders } from 'hono/secure-headers';
import type { AttemptLimits } from '../../core/attempt-limits.js';
import type { ReviewAudit, ReviewAuthStore } from '../auth/ports.js';
import { AUTH_POLICY } from '../auth/policy.js';
import { newSecret } from '../auth/secrets.js';
import { resolveSession, signOut } from '../auth/session.js';
import { setPasswordWithLink, setupLinkIsValid } from '../auth/set-password.js';
import { signIn } from '../auth/sign-in.js';
import type { ReviewStore } from '../consults/ports.js';
import type { ConsultPhotos } from '../consults/consult-photos.js';
import { forbidden, formOf, notFound, type ReviewEnv } from './context.js';
import { page, STYLESHEET } from './layout.js';
import { registerAdminRoutes, type AdminDeps } from './admin-routes.js';
import { registerReviewRoutes } from './review-routes.js';

export interface ReviewAppDeps {
  auth: ReviewAuthStore;
  audit: ReviewAudit;
  reviews: ReviewStore;
  /** Photos the CHW sent, shown on the consult page; absent: none shown. */
  photos?: ConsultPhotos;
  /** The admin pages; absent: no admin pages (404). */
  admin?: Pick<AdminDeps, 'workers' | 'staff' | 'ingestion' | 'publicUrl'>;
  /** Bull Board's Hono app, served to admins under /admin/queues (REDIS_URL set). */
  queueBoard?: Hono;
  /** Secure cookies (and the __Host- prefix) when the app is served over HTTPS. */
  secureCookies: boolean;
  /** Failed sign-ins per account and address, per account, per address (AUTH_POLICY). */
  limits: AttemptLimits;
  /** The client address for the sign-in limits. */
  addressOf(c: Context): string;
  now?: () => Date;
}

type Env = ReviewEnv;

const PRE_CSRF_COOKIE = 'review_precsrf';

function sameSecret(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The review web app: routes and views only; what a supervisor may do lives in src/review/auth and the use cases. */
export function createReviewApp(deps: ReviewAppDeps): Hono<Env> {
  const now = deps.now ?? (() => new Date());
  const sessionCookie = deps.secureCookies ? '__Host-review_session' : 'review_session';
  const cookieOptions = { httpOnly: true, sameSite: 'Strict' as const, secure: deps.secureCookies, path: '/' };
  const app = new Hono<Env>();

  const headers = (scripts: boolean) =>
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'none'"],
        // Bull Board (admins, /admin/queues) is a React app with its own scripts and inline styles,
        // which finds them through <base href="/admin/queues/">; every other page runs no script at
        // all and needs no base.
        ...(scripts ? { scriptSrc: ["'self'"], styleSrc: ["'self'", "'unsafe-inline'"], imgSrc: ["'self'", 'data:'], fontSrc: ["'self'", 'data:'], connectSrc: ["'self'"] } : { styleSrc: ["'self'"], imgSrc: ["'self'"] }),
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: scripts ? ["'self'"] : ["'none'"],
      },
      referrerPolicy: 'no-referrer',
      xFrameOptions: 'DENY',
      strictTransportSecurity: deps.secureCookies ? 'max-age=31536000' : false,
      crossOriginEmbedderPolicy: false,
    });
  const pageHeaders = headers(false);
  const boardHeaders = headers(true);
  app.use((c, next) => (deps.queueBoard && (c.req.path === '/admin/queues' || c.req.path.startsWith('/admin/queues/')) ? boardHeaders(c, next) : pageHeaders(c, next)));
  app.use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  app.get('/static/review.css', (c) => {
    c.header('Content-Type', 'text/css; charset=utf-8');
    return c.body(STYLESHEET);
  });

  /** A pre-session CSRF token (double submit) for the sign-in and set-password forms. */
  function preCsrf(c: Context): string {
    const existing = getCookie(c, PRE_CSRF_COOKIE);
    if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
    const token = newSecret();
    setCookie(c, PRE_CSRF_COOKIE, token, { ...cookieOptions, maxAge: 3600 });
    return token;
  }
  async function preCsrfOk(c: Context): Promise<{ ok: boolean; form: Record<string, string> }> {
    const form = await formOf(c);
    return { ok: sameSecret(getCookie(c, PRE_CSRF_COOKIE), form.csrf), form };
  }

  const loginPage = (csrf: string, message?: string, status: 200 | 401 | 429 | 403 = 200) => (c: Context) => {
    c.status(status);
    return c.html(
      page(
        'Sign in',
        html`<h1>Sign in</h1>
${message ? html`<p class="error" role="alert">${message}</p>` : ''}
<form method="post" action="/login">
<input type="hidden" name="csrf" value="${csrf}">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`,
      ),
    );
  };

  app.get('/login', (c) => loginPage(preCsrf(c))(c));

  app.post('/login', async (c) => {
    const { ok, form } = await preCsrfOk(c);
    if (!ok) return forbidden(c);
    const at = now();
    const result = await signIn({ store: deps.auth, audit: deps.audit, limits: deps.limits }, { email: form.email ?? '', password: form.password ?? '', address: deps.addressOf(c) }, at);
    if (!result.ok) {
      if (result.reason === 'invalid') return loginPage(preCsrf(c), 'Email or password is wrong.', 401)(c);
      const minutes = Math.max(1, Math.ceil((result.retryAt.getTime() - at.getTime()) / 60_000));
      c.header('Retry-After', String(minutes * 60));
      return loginPage(preCsrf(c), `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, 429)(c);
    }
    deleteCookie(c, PRE_CSRF_COOKIE, { path: '/', secure: deps.secureCookies });
    setCookie(c, sessionCookie, result.sessionId, { ...cookieOptions, maxAge: Math.floor(AUTH_POLICY.absoluteMs / 1000) });
    return c.redirect('/', 303);
  });

  const setPasswordPage = (csrf: string, token: string, message?: string) =>
    page(
      'Set your password',
      html`<h1>Set your password</h1>
${message ? html`<p class="error" role="alert">${message}</p>` : ''}
<form method="post" action="/set-password">
<input type="hidden" name="csrf" value="${csrf}">
<input type="hidden" name="token" value="${token}">
<label for="password">New password (at least ${AUTH_POLICY.minPasswordLength} characters)</label>
<input id="password" name="password" type="password" autocomplete="new-password" minlength="${AUTH_POLICY.minPasswordLength}" required>
<label for="confirm">The same password again</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" required>
<button type="submit">Set password</button>
</form>`,
    );

  const linkInvalid = (c: Context) => {
    c.status(410);
    return c.html(page('Link not valid', html`<h1>This link is not valid</h1><p>It was used already or has expired. Ask an administrator for a new one.</p>`));
  };

  app.get('/set-password', async (c) => {
    const token = c.req.query('token') ?? '';
    if (!(await setupLinkIsValid(deps.auth, token, now()))) return linkInvalid(c);
    return c.html(setPasswordPage(preCsrf(c), token));
  });

  app.post('/set-password', async (c) => {
    const { ok, form } = await preCsrfOk(c);
    if (!ok) return forbidden(c);
    const token = form.token ?? '';
    const result = await setPasswordWithLink({ store: deps.auth, audit: deps.audit }, { token, password: form.password ?? '', confirm: form.confirm ?? '' }, now());
    if (result.ok) return c.html(page('Password set', html`<h1>Password set</h1><p class="notice">You can now <a href="/login">sign in</a>.</p>`));
    if (result.reason === 'link_invalid') return linkInvalid(c);
    c.status(400);
    const message = result.reason === 'too_short' ? `The password must have at least ${AUTH_POLICY.minPasswordLength} characters.` : 'The two passwords differ.';
    return c.html(setPasswordPage(preCsrf(c), token, message));
  });

  // Everything below needs a session; every POST needs the session's CSRF token.
  app.use('*', async (c, next) => {
    const session = await resolveSession(deps.auth, getCookie(c, sessionCookie), now());
    if (!session) {
      deleteCookie(c, sessionCookie, { path: '/', secure: deps.secureCookies });
      return c.redirect('/login', 303);
    }
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      const form = await formOf(c);
      if (!sameSecret(form.csrf, session.csrfToken)) return forbidden(c);
    }
    c.set('session', session);
    await next();
  });

  app.post('/logout', async (c) => {
    const id = getCookie(c, sessionCookie);
    if (id) await signOut(deps.auth, id);
    await deps.audit.record({ actorId: c.get('session').staff.id, action: 'review.signed_out' });
    deleteCookie(c, sessionCookie, { path: '/', secure: deps.secureCookies });
    return c.redirect('/login', 303);
  });

  registerReviewRoutes(app, { reviews: deps.reviews, audit: deps.audit, now, ...(deps.photos ? { photos: deps.photos } : {}) });
  if (deps.admin) {
    registerAdminRoutes(app, { ...deps.admin, auth: deps.auth, audit: deps.audit, now, queuesMounted: deps.queueBoard !== undefined });
    if (deps.queueBoard) {
      // Its JSON actions carry no form CSRF token and are refused by the rule above: the board is read-only.
      app.route('/admin/queues', deps.queueBoard);
    }
  }

  app.notFound((c) => notFound(c));

  return app;
}
