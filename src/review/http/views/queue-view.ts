import { html } from 'hono/html';
import type { QueueFilter } from '../../consults/ports.js';
import type { QueuePage } from '../../consults/list-queue.js';
import { AGREEMENT_LABEL, day } from './format.js';

/** The filter values as the form sent them (strings), to refill the form and build paging links. */
export interface QueueQuery {
  unreviewed: boolean;
  urgent: boolean;
  dx: string;
  chw: string;
  from: string;
  to: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the queue's query string; a malformed value is ignored, never an error page. */
export function readQueueQuery(q: (name: string) => string | undefined): { query: QueueQuery; filter: QueueFilter; page: number } {
  const query: QueueQuery = {
    unreviewed: q('unreviewed') === '1',
    urgent: q('urgent') === '1',
    dx: (q('dx') ?? '').slice(0, 200),
    chw: UUID.test(q('chw') ?? '') ? (q('chw') as string) : '',
    from: DATE.test(q('from') ?? '') ? (q('from') as string) : '',
    to: DATE.test(q('to') ?? '') ? (q('to') as string) : '',
  };
  const from = query.from ? new Date(`${query.from}T00:00:00Z`) : undefined;
  // "to" is inclusive for the supervisor: everything before the next day.
  const before = query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000) : undefined;
  const filter: QueueFilter = {
    ...(query.unreviewed ? { unreviewed: true } : {}),
    ...(query.urgent ? { urgent: true } : {}),
    ...(query.dx ? { diagnosis: query.dx } : {}),
    ...(query.chw ? { healthWorkerId: query.chw } : {}),
    ...(from && !Number.isNaN(from.getTime()) ? { from } : {}),
    ...(before && !Number.isNaN(before.getTime()) ? { before } : {}),
  };
  const page = Number(q('page') ?? '1');
  return { query, filter, page: Number.isInteger(page) && page > 0 && page < 100_000 ? page : 1 };
}

function queryString(query: QueueQuery, page: number): string {
  const params = new URLSearchParams();
  if (query.unreviewed) params.set('unreviewed', '1');
  if (query.urgent) params.set('urgent', '1');
  if (query.dx) params.set('dx', query.dx);
  if (query.chw) params.set('chw', query.chw);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (page > 1) params.set('page', String(page));
  const s = params.toString();
  return s ? `/?${s}` : '/';
}

export function queueView(result: QueuePage, query: QueueQuery) {
  const { counts } = result;
  return html`<h1>Review queue</h1>
<form method="get" action="/" class="filters" aria-labelledby="filters-heading">
<h2 id="filters-heading">Filters</h2>
<div class="checks">
<label class="check"><input type="checkbox" name="unreviewed" value="1"${query.unreviewed ? ' checked' : ''}> Not yet reviewed (${counts.unreviewed})</label>
<label class="check"><input type="checkbox" name="urgent" value="1"${query.urgent ? ' checked' : ''}> Urgent referral (${counts.urgent})</label>
</div>
<label for="dx">Working diagnosis</label>
<select id="dx" name="dx">
<option value="">All diagnoses (${counts.all})</option>
${counts.diagnoses.map((d) => html`<option value="${d.condition}"${d.condition === query.dx ? ' selected' : ''}>${d.condition} (${d.count})</option>`)}
</select>
<label for="chw">CHW</label>
<select id="chw" name="chw">
<option value="">All CHWs (${counts.all})</option>
${counts.healthWorkers.map((w) => html`<option value="${w.id}"${w.id === query.chw ? ' selected' : ''}>${w.name} (${w.count})</option>`)}
</select>
<div class="dates">
<div><label for="from">From</label><input id="from" name="from" type="date" value="${query.from}"></div>
<div><label for="to">To</label><input id="to" name="to" type="date" value="${query.to}"></div>
</div>
<button type="submit">Filter</button> <a href="/" class="reset">Clear filters</a>
</form>
<h2 id="results">${result.total} consult${result.total === 1 ? '' : 's'}</h2>
${result.rows.length === 0
  ? html`<p>No consults match these filters.</p>`
  : html`<ol class="queue" aria-labelledby="results">
${result.rows.map(
  (r) => html`<li>
<a href="/consults/${r.consultId}"><span class="when">${day(r.startedAt)}</span> <span class="dx">${r.workingDiagnosis ?? 'No diagnosis'}</span></a>
<span class="meta">${r.healthWorkerName ?? 'No CHW'}${r.urgentReferral ? html` · <strong class="urgent">Urgent referral</strong>` : ''} · ${r.hasPlan ? 'plan sent' : 'no plan'} · ${r.reviews === 0 ? html`<strong>not reviewed</strong>` : html`reviewed${r.lastAgreement ? ` (${AGREEMENT_LABEL[r.lastAgreement]})` : ''}`}</span>
</li>`,
)}
</ol>`}
<nav aria-label="Pages" class="pager">
${result.page > 1 ? html`<a href="${queryString(query, result.page - 1)}" rel="prev">Newer</a>` : ''}
<span>Page ${result.page} of ${result.pages}</span>
${result.page < result.pages ? html`<a href="${queryString(query, result.page + 1)}" rel="next">Older</a>` : ''}
</nav>`;
}
