import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/** The page shell. Titles are fixed words: never a patient's or worker's name (browser history, tabs). */
export function page(title: string, body: Html, signedIn?: { email: string; csrfToken: string }): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · CHW consult review</title>
<link rel="stylesheet" href="/static/review.css">
</head>
<body>
<header>
<p class="brand">CHW consult review</p>
${signedIn
  ? html`<form method="post" action="/logout" class="signout"><input type="hidden" name="csrf" value="${signedIn.csrfToken}"><span>${signedIn.email}</span> <button type="submit">Sign out</button></form>`
  : ''}
</header>
<main>
${body}
</main>
</body>
</html>`;
}

export const STYLESHEET = `
*{box-sizing:border-box}
body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#111;background:#fff}
header{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center;padding:.5rem 1rem;background:#0b3d5c;color:#fff}
header .brand{margin:0;font-weight:700}
header form{margin:0}
main{padding:1rem;max-width:60rem;margin:0 auto}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input[type=email],input[type=password],input[type=text],input[type=date],select,textarea{width:100%;max-width:28rem;padding:.5rem;font:inherit;border:1px solid #555;border-radius:4px}
button{font:inherit;padding:.5rem 1rem;margin-top:.75rem;background:#0b3d5c;color:#fff;border:0;border-radius:4px;cursor:pointer}
header button{background:#fff;color:#0b3d5c;margin:0}
.error{color:#8a1010;font-weight:600}
.notice{color:#0a5a2a;font-weight:600}
a{color:#0b3d5c}
`;
