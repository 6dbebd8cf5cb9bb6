import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { IngestionReport, StaffRow, WorkerRow } from '../../admin/ports.js';
import { day, dayTime } from './format.js';

export function peopleView(input: { workers: WorkerRow[]; staff: StaffRow[]; csrf: string; selfId: string; notice?: HtmlEscapedString | Promise<HtmlEscapedString> }) {
  const supervisors = input.staff.filter((s) => s.canSignIn || s.role === 'supervisor');
  return html`<h1>CHWs and supervisors</h1>
${input.notice ?? ''}
<section aria-labelledby="chw-heading">
<h2 id="chw-heading">CHWs (${input.workers.length})</h2>
<ul class="people">
${input.workers.map(
  (w) => html`<li><strong>${w.displayName}</strong> · ${w.status}${w.channels.length ? ` · ${w.channels.join(', ')}` : ''} · supervisor ${w.supervisorEmail ?? 'none'} · since ${day(w.createdAt)}
${w.status !== 'revoked'
  ? html`<a class="button danger" href="/admin/workers/${w.id}/revoke" aria-label="Revoke access of ${w.displayName}">Revoke access…</a>`
  : ''}</li>`,
)}
</ul>
<h3>Enroll a CHW</h3>
<form method="post" action="/admin/workers">
<input type="hidden" name="csrf" value="${input.csrf}">
<label for="chw-name">Name</label><input id="chw-name" name="name" type="text" required maxlength="100">
<label for="chw-supervisor">Supervisor</label>
<select id="chw-supervisor" name="supervisor" required>${supervisors.map((s) => html`<option value="${s.email}">${s.name} (${s.email})</option>`)}</select>
<label for="chw-days">Invite code valid for (days)</label><input id="chw-days" name="days" type="text" inputmode="numeric" pattern="[0-9]{1,2}" value="7" required>
<button type="submit">Enroll and show the invite code</button>
</form>
</section>
<section aria-labelledby="staff-heading">
<h2 id="staff-heading">Supervisors and admins (${input.staff.length})</h2>
<ul class="people">
${input.staff.map(
  (s) => html`<li><strong>${s.name}</strong> · ${s.email} · ${s.role} · ${s.workers} CHW${s.workers === 1 ? '' : 's'} · ${s.canSignIn ? 'can sign in' : 'no password (link unused or revoked)'}
${s.canSignIn && s.id !== input.selfId
  ? html`<a class="button danger" href="/admin/staff/${s.id}/revoke" aria-label="Revoke sign-in of ${s.name}">Revoke sign-in…</a>`
  : ''}</li>`,
)}
</ul>
<h3>Add a supervisor or admin</h3>
<form method="post" action="/admin/staff">
<input type="hidden" name="csrf" value="${input.csrf}">
<label for="staff-name">Name</label><input id="staff-name" name="name" type="text" required>
<label for="staff-email">Email</label><input id="staff-email" name="email" type="email" required>
<label for="staff-role">Role</label><select id="staff-role" name="role"><option value="supervisor">Supervisor</option><option value="admin">Admin</option></select>
<button type="submit">Add and show the set-password link</button>
</form>
</section>`;
}

export function ingestionView(r: IngestionReport) {
  return html`<h1>Guideline ingestion</h1>
<p>${r.totals.sources} sources, ${r.totals.chunks} chunks, ${r.totals.vectors} with vectors.</p>
<h2>Sources</h2>
<ul class="people">${r.sources.map(
    (s) => html`<li><strong>${s.title}</strong> · ${s.accession} · ${s.kind} · ${s.chunks} chunks · vectors: ${Object.keys(s.vectorsByModel).length ? Object.entries(s.vectorsByModel).map(([m, n]) => `${m} ${n}`).join(', ') : 'none'}</li>`,
  )}</ul>
<h2>Last runs</h2>
${r.lastRuns.length
  ? html`<ul class="people">${r.lastRuns.map(
      (run) => html`<li><strong>${run.stage}</strong> · ${run.status} · started ${dayTime(run.startedAt)}${run.finishedAt ? ` · finished ${dayTime(run.finishedAt)}` : ''}${run.stats ? html` · <code>${JSON.stringify(run.stats)}</code>` : ''}${run.error ? html` · <span class="error">${run.error}</span>` : ''}</li>`,
    )}</ul>`
  : html`<p>No ingestion runs recorded.</p>`}`;
}

/** The confirm step of an action that cannot be undone: what it does, a form that does it, and a way back. */
export function confirmView(input: { title: string; consequences: string[]; action: string; button: string; csrf: string }) {
  return html`<h1>${input.title}</h1>
<ul>${input.consequences.map((line) => html`<li>${line}</li>`)}</ul>
<form method="post" action="${input.action}">
<input type="hidden" name="csrf" value="${input.csrf}">
<input type="hidden" name="confirm" value="yes">
<button type="submit" class="danger">${input.button}</button>
</form>
<p><a href="/admin/people">No, go back</a></p>`;
}
