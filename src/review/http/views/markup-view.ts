import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { planLines, type PlanLine, type PlanPart } from '../../consults/plan-lines.js';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/** How a citation group is shown: a plan opens each label to its guideline text; a chat message keeps the marker. */
export type CitationRenderer = (labels: string[]) => Html | Html[] | string;

const asWritten: CitationRenderer = (labels) => `[${labels.join(', ')}]`;

/**
 * The parts of one line as HTML. Every piece of text goes through hono's escaping `html` tag: the
 * plan's own markup (bold, bare URLs) becomes elements, anything else in it stays literal text.
 */
export function partsHtml(parts: PlanPart[], cite: CitationRenderer = asWritten): Html[] {
  return parts.map((p) => {
    if ('labels' in p) return html`${cite(p.labels)}`;
    // The parser only marks http(s) URLs, so an href can never be javascript: or data:.
    const text = p.url ? html`<a href="${p.text}" rel="noreferrer noopener">${p.text}</a>` : html`${p.text}`;
    return p.bold ? html`<strong>${text}</strong>` : text;
  });
}

/**
 * Neutral markup (a plan, a follow-up answer, a bot message) as block HTML: a heading line as a
 * sub-heading, runs of bullets as lists, other lines as paragraphs; the Sources block folded.
 * `lineId` names each step's element, so a flag or a review can point at it.
 */
export function markupHtml(text: string, options: { cite?: CitationRenderer; lineId?: (line: PlanLine) => string; headingLevel?: 3 | 4 } = {}): Html {
  const lines = planLines(text);
  const cite = options.cite ?? asWritten;
  const blocks: Html[] = [];
  const sources = lines.filter((l) => l.kind === 'source');
  let list: Html[] = [];
  const flush = () => {
    if (list.length) blocks.push(html`<ul>${list}</ul>`);
    list = [];
  };
  for (const line of lines) {
    if (line.kind === 'source') continue;
    const id = line.kind === 'step' && options.lineId ? options.lineId(line) : undefined;
    const body = partsHtml(line.parts, cite);
    if (line.bullet) {
      list.push(id ? html`<li id="${id}">${body}</li>` : html`<li>${body}</li>`);
      continue;
    }
    flush();
    if (line.kind === 'heading') {
      const words = partsHtml(line.parts.map((p) => ('text' in p ? { ...p, bold: false } : p)), cite);
      // The Sources heading is the fold's summary below, not a heading of its own.
      if (sources.length && line.index + 1 === sources[0]?.index) continue;
      blocks.push(options.headingLevel === 4 ? html`<h4>${words}</h4>` : html`<h3>${words}</h3>`);
    } else if (line.kind === 'note') blocks.push(html`<p class="note">${body}</p>`);
    else blocks.push(id ? html`<p id="${id}">${body}</p>` : html`<p>${body}</p>`);
  }
  flush();
  if (sources.length) {
    blocks.push(html`<details class="sources"><summary>Sources (${sources.length})</summary><ul>${sources.map((l) => html`<li>${partsHtml(l.parts, cite)}</li>`)}</ul></details>`);
  }
  return html`<div class="markup">${blocks}</div>`;
}
