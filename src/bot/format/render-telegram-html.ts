/**
 * Neutral reply markup to Telegram's HTML parse mode. Every piece of text is escaped, so a finding
 * such as "BP <90/60 & HR >120" can never be read as a tag or an entity by the Bot API.
 */
import { parseNeutralMarkup } from './neutral-markup.js';
import type { MarkupSpan } from './neutral-markup.js';

export interface TelegramHtmlOptions {
  /**
   * Wrap bare URLs in `<a href>`. Default false: Telegram links bare URLs in a text message by itself,
   * and plain text keeps the splitter from ever having to cut a link in two.
   */
  linkUrls?: boolean;
}

/** Escapes text for Telegram HTML (the three characters the Bot API requires, plus `"` for attributes). */
export function escapeTelegramHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => HTML_ESCAPES[char] ?? char);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Renders neutral markup as Telegram HTML: `**x**` to `<b>x</b>`, `- ` bullets to `• `. */
export function renderTelegramHtml(text: string, options: TelegramHtmlOptions = {}): string {
  return parseNeutralMarkup(text)
    .map((line) => line.indent + (line.bullet ? '• ' : '') + renderSpans(line.spans, options))
    .join('\n');
}

function renderSpans(spans: MarkupSpan[], options: TelegramHtmlOptions): string {
  let html = '';
  let bold = false;
  for (const span of spans) {
    // Adjacent spans of one bold run (text then URL) share a single <b> element.
    if (span.bold !== bold) {
      html += span.bold ? '<b>' : '</b>';
      bold = span.bold;
    }
    const escaped = escapeTelegramHtml(span.text);
    html += span.url && options.linkUrls ? `<a href="${escaped}">${escaped}</a>` : escaped;
  }
  return bold ? `${html}</b>` : html;
}
