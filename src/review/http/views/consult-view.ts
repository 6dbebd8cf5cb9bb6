import { html } from 'hono/html';
import type { FeedbackChat } from '../../consults/feedback-chat.js';
import type { ConsultRecord, ReviewRecord } from '../../consults/ports.js';
import { flaggableLines, plainText, planLines, shortenAtWord } from '../../consults/plan-lines.js';
import { MAX_FEEDBACK_CHARS } from '../../consults/submit-review.js';
import { AGREEMENT_LABEL, bookshelfUrl, dayTime, findingText, FLAG_LABEL, time } from './format.js';
import { markupHtml } from './markup-view.js';

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
  if (typeof d.breastfeeding === 'boolean') rows.push(['Breastfeeding', d.breastfeeding ? 'yes' : 'no']);
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

const lineId = (planId: string, index: number) => `line-${planId.slice(0, 8)}-${index}`;

/** A plan or follow-up answer rendered from its markup, each [Sn] opening to the text it quotes. */
function planBody(plan: ConsultRecord['plans'][number]) {
  const byLabel = new Map(plan.citations.map((c) => [c.label.toUpperCase(), c]));
  return markupHtml(plan.text, {
    lineId: (line) => lineId(plan.id, line.index),
    cite: (labels) =>
      labels.map((label) => {
        const c = byLabel.get(label.toUpperCase());
        return c ? citationDetails(c, plan.id) : html`<span class="missing">[${label}: not stored]</span>`;
      }),
  });
}

function planSection(plan: ConsultRecord['plans'][number]) {
  return html`<section aria-labelledby="plan-${plan.id}" class="plan">
<h2 id="plan-${plan.id}">Assessment & Plan <span class="meta">${time(plan.createdAt)} · ${plan.mode === 'llm' ? 'drafted by the model' : 'extractive'}</span></h2>
${planBody(plan)}
</section>`;
}

/** Follow-up answers, folded: each with the question it answers (the CHW message just before it). */
function followUpsSection(consult: ConsultRecord) {
  const answers = consult.plans.filter((p) => p.kind !== 'assessment_plan');
  if (answers.length === 0) return '';
  const questionOf = (planId: string) => {
    const at = consult.transcript.findIndex((m) => m.planId === planId);
    const before = at < 0 ? consult.transcript : consult.transcript.slice(0, at);
    return [...before].reverse().find((m) => m.direction === 'inbound');
  };
  return html`<section aria-labelledby="followups-heading">
<h2 id="followups-heading">Follow-up questions (${answers.length})</h2>
${answers.map((plan) => {
  const question = questionOf(plan.id);
  return html`<details class="followup" id="plan-${plan.id}"><summary>${time(plan.createdAt)}: ${question?.text ? html`<q>${shortenAtWord(question.text, 80)}</q>` : 'follow-up answer'}</summary>
${planBody(plan)}
</details>`;
})}
</section>`;
}

/** The whole conversation in order, folded; a plan or answer the page shows already is linked, not repeated. */
function transcriptSection(consult: ConsultRecord, photos: ReadonlySet<string> | undefined) {
  const urgent = consult.transcript.filter((m) => m.replyKind === 'urgent').length;
  // A photo the CHW sent is for the supervisor to see: the transcript holding one starts open.
  const withPhotos = consult.transcript.some((m) => photos?.has(m.id));
  return html`<details class="fold" id="transcript"${withPhotos ? ' open' : ''}><summary><h2 id="transcript-heading">Transcript</h2> <span class="meta">${consult.transcript.length} messages${urgent ? html`, <span class="urgent">${urgent} urgent referral${urgent === 1 ? '' : 's'}</span>` : ''}</span></summary>
<ol class="transcript" aria-labelledby="transcript-heading">
${consult.transcript.map(
  (m) => html`<li id="m-${m.id}" class="${m.direction}${m.replyKind === 'urgent' ? ' urgent' : ''}">
<span class="who">${m.direction === 'inbound' ? 'CHW' : m.replyKind === 'urgent' ? 'Bot: urgent referral' : 'Bot'}</span> <time datetime="${m.at.toISOString()}">${time(m.at)}</time>
${m.direction === 'inbound'
  ? html`<div class="text">${m.text ?? `(${m.kind})`}</div>${photos?.has(m.id) ? html`<p class="photo"><a href="/consults/${consult.id}/photos/${m.id}"><img src="/consults/${consult.id}/photos/${m.id}" alt="Photo sent by the CHW at ${time(m.at)} (the bot does not read it)" width="280" loading="lazy"></a></p>` : ''}`
  : m.planId
    ? html`<p class="text"><a href="#plan-${m.planId}">${m.replyKind === 'plan' ? 'The Assessment & Plan' : 'The follow-up answer'}</a> (shown ${m.replyKind === 'plan' ? 'above' : 'under Follow-up questions'})</p>`
    : m.text === null
      ? html`<div class="text">(${m.kind})</div>`
      : markupHtml(m.text, { headingLevel: 4 })}
</li>`,
)}
</ol>
</details>`;
}

/** Where the feedback will be read, beside the send checkbox. */
const FEEDBACK_CHAT_LABEL: Record<string, string> = {
  telegram: 'Telegram',
  whatsapp: 'WhatsApp',
  terminal: 'terminal: shown the next time they run npm run chat -- --as',
};

function reviewForm(consult: ConsultRecord, feedbackChat: FeedbackChat | null, csrf: string, submissionKey: string, problems: string[]) {
  const plan = consult.plans.find((p) => p.kind === 'assessment_plan');
  const lines = plan ? flaggableLines(plan.text) : [];
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
  ? html`<details class="fold flags"><summary>Flag plan lines (optional, ${lines.length} lines)</summary>
${lines.map(
  (line) => html`<fieldset class="flag-line"><legend>${shortenAtWord(plainText(line.parts))}</legend>
${Object.entries(FLAG_LABEL).map(([value, label]) => html`<label class="check"><input type="checkbox" name="flag-${line.index}" value="${value}"> ${label}</label>`)}
</fieldset>`,
)}
</details>`
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

function reviewsList(reviews: ReviewRecord[], plan: ConsultRecord['plans'][number] | undefined) {
  const textOf = new Map((plan ? planLines(plan.text) : []).map((l) => [l.index, shortenAtWord(plainText(l.parts), 60)]));
  if (reviews.length === 0) return html`<p>Not reviewed yet.</p>`;
  return html`<ol class="reviews">
${reviews.map(
  (r) => html`<li>
<p><strong>${r.agreement ? AGREEMENT_LABEL[r.agreement] : 'Reviewed'}</strong> · ${r.supervisorName} · ${dayTime(r.createdAt)}</p>
${r.lineFlags.length ? html`<ul>${r.lineFlags.map((f) => html`<li>${plan ? html`<a href="#${lineId(plan.id, f.line)}">${textOf.get(f.line) ?? `line ${f.line + 1}`}</a>` : `Line ${f.line + 1}`}: ${f.flags.map((x) => FLAG_LABEL[x] ?? x).join(', ')}</li>`)}</ul>` : ''}
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
  const plan = consult.plans.find((p) => p.kind === 'assessment_plan');
  const urgentMessage = consult.transcript.find((m) => m.replyKind === 'urgent');
  // The summary, the plan and the review form come first; everything else is folded, so the page reads
  // in a few phone screens and the details are one tap away.
  return html`<p><a href="/">← Review queue</a></p>
<h1>Consult of ${dayTime(consult.startedAt)}</h1>
${input.saved ? html`<p class="notice" role="status">Review saved.</p>` : ''}
<p class="meta">CHW: ${consult.healthWorker?.name ?? 'none'} · ${consult.channel} · ${consult.status}${consult.completedAt ? ` · plan at ${dayTime(consult.completedAt)}` : ''}</p>
<section aria-labelledby="summary-heading">
<h2 id="summary-heading" class="visually-hidden">Summary</h2>
<dl class="facts">
${demographics.length ? demographics.map(([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`) : html`<dt>Patient</dt><dd>no demographics recorded</dd>`}
<dt>Diagnosis</dt><dd><strong>${working?.condition ?? 'none'}</strong>${working ? html` <span class="meta">(${working.source === 'health_worker' ? 'stated by the CHW' : working.source === 'llm' ? 'proposed by the model' : 'suggested by rules'})</span>` : ''}${differentials.length ? html`<br><span class="meta">also considered: ${differentials.map((d) => `${d.condition}${d.confidence !== null ? ` (${Math.round(d.confidence * 100)}%)` : ''}`).join(', ')}</span>` : ''}</dd>
</dl>
</section>
${consult.urgentReferral || consult.dangerSigns.length
  ? html`<section aria-labelledby="danger-heading" class="danger">
<h2 id="danger-heading">Urgent referral</h2>
${consult.dangerSigns.length ? html`<p>Danger signs: ${consult.dangerSigns.map((s) => s.replace(/_/g, ' ')).join(', ')}.</p>` : ''}
<p>${urgentMessage ? html`The CHW was told to refer at <a href="#m-${urgentMessage.id}">${time(urgentMessage.at)}</a> (in the transcript).` : 'Urgent referral sent.'}</p>
</section>`
  : ''}
${plan ? planSection(plan) : html`<section><h2>Assessment & Plan</h2><p>No plan was made.</p></section>`}
${followUpsSection(consult)}
${transcriptSection(consult, input.photos)}
<details class="fold" id="findings"><summary><h2 id="findings-heading">Findings</h2> <span class="meta">${consult.findings.length}</span></summary>
${consult.findings.length
  ? html`<ul class="findings">${consult.findings.map((f) => {
      const source = f.sourceMessageId ? messageAt.get(f.sourceMessageId) : undefined;
      return html`<li><strong>${findingText(f.value, f.negated)}</strong> <span class="meta">(${f.category.replace(/_/g, ' ')})</span>${source
        ? html` – from <a href="#m-${source.id}">the message at ${time(source.at)}</a>: <q>${shortenAtWord(source.text ?? '', 160)}</q>`
        : ''}</li>`;
    })}</ul>`
  : html`<p>No findings recorded.</p>`}
</details>
<section aria-labelledby="reviews-heading">
<h2 id="reviews-heading">Reviews</h2>
${reviewsList(input.reviews, plan)}
</section>
${reviewForm(consult, input.feedbackChat, input.csrf, input.submissionKey, input.problems ?? [])}`;
}
