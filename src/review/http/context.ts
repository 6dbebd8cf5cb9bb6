import type { Context } from 'hono';
import { html } from 'hono/html';
import type { ActiveSession } from '../auth/session.js';
import { page } from './layout.js';

/** Hono's environment for signed-in routes: the session the middleware resolved. */
export type ReviewEnv = { Variables: { session: ActiveSession } };

/** The urlencoded form body as single values (parsed once per request; Hono caches it). */
export async function formOf(c: Context): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body)) if (typeof v === 'string') out[k] = v;
  return out;
}

/** Every value of each field (checkbox groups). */
export async function formLists(c: Context): Promise<Record<string, string[]>> {
  const body = await c.req.parseBody({ all: true });
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(body)) out[k] = (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string');
  return out;
}

export function forbidden(c: Context) {
  c.status(403);
  return c.html(page('Forbidden', html`<h1>Request refused</h1><p>The form expired. Go back, reload the page and try again.</p>`));
}

export function notFound(c: Context) {
  c.status(404);
  return c.html(page('Not found', html`<h1>Not found</h1><p>There is no such page, or it is not yours to see. <a href="/">Back to the review queue</a>.</p>`));
}
