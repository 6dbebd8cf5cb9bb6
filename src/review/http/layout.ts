import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

export interface SignedIn {
  email: string;
  csrfToken: string;
  role?: 'supervisor' | 'admin';
}

/** The page shell. Titles are fixed words: never a patient's or worker's name (browser history, tabs). */
export function page(title: string, body: Html, signedIn?: SignedIn): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · CHW consult review</title>
<link rel="stylesheet" href="/static/review.css">
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header>
<p class="brand">CHW consult review</p>
${signedIn
  ? html`<nav aria-label="Main"><a href="/">Queue</a> <a href="/dashboard">Dashboard</a> <a href="/export">Export</a>${signedIn.role === 'admin' ? html` <a href="/admin">Admin</a>` : ''}</nav>
<form method="post" action="/logout" class="signout"><input type="hidden" name="csrf" value="${signedIn.csrfToken}"><span class="who">${signedIn.email}</span> <button type="submit">Sign out</button></form>`
  : ''}
</header>
<main id="main">
${body}
</main>
</body>
</html>`;
}

// Colours meet WCAG AA contrast on white (#0b3d5c 11:1, #8a1010 8:1, #555 7:1); no layout wider than
// the screen at 360 px: long words wrap, tables are avoided, charts scale with their viewBox.
export const STYLESHEET = `
*{box-sizing:border-box}
body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#111;background:#fff;overflow-wrap:anywhere}
.skip{position:absolute;left:-999px}.skip:focus{left:.5rem;top:.5rem;background:#fff;color:#0b3d5c;padding:.25rem .5rem;z-index:1}
header{display:flex;flex-wrap:wrap;gap:.5rem;justify-content:space-between;align-items:center;padding:.5rem 1rem;background:#0b3d5c;color:#fff}
header .brand{margin:0;font-weight:700}
header nav a{color:#fff;margin-right:.75rem;font-weight:600}
header form{margin:0}
header .who{font-size:.875rem}
main{padding:1rem;max-width:60rem;margin:0 auto}
h1{font-size:1.5rem;margin:.5rem 0}
h2{font-size:1.2rem;margin:1.5rem 0 .5rem}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}
label.check{display:flex;gap:.5rem;align-items:center;font-weight:400;margin:.25rem 0}
input[type=email],input[type=password],input[type=text],input[type=date],select,textarea{width:100%;max-width:28rem;padding:.5rem;font:inherit;border:1px solid #555;border-radius:4px}
input[type=checkbox],input[type=radio]{width:1.25rem;height:1.25rem}
button{font:inherit;padding:.5rem 1rem;margin-top:.75rem;background:#0b3d5c;color:#fff;border:0;border-radius:4px;cursor:pointer;min-height:44px}
button.danger{background:#8a1010}
a.button{display:inline-flex;align-items:center;min-height:44px;padding:.5rem 1rem;margin-top:.5rem;border-radius:4px;color:#fff;background:#0b3d5c;font-weight:600;text-decoration:none}
a.button.danger{background:#8a1010}
header button{background:#fff;color:#0b3d5c;margin:0;min-height:auto}
:focus-visible{outline:3px solid #c75a00;outline-offset:2px}
fieldset{border:1px solid #999;border-radius:4px;margin:1rem 0;padding:.5rem .75rem}
legend{font-weight:600}
.error{color:#8a1010;font-weight:600}
.notice{color:#0a5a2a;font-weight:600}
.meta,.help{color:#555;font-size:.9rem}
.urgent{color:#8a1010}
a{color:#0b3d5c}
.filters .dates{display:flex;flex-wrap:wrap;gap:0 1rem}
.filters .dates>div{flex:1 1 9rem}
.reset{margin-left:1rem}
ol.queue{list-style:none;padding:0}
ol.queue li{border-bottom:1px solid #ccc;padding:.5rem 0}
ol.queue a{display:block;font-weight:600;padding:.25rem 0}
.pager{display:flex;gap:1rem;align-items:center;margin:1rem 0}
.transcript{list-style:none;padding:0}
.transcript li{margin:.5rem 0;padding:.5rem;border-radius:6px;max-width:40rem}
.transcript li.inbound{background:#eef3f7}
.transcript li.outbound{background:#f5f5f0;margin-left:1.5rem}
.transcript li.urgent{border:2px solid #8a1010}
.transcript .who{font-weight:600}
.transcript .text{white-space:pre-wrap}
section.danger{border-left:4px solid #8a1010;padding-left:.75rem}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}
dl.facts dt{font-weight:600}
dl.facts dd{margin:0}
ol.plan li{margin:.4rem 0}
.markup h3,.markup h4{font-size:1rem;margin:.75rem 0 .25rem}
.markup ul{margin:.25rem 0;padding-left:1.25rem}
.markup li{margin:.3rem 0}
.markup p{margin:.4rem 0}
.markup p.note{color:#555;font-size:.9rem}
.transcript .markup h4{margin:.25rem 0}
details.fold{border-top:1px solid #ccc;margin:.5rem 0;padding:.25rem 0}
details.fold>summary{cursor:pointer;min-height:44px;display:flex;gap:.5rem;align-items:center;flex-wrap:wrap}
details.fold>summary h2{display:inline;margin:0}
details.fold>summary::before{content:'▸';color:#0b3d5c}
details.fold[open]>summary::before{content:'▾'}
details.followup,details.sources{margin:.5rem 0}
details.followup>summary,details.sources>summary{cursor:pointer;min-height:44px;padding:.5rem 0}
fieldset.flag-line{margin:.5rem 0}
fieldset.flag-line legend{font-weight:400}
fieldset.flag-line label.check{display:inline-flex;margin-right:1rem}
details.citation{display:inline}
details.citation[open]{display:block;border-left:3px solid #0b3d5c;padding:.25rem .75rem;margin:.25rem 0;background:#f7f9fb}
details.citation summary{display:inline;cursor:pointer;color:#0b3d5c;font-weight:600;text-decoration:underline}
blockquote{margin:.5rem 0;padding:0 0 0 .75rem;border-left:3px solid #999;white-space:pre-wrap}
.source{font-size:.9rem;color:#333}
details.flags summary{cursor:pointer;padding:.25rem 0}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(9rem,1fr));gap:.75rem}
.card{border:1px solid #ccc;border-radius:6px;padding:.5rem .75rem}
.card .big{font-size:1.6rem;font-weight:700;display:block}
figure{margin:1rem 0}
svg.chart{width:100%;height:auto;max-width:40rem}
.legend{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.25rem 1rem;font-size:.9rem}
.legend span{display:inline-block;width:.9rem;height:.9rem;margin-right:.25rem;vertical-align:middle}
.people{list-style:none;padding:0}
.people li{border-bottom:1px solid #ccc;padding:.5rem 0}
.people form{display:inline}
.code{font-family:monospace;font-size:1.2rem;background:#eef3f7;padding:.25rem .5rem}
`;
