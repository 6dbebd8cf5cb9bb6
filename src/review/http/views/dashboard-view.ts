import { html } from 'hono/html';
import type { Dashboard } from '../../reports/dashboard.js';
import { shortenAtWord } from '../../consults/plan-lines.js';
import { day, dayTime, percent } from './format.js';

// Colour-blind-safe palette (Okabe–Ito), dark enough to read against white.
const PALETTE = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000', '#999999'];

/** Stacked weekly bars, one colour per CHW (the eighth colour groups the rest), scaled by its viewBox. */
function weeklyChart(d: Dashboard) {
  const top = d.series.slice(0, PALETTE.length - 1);
  const rest = d.series.slice(PALETTE.length - 1);
  const series = rest.length ? [...top, { name: `${rest.length} other CHWs`, counts: d.weeks.map((_, i) => rest.reduce((s, r) => s + (r.counts[i] ?? 0), 0)) }] : top;
  const totals = d.weeks.map((_, i) => series.reduce((s, r) => s + (r.counts[i] ?? 0), 0));
  const max = Math.max(1, ...totals);
  const W = 360;
  const H = 200;
  const left = 28;
  const bottom = 24;
  const plotH = H - bottom - 8;
  const step = (W - left) / d.weeks.length;
  const bars = d.weeks.map((week, i) => {
    let y = H - bottom;
    return series.map((s, k) => {
      const n = s.counts[i] ?? 0;
      const h = (n / max) * plotH;
      y -= h;
      return n ? html`<rect x="${(left + i * step + 2).toFixed(1)}" y="${y.toFixed(1)}" width="${(step - 4).toFixed(1)}" height="${h.toFixed(1)}" fill="${PALETTE[k]}"><title>${s.name}, week of ${day(week)}: ${n}</title></rect>` : '';
    });
  });
  const labels = d.weeks.map((week, i) =>
    i % 2 === 0 ? html`<text x="${(left + i * step + step / 2).toFixed(1)}" y="${H - 8}" font-size="10" text-anchor="middle" fill="#333">${day(week).slice(5)}</text>` : '',
  );
  return html`<figure>
<figcaption><h2 id="weekly-heading">Consults per week per CHW</h2></figcaption>
<svg class="chart" viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="weekly-heading weekly-desc">
<desc id="weekly-desc">${d.consults} consults in ${d.weeks.length} weeks; the busiest week had ${max}.</desc>
<line x1="${left}" y1="${H - bottom}" x2="${W}" y2="${H - bottom}" stroke="#555"/>
<text x="0" y="14" font-size="10" fill="#333">${max}</text><text x="0" y="${H - bottom}" font-size="10" fill="#333">0</text>
${bars}
${labels}
</svg>
<ul class="legend">${series.map((s, k) => html`<li><svg width="14" height="14" aria-hidden="true"><rect width="14" height="14" fill="${PALETTE[k]}"/></svg> ${s.name}</li>`)}</ul>
<details><summary>Show as a table</summary>
<table><thead><tr><th scope="col">Week of</th>${series.map((s) => html`<th scope="col">${s.name}</th>`)}</tr></thead>
<tbody>${d.weeks.map((week, i) => html`<tr><th scope="row">${day(week)}</th>${series.map((s) => html`<td>${s.counts[i] ?? 0}</td>`)}</tr>`)}</tbody></table>
</details>
</figure>`;
}

/** One share as a big number and a bar, e.g. review coverage 40%. */
function shareCard(id: string, title: string, share: number | null, detail: string) {
  const width = share === null ? 0 : Math.round(share * 100);
  return html`<div class="card">
<h2 id="${id}">${title}</h2>
<span class="big">${percent(share)}</span>
<svg viewBox="0 0 100 8" class="chart" role="img" aria-labelledby="${id}"><rect width="100" height="8" fill="#dde3e8"/><rect width="${width}" height="8" fill="#0b3d5c"/></svg>
<span class="meta">${detail}</span>
</div>`;
}

/** One horizontal bar of a bar chart: its label above it, then stacked segments and the total. */
interface BarRow {
  label: string;
  segments: Array<{ value: number; colour: string; name: string }>;
}

/**
 * Horizontal (stacked) bars with each label above its bar, so long diagnosis or CHW names need no
 * left margin on a phone; scaled by the viewBox, with a table of the same numbers for screen readers.
 */
function barChart(id: string, title: string, desc: string, rows: BarRow[], empty: string, options: { share?: boolean } = {}) {
  if (rows.length === 0) return html`<figure id="${id}"><figcaption><h2 id="${id}-heading">${title}</h2></figcaption><p>${empty}</p></figure>`;
  const W = 360;
  const rowH = 36;
  const H = rows.length * rowH + 4;
  const totals = rows.map((r) => r.segments.reduce((sum, x) => sum + x.value, 0));
  const max = Math.max(1, ...totals);
  const barW = W - 40;
  const names = [...new Map(rows.flatMap((r) => r.segments.map((x) => [x.name, x.colour] as const))).entries()];
  return html`<figure id="${id}">
<figcaption><h2 id="${id}-heading">${title}</h2></figcaption>
<svg class="chart" viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="${id}-heading ${id}-desc">
<desc id="${id}-desc">${desc}</desc>
${rows.map((r, i) => {
  const y = i * rowH;
  const total = totals[i] ?? 0;
  const scale = options.share ? barW / Math.max(1, total) : barW / max;
  let x = 0;
  return html`<text x="0" y="${y + 12}" font-size="12" fill="#111">${r.label}</text>
${r.segments.map((seg) => {
  const w = seg.value * scale;
  const rect = seg.value ? html`<rect x="${x.toFixed(1)}" y="${y + 16}" width="${w.toFixed(1)}" height="14" fill="${seg.colour}"><title>${r.label}, ${seg.name}: ${seg.value}</title></rect>` : '';
  x += w;
  return rect;
})}
<text x="${(x + 4).toFixed(1)}" y="${y + 28}" font-size="11" fill="#333">${total}</text>`;
})}
</svg>
${names.length > 1 ? html`<ul class="legend">${names.map(([name, colour]) => html`<li><svg width="14" height="14" aria-hidden="true"><rect width="14" height="14" fill="${colour}"/></svg> ${name}</li>`)}</ul>` : ''}
<details><summary>Show as a table</summary>
<table><thead><tr><th scope="col"></th>${names.map(([name]) => html`<th scope="col">${name}</th>`)}</tr></thead>
<tbody>${rows.map((r) => html`<tr><th scope="row">${r.label}</th>${names.map(([name]) => html`<td>${r.segments.find((x) => x.name === name)?.value ?? 0}</td>`)}</tr>`)}</tbody></table>
</details>
</figure>`;
}

/** Consults per week with the urgent referrals among them in front, scaled by the viewBox. */
function referralsChart(d: Dashboard) {
  const W = 360;
  const H = 180;
  const left = 28;
  const bottom = 24;
  const plotH = H - bottom - 8;
  const max = Math.max(1, ...d.referrals.map((w) => w.consults));
  const step = (W - left) / Math.max(1, d.weeks.length);
  const urgent = d.referrals.reduce((sum, w) => sum + w.urgent, 0);
  const bar = (i: number, n: number, fill: string, label: string) => {
    const h = (n / max) * plotH;
    const week = d.weeks[i] ?? new Date();
    return n ? html`<rect x="${(left + i * step + 2).toFixed(1)}" y="${(H - bottom - h).toFixed(1)}" width="${(step - 4).toFixed(1)}" height="${h.toFixed(1)}" fill="${fill}"><title>Week of ${day(week)}: ${n} ${label}</title></rect>` : '';
  };
  return html`<figure id="referrals">
<figcaption><h2 id="referrals-heading">Urgent referrals per week</h2></figcaption>
<svg class="chart" viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="referrals-heading referrals-desc">
<desc id="referrals-desc">${urgent} urgent referral${urgent === 1 ? '' : 's'} among ${d.consults} consults in ${d.weeks.length} weeks.</desc>
<line x1="${left}" y1="${H - bottom}" x2="${W}" y2="${H - bottom}" stroke="#555"/>
<text x="0" y="14" font-size="10" fill="#333">${max}</text><text x="0" y="${H - bottom}" font-size="10" fill="#333">0</text>
${d.referrals.map((w, i) => [bar(i, w.consults, '#c9d3db', 'consults'), bar(i, w.urgent, '#8a1010', 'urgent referrals')])}
${d.weeks.map((week, i) => (i % 2 === 0 ? html`<text x="${(left + i * step + step / 2).toFixed(1)}" y="${H - 8}" font-size="10" text-anchor="middle" fill="#333">${day(week).slice(5)}</text>` : ''))}
</svg>
<ul class="legend"><li><svg width="14" height="14" aria-hidden="true"><rect width="14" height="14" fill="#8a1010"/></svg> urgent referrals</li><li><svg width="14" height="14" aria-hidden="true"><rect width="14" height="14" fill="#c9d3db"/></svg> all consults</li></ul>
<details><summary>Show as a table</summary>
<table><thead><tr><th scope="col">Week of</th><th scope="col">Urgent referrals</th><th scope="col">Consults</th></tr></thead>
<tbody>${d.weeks.map((week, i) => html`<tr><th scope="row">${day(week)}</th><td>${d.referrals[i]?.urgent ?? 0}</td><td>${d.referrals[i]?.consults ?? 0}</td></tr>`)}</tbody></table>
</details>
</figure>`;
}

/** What is waiting on someone, each with the queue or consult that answers it. */
function openQuestions(d: Dashboard) {
  const { unansweredFollowUps: waiting, unreviewed, urgentUnreviewed } = d.open;
  return html`<section aria-labelledby="open-heading" id="open">
<h2 id="open-heading">Open questions</h2>
<ul>
<li>${urgentUnreviewed ? html`<a href="/?urgent=1&amp;unreviewed=1">${urgentUnreviewed} urgent referral${urgentUnreviewed === 1 ? '' : 's'} not yet reviewed</a>` : 'Every urgent referral has been reviewed.'}</li>
<li>${unreviewed ? html`<a href="/?unreviewed=1">${unreviewed} consult${unreviewed === 1 ? '' : 's'} not yet reviewed</a>` : 'Every consult has been reviewed.'}</li>
<li>${waiting.length ? html`${waiting.length}${waiting.length === 10 ? ' or more' : ''} follow-up question${waiting.length === 1 ? '' : 's'} from CHWs still without an answer:` : 'No follow-up question is waiting for an answer.'}
${waiting.length ? html`<ul>${waiting.map((q) => html`<li><a href="/consults/${q.consultId}">${dayTime(q.askedAt)}</a>: <q>${shortenAtWord(q.text ?? '', 80)}</q></li>`)}</ul>` : ''}</li>
</ul>
</section>`;
}

export function dashboardView(d: Dashboard) {
  const minutes = d.medianMinutesToPlan;
  const top = d.diagnoses.slice(0, 7);
  const rest = d.diagnoses.slice(7);
  const diagnosisRows: BarRow[] = [...top, ...(rest.length ? [{ condition: `${rest.length} other diagnoses`, consults: rest.reduce((s, r) => s + r.consults, 0) }] : [])].map((r) => ({
    label: r.condition,
    segments: [{ value: r.consults, colour: PALETTE[0] as string, name: 'consults' }],
  }));
  const agreementRows: BarRow[] = d.agreementByWorker.map((w) => ({
    label: w.name,
    segments: [
      { value: w.agree, colour: '#009E73', name: 'agree' },
      { value: w.partly, colour: '#E69F00', name: 'partly' },
      { value: w.disagree, colour: '#D55E00', name: 'disagree' },
    ],
  }));
  const { asked, answered } = d.followUps;
  return html`<h1>Dashboard</h1>
<p class="meta">The last ${d.weeks.length} weeks, from ${day(d.weeks[0] ?? new Date())}: ${d.consults} consult${d.consults === 1 ? '' : 's'}.</p>
<div class="cards">
${shareCard('urgent-heading', 'Urgent referrals', d.urgentRate, 'of consults had a danger sign')}
${shareCard('coverage-heading', 'Review coverage', d.reviewCoverage, 'of consults reviewed')}
${shareCard('agreement-heading', 'Agreement', d.agreementRate, `of ${d.reviews} review${d.reviews === 1 ? '' : 's'} agreed with the plan`)}
<div class="card"><h2 id="median-heading">Time to plan</h2><span class="big">${minutes === null ? '–' : minutes < 60 ? `${Math.round(minutes)} min` : `${(minutes / 60).toFixed(1)} h`}</span><span class="meta">median, first message to plan</span></div>
</div>
${openQuestions(d)}
${referralsChart(d)}
${barChart('diagnoses', 'Diagnosis mix', `Working diagnoses of ${d.consults} consults.`, diagnosisRows, 'No consults in these weeks.')}
${barChart('agreement', 'Agreement per CHW', 'Reviews of each CHW’s consults by agreement with the plan, as shares of that CHW’s reviews.', agreementRows, 'No reviews in these weeks.', { share: true })}
${barChart(
  'followups',
  'Follow-up questions',
  `${asked} follow-up question${asked === 1 ? '' : 's'} asked after a plan, ${answered} answered.`,
  asked ? [{ label: 'asked after the plan', segments: [{ value: answered, colour: '#009E73', name: 'answered' }, { value: asked - answered, colour: '#999999', name: 'waiting' }] }] : [],
  'No follow-up questions in these weeks.',
)}
<p class="help">Patient outcomes (recovered, reached the facility, died) are not recorded: the consult data has no follow-up visit yet, so this shows the follow-up questions CHWs asked after a plan and whether the bot answered them.</p>
${weeklyChart(d)}`;
}
