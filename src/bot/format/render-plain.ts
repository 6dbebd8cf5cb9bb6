/**
 * Neutral reply markup for the terminal chat: bold markers dropped (or shown as ANSI bold), bullets
 * and URLs kept as written.
 */
import { parseNeutralMarkup } from './neutral-markup.js';

export interface PlainTextOptions {
  /** Show bold spans with ANSI escape codes (for a TTY). Default false. */
  ansi?: boolean;
}

/** Renders neutral markup as plain text (default) or ANSI-bold text for a terminal. */
export function renderPlain(text: string, options: PlainTextOptions = {}): string {
  return parseNeutralMarkup(text)
    .map((line) => {
      const body = line.spans
        .map((span) => (span.bold && options.ansi ? `\u001b[1m${span.text}\u001b[22m` : span.text))
        .join('');
      return line.indent + (line.bullet ? '- ' : '') + body;
    })
    .join('\n');
}
