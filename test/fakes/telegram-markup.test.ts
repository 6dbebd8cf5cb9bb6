import { describe, expect, it } from 'vitest';
import { parseTelegramText } from './telegram-markup.js';

describe('parseTelegramText (HTML)', () => {
  it('turns allowed tags and entities into plain text with UTF-16 entity offsets', () => {
    const parsed = parseTelegramText(
      '<b>Danger sign</b>: 😷 <i>chest indrawing</i> &amp; RR &gt; 50 <a href="https://who.int/x?a=1&amp;b=2">[S1]</a>\n<pre><code class="language-text">5 mL</code></pre>',
      'HTML',
    );
    expect(parsed).toEqual({
      ok: true,
      text: 'Danger sign: 😷 chest indrawing & RR > 50 [S1]\n5 mL',
      entities: [
        { type: 'bold', offset: 0, length: 11 },
        { type: 'italic', offset: 16, length: 15 },
        { type: 'text_link', offset: 42, length: 4, url: 'https://who.int/x?a=1&b=2' },
        { type: 'pre', offset: 47, length: 4, language: 'text' },
      ],
    });
  });

  it('accepts spoilers, blockquotes, nested tags and numeric entities', () => {
    const parsed = parseTelegramText(
      '<blockquote expandable>Refer <u><s>now</s></u></blockquote> <tg-spoiler>x</tg-spoiler><span class="tg-spoiler">y</span>&#8451;',
      'HTML',
    );
    expect(parsed.ok && parsed.text).toBe('Refer now xy℃');
    expect(parsed.ok && parsed.entities.map((e) => e.type)).toEqual([
      'expandable_blockquote',
      'underline',
      'strikethrough',
      'spoiler',
      'spoiler',
    ]);
  });

  it.each([
    ['<b>bold <i>both</b></i>', 'Unmatched end tag at byte offset 15, expected "</i>", found "</b>"'],
    ['<b>never closed', 'Can\'t find end tag corresponding to start tag "b"'],
    ['line one<br>line two', 'Unsupported start tag "br" at byte offset 8'],
    ['closing only</b>', 'Unexpected end tag at byte offset 12'],
    ['weight < 5 kg', 'Unclosed start tag at byte offset 7'],
    ['RR < 50 and > 40', 'Unsupported start tag "" at byte offset 3'],
    ['ORS & zinc', "Can't find end of the entity starting at byte offset 4"],
    ['a&nbsp;b', 'Unsupported HTML entity "&nbsp;" at byte offset 1'],
    ['<span>plain span</span>', 'Unsupported start tag "span" at byte offset 0'],
  ])('rejects %j like the API', (text, reason) => {
    expect(parseTelegramText(text, 'HTML')).toEqual({ ok: false, error: `Bad Request: can't parse entities: ${reason}` });
  });

  it('trims surrounding whitespace and shifts entities with it', () => {
    expect(parseTelegramText('  \n<b>Plan</b>  ', 'HTML')).toEqual({
      ok: true,
      text: 'Plan',
      entities: [{ type: 'bold', offset: 0, length: 4 }],
    });
  });
});

describe('parseTelegramText (MarkdownV2)', () => {
  it('parses escaped text with bold, italic, code and links', () => {
    const parsed = parseTelegramText('*Give* _amoxicillin_ `250 mg` [S1](https://who.int/a\\)b) 2\\.5 mL\\!', 'MarkdownV2');
    expect(parsed).toEqual({
      ok: true,
      text: 'Give amoxicillin 250 mg S1 2.5 mL!',
      entities: [
        { type: 'bold', offset: 0, length: 4 },
        { type: 'italic', offset: 5, length: 11 },
        { type: 'code', offset: 17, length: 6 },
        { type: 'text_link', offset: 24, length: 2, url: 'https://who.int/a)b' },
      ],
    });
  });

  it('rejects unescaped reserved characters and unclosed entities', () => {
    expect(parseTelegramText('Give 2.5 mL', 'MarkdownV2')).toEqual({
      ok: false,
      error: "Bad Request: can't parse entities: Character '.' is reserved and must be escaped with the preceding '\\'",
    });
    expect(parseTelegramText('*bold without end', 'MarkdownV2')).toEqual({
      ok: false,
      error: "Bad Request: can't parse entities: Can't find end of Bold entity at byte offset 0",
    });
  });

  it('rejects an unknown parse mode', () => {
    expect(parseTelegramText('x', 'html5')).toEqual({ ok: false, error: 'Bad Request: unsupported parse_mode' });
  });
});
