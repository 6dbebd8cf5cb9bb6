import { html } from 'hono/html';
import type { Dashboard } from '../../reports/dashboard.js';
import { day, percent } from './format.js';

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

export function dashboardView(d: Dashboard) {
  const minutes = d.medianMinutesToPlan;
  return html`<h1>Dashboard</h1>
<p class="meta">The last ${d.weeks.length} weeks, from ${day(d.weeks[0] ?? new Date())}: ${d.consults} consult${d.consults === 1 ? '' : 's'}.</p>
<div class="cards">
${shareCard('urgent-heading', 'Urgent referrals', d.urgentRate, 'of consults had a danger sign')}
${shareCard('coverage-heading', 'Review coverage', d.reviewCoverage, 'of consults reviewed')}
${shareCard('agreement-heading', 'Agreement', d.agreementRate, `of ${d.reviews} review${d.reviews === 1 ? '' : 's'} agreed with the plan`)}
<div class="card"><h2 id="median-heading">Time to plan</h2><span class="big">${minutes === null ? '–' : minutes < 60 ? `${Math.round(minutes)} min` : `${(minutes / 60).toFixed(1)} h`}</span><span class="meta">median, first message to plan</span></div>
</div>
${weeklyChart(d)}`;
}
