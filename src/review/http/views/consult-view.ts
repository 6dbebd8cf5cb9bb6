import { html } from 'hono/html';
import type { FeedbackChat } from '../../consults/feedback-chat.js';
import type { ConsultRecord, ReviewRecord } from '../../consults/ports.js';
import { planLines } from '../../consults/plan-lines.js';
import { MAX_FEEDBACK_CHARS } from '../../consults/submit-review.js';
import { AGREEMENT_LABEL, bookshelfUrl, dayTime, FLAG_LABEL, time } from './format.js';

type Citation = ConsultRecord['plans'][number]['citations'][number];

function demographicRows(d: Record<string, unknown>) {
  const rows: Array<[string, string]> = [];
  const num = (k: string) => (typeof d[k] === 'number' ? (d[k] as number) : undefined);
  const months = num('ageMonths');
  const years = num('ageYears');
  if (months !== undefined && months < 60) rows.push(['Age', `${months} months`]);
  else if (years !== undefined) rows.push(['Age', `${years} years`]);
  if (typeof d.sex === 'string') rows.push(['Sex', d.sex]);
  if (d.pregnant === true) rows.push(['Pregnant', `yes${num('trimester') ? `, trimester ${num('trimester')}` : ''}${num('gestationWeeks') ? `, ${num('gestationWeeks')} weeks` : ''}${d.inLabour === true ? ', in labour' : ''}`]);
  if (d.pregnant === false) rows.push(['Pregnant', 'no']);
  if (d.postpartum === true) rows.push(['Postpartum', num('daysSinceDelivery') !== undefined ? `${num('daysSinceDelivery')} days since delivery` : 'yes']);
  if (num('weightKg') !== undefined) rows.push(['Weight', `${num('weightKg')} kg`]);
  return rows;
}

function citationDetails(c: Citation, planId: string) {
  const link = bookshelfUrl(c.accession);
  return html`<details class="citation" id="cite-${planId.slice(0, 8)}-${c.label}">
<summary>[${c.label}]<span class="visually-hidden"> guideline text</span></summary>
<p class="source">${c.bookTitle ?? c.accession} › ${c.sectionPath}${link ? html` · <a href="${link}" rel="noreferrer noopener">NCBI Bookshelf</a>` : ''}</p>
<blockquote>${c.quotedText}</blockquote>
</details>`;
}

function planSection(plan: ConsultRecord['plans'][number]) {
  const byLabel = new Map(plan.citations.map((c) => [c.label.toUpperCase(), c]));
  return html`<section aria-labelledby="plan-${plan.id}">
<h2 id="plan-${plan.id}">${plan.kind === 'assessment_plan' ? 'Assessment & Plan' : 'Follow-up answer'} <span class="meta">${time(plan.createdAt)} · ${plan.mode === 'llm' ? 'drafted by the model' : 'extractive'}</span></h2>
<ol class="plan">
${planLines(plan.text).map(
  (line) => html`<li id="line-${plan.id.slice(0, 8)}-${line.index}">${line.parts.map((part) =>
    'text' in part
      ? part.text
      : part.labels.map((label) => {
          const c = byLabel.get(label.toUpperCase());
          return c ? citationDetails(c, plan.id) : html`<span class="missing">[${label}: not stored]</span>`;
        }),
  )}</li>`,
)}
</ol>
</section>`;
}

/** Where the feedback will be read, beside the send checkbox. */
const FEEDBACK_CHAT_LABEL: Record<string, string> = {
  telegram: 'Telegram',
  whatsapp: 'WhatsApp',
  terminal: 'terminal: shown the next time they run npm run chat -- --as',
};

function reviewForm(consult: ConsultRecord, feedbackChat: FeedbackChat | null, csrf: string, submissionKey: string, problems: string[]) {
  const plan = consult.plans.find((p) => p.kind === 'assessment_plan');
  const lines = plan ? planLines(plan.text) : [];
  return html`<section aria-labelledby="review-heading">
<h2 id="review-heading">Your review</h2>
${problems.length ? html`<div class="error" role="alert"><p>The review was not saved:</p><ul>${problems.map((p) => html`<li>${p}</li>`)}</ul></div>` : ''}
<form method="post" action="/consults/${consult.id}/review">
<input type="hidden" name="csrf" value="${csrf}">
<input type="hidden" name="submission" value="${submissionKey}">
<fieldset>
<legend>Do you agree with the plan?</legend>
${(['agree', 'partly', 'disagree'] as const).map((v) => html`<label class="check"><input type="radio" name="agreement" value="${v}" required> ${AGREEMENT_LABEL[v]}</label>`)}
</fieldset>
${lines.length
  ? html`<fieldset>
<legend>Flag plan lines (optional)</legend>
${lines.map(
  (line) => html`<details class="flags"><summary>Line ${line.index + 1}: ${line.parts.map((p) => ('text' in p ? p.text : '')).join('').slice(0, 80)}</summary>
${Object.entries(FLAG_LABEL).map(([value, label]) => html`<label class="check"><input type="checkbox" name="flag-${line.index}" value="${value}"> ${label}</label>`)}
</details>`,
)}
</fieldset>`
  : ''}
<label for="feedback">Feedback</label>
<textarea id="feedback" name="feedback" rows="5" maxlength="${MAX_FEEDBACK_CHARS}" aria-describedby="feedback-help"></textarea>
<p id="feedback-help" class="help">Write it for the CHW: what was right, what to do differently.</p>
${feedbackChat
  ? html`<label class="check"><input type="checkbox" name="send" value="1"> Send this feedback to the CHW in their chat (${FEEDBACK_CHAT_LABEL[feedbackChat.channel] ?? feedbackChat.channel})</label>`
  : ''}
<button type="submit">Save review</button>
</form>
</section>`;
}

function reviewsList(reviews: ReviewRecord[]) {
  if (reviews.length === 0) return html`<p>Not reviewed yet.</p>`;
  return html`<ol class="reviews">
${reviews.map(
  (r) => html`<li>
<p><strong>${r.agreement ? AGREEMENT_LABEL[r.agreement] : 'Reviewed'}</strong> · ${r.supervisorName} · ${dayTime(r.createdAt)}</p>
${r.lineFlags.length ? html`<ul>${r.lineFlags.map((f) => html`<li>Line ${f.line + 1}: ${f.flags.map((x) => FLAG_LABEL[x] ?? x).join(', ')}</li>`)}</ul>` : ''}
${r.feedback ? html`<blockquote class="feedback">${r.feedback}</blockquote>` : ''}
${r.sentToHealthWorker
  ? html`<p class="delivery">${r.deliveredAt ? html`Delivered to the CHW's chat at <time datetime="${r.deliveredAt.toISOString()}">${dayTime(r.deliveredAt)}</time>` : 'Sent to the CHW’s chat: waiting for delivery (reload to check)'}</p>`
  : ''}
</li>`,
)}
</ol>`;
}

/** The consult as a supervisor reviews it, with the review form. */
export function consultView(input: {
  consult: ConsultRecord;
  reviews: ReviewRecord[];
  /** Where feedback sent to the CHW goes; null hides the send option. */
  feedbackChat: FeedbackChat | null;
  csrf: string;
  submissionKey: string;
  problems?: string[];
  saved?: boolean;
  /** Ids of the transcript's messages that have a photo kept (shown in place). */
  photos?: ReadonlySet<string>;
}) {
  const { consult } = input;
  const messageAt = new Map(consult.transcript.map((m) => [m.id, m]));
  const working = consult.diagnoses.find((d) => d.rank === 1);
  const differentials = consult.diagnoses.filter((d) => d.rank !== 1);
  const demographics = demographicRows(consult.demographics);
  return html`<p><a href="/">← Review queue</a></p>
<h1>Consult of ${dayTime(consult.startedAt)}</h1>
${input.saved ? html`<p class="notice" role="status">Review saved.</p>` : ''}
<p class="meta">CHW: ${consult.healthWorker?.name ?? 'none'} · ${consult.channel} · ${consult.status}${consult.completedAt ? ` · plan at ${dayTime(consult.completedAt)}` : ''}</p>
<section aria-labelledby="patient-heading">
<h2 id="patient-heading">Patient</h2>
${demographics.length ? html`<dl class="facts">${demographics.map(([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`)}</dl>` : html`<p>No demographics recorded.</p>`}
</section>
${consult.urgentReferral || consult.dangerSigns.length
  ? html`<section aria-labelledby="danger-heading" class="danger">
<h2 id="danger-heading">Danger signs raised</h2>
${consult.dangerSigns.length ? html`<ul>${consult.dangerSigns.map((s) => html`<li>${s.replace(/_/g, ' ')}</li>`)}</ul>` : html`<p>Urgent referral sent.</p>`}
</section>`
  : ''}
<section aria-labelledby="transcript-heading">
<h2 id="transcript-heading">Transcript</h2>
<ol class="transcript">
${consult.transcript.map(
  (m) => html`<li id="m-${m.id}" class="${m.direction}${m.replyKind === 'urgent' ? ' urgent' : ''}">
<span class="who">${m.direction === 'inbound' ? 'CHW' : m.replyKind === 'urgent' ? 'Bot (urgent)' : 'Bot'}</span> <time datetime="${m.at.toISOString()}">${time(m.at)}</time>
<div class="text">${m.text ?? `(${m.kind})`}</div>
${input.photos?.has(m.id) ? html`<p class="photo"><a href="/consults/${consult.id}/photos/${m.id}"><img src="/consults/${consult.id}/photos/${m.id}" alt="Photo sent by the CHW at ${time(m.at)} (the bot does not read it)" width="280" loading="lazy"></a></p>` : ''}
</li>`,
)}
</ol>
</section>
<section aria-labelledby="findings-heading">
<h2 id="findings-heading">Findings</h2>
${consult.findings.length
  ? html`<ul class="findings">${consult.findings.map((f) => {
      const source = f.sourceMessageId ? messageAt.get(f.sourceMessageId) : undefined;
      return html`<li><strong>${f.negated ? 'no ' : ''}${f.value}</strong> <span class="meta">(${f.category.replace(/_/g, ' ')})</span>${source
        ? html` – from <a href="#m-${source.id}">the message at ${time(source.at)}</a>: <q>${(source.text ?? '').slice(0, 160)}</q>`
        : ''}</li>`;
    })}</ul>`
  : html`<p>No findings recorded.</p>`}
</section>
<section aria-labelledby="dx-heading">
<h2 id="dx-heading">Diagnosis</h2>
<p>Working diagnosis: <strong>${working?.condition ?? 'none'}</strong>${working ? html` <span class="meta">(${working.source === 'health_worker' ? 'stated by the CHW' : working.source === 'llm' ? 'proposed by the model' : 'suggested by rules'})</span>` : ''}</p>
${differentials.length
  ? html`<h3>Differentials</h3><ol class="differentials">${differentials.map((d) => html`<li>${d.condition}${d.confidence !== null ? ` (${Math.round(d.confidence * 100)}%)` : ''}${d.rationale ? html` – ${d.rationale}` : ''}</li>`)}</ol>`
  : ''}
</section>
${consult.plans.length ? consult.plans.map(planSection) : html`<section><h2>Assessment & Plan</h2><p>No plan was made.</p></section>`}
<section aria-labelledby="reviews-heading">
<h2 id="reviews-heading">Reviews</h2>
${reviewsList(input.reviews)}
</section>
${reviewForm(consult, input.feedbackChat, input.csrf, input.submissionKey, input.problems ?? [])}`;
}
