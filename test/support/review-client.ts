/** What the client sends requests to: the review app in-process (Hono's `app.request`), or a server over HTTP. */
export interface ReviewTarget {
  request(path: string, init: RequestInit): Response | Promise<Response>;
}

/** A tiny browser for the review app: keeps cookies, posts urlencoded forms, reads the last page's CSRF field. */
export class ReviewClient {
  cookies = new Map<string, string>();
  lastHtml = '';
  constructor(private readonly app: ReviewTarget) {}

  /** A client of a running `npm run review` at `baseUrl`; redirects are returned, not followed, as in-process. */
  static overHttp(baseUrl: string): ReviewClient {
    return new ReviewClient({ request: (path, init) => fetch(new URL(path, baseUrl), { ...init, redirect: 'manual' }) });
  }
  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  private keep(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (/Max-Age=0/i.test(line) || value === '') this.cookies.delete(name!);
      else this.cookies.set(name!, value);
    }
  }
  async get(path: string) {
    const res = await this.app.request(path, { headers: { cookie: this.cookieHeader() } });
    this.keep(res);
    this.lastHtml = await res.text();
    return res;
  }
  csrf(): string {
    return /name="csrf" value="([^"]+)"/.exec(this.lastHtml)?.[1] ?? '';
  }
  field(name: string): string {
    return new RegExp(`name="${name}" value="([^"]+)"`).exec(this.lastHtml)?.[1] ?? '';
  }
  async post(path: string, fields: Record<string, string> | Array<[string, string]>) {
    const res = await this.app.request(path, {
      method: 'POST',
      headers: { cookie: this.cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    this.keep(res);
    this.lastHtml = await res.text();
    return res;
  }
  /** Signs in (the password must already be set). */
  async signIn(email: string, password: string) {
    await this.get('/login');
    const res = await this.post('/login', { csrf: this.csrf(), email, password });
    if (res.status !== 303) throw new Error(`sign-in failed: ${res.status}`);
  }
}
