import { describe, expect, it } from 'vitest';
import { parseTelegramText } from '../../fakes/telegram-markup.js';
import { TELEGRAM_TEXT_LIMIT } from '../../fakes/fake-telegram-server.js';
import { renderTelegramHtml } from '../../../src/bot/format/render-telegram-html.js';
import { renderWhatsApp } from '../../../src/bot/format/render-whatsapp.js';
import { describePart, splitMessage, TELEGRAM_MESSAGE_LIMIT } from '../../../src/bot/format/split-message.js';

/** What Telegram accepts and shows for one part; fails the test on markup Telegram would refuse. */
function telegramShows(html: string): { text: string; entities: Array<{ type: string; offset: number; length: number }> } {
  const parsed = parseTelegramText(html, 'HTML');
  if (!parsed.ok) throw new Error(`Telegram would refuse this part: ${parsed.error}\n${html.slice(0, 200)}`);
  return parsed;
}

const squeeze = (text: string): string => text.replace(/\s+/g, '');

/**
 * A long reply in the neutral markup, shaped like a plan (headings, bullets, prose, characters that
 * need escaping). Sample text for the splitter, not clinical guidance. Every sentence is numbered so
 * order and duplication show.
 */
function longPlan(targetChars: number): string {
  const paragraphs: string[] = [];
  let n = 0;
  let length = 0;
  while (length < targetChars) {
    const section = paragraphs.length;
    const block =
      section % 3 === 0
        ? `**Section ${section}: findings & next steps**\n- Reading ${++n}: BP <90/60 & HR >120 means act now.\n- Reading ${++n}: temperature >= 38.5 for 2 days.\n- Check ${++n}: ask about <danger signs> again.`
        : Array.from({ length: 6 }, () => `Sentence ${++n} explains one step of the sample plan in plain words for the health worker.`).join(' ');
    paragraphs.push(block);
    length += block.length + 2;
  }
  return paragraphs.join('\n\n');
}

describe('splitMessage for Telegram HTML', () => {
  it('splits a 10,000-character plan into valid parts under 4096 visible characters, at paragraph breaks, losing nothing', () => {
    const neutral = longPlan(10_000);
    const html = renderTelegramHtml(neutral);
    const whole = telegramShows(html).text;
    expect(whole.length).toBeGreaterThan(10_000);

    const parts = splitMessage(html, { dialect: 'telegram-html', limit: TELEGRAM_MESSAGE_LIMIT });
    expect(parts.length).toBeGreaterThanOrEqual(3);
    const shown = parts.map(telegramShows);
    for (const part of shown) expect(part.text.length).toBeLessThanOrEqual(TELEGRAM_TEXT_LIMIT);

    // Nothing lost, duplicated or reordered.
    expect(squeeze(shown.map((part) => part.text).join(''))).toBe(squeeze(whole));
    // Every cut fell on a paragraph break: each part is a run of whole paragraphs.
    const paragraphs = whole.split('\n\n');
    let next = 0;
    for (const part of shown) {
      const count = part.text.split('\n\n').length;
      expect(part.text).toBe(paragraphs.slice(next, next + count).join('\n\n'));
      next += count;
    }
    expect(next).toBe(paragraphs.length);
    // Headings stay bold in whichever part they land.
    expect(shown[1]?.entities.some((entity) => entity.type === 'bold')).toBe(true);
  });

  it('labels parts "(part k of n)" on their own line, still within the limit', () => {
    const parts = splitMessage(renderTelegramHtml(longPlan(10_000)), { dialect: 'telegram-html', limit: 4096, partLabel: describePart });
    const shown = parts.map(telegramShows);
    shown.forEach((part, i) => {
      expect(part.text.length).toBeLessThanOrEqual(4096);
      expect(part.text.endsWith(`\n\n(part ${i + 1} of ${parts.length})`)).toBe(true);
    });
  });

  it('cuts one huge paragraph at sentence ends, then at spaces', () => {
    const sentences = Array.from({ length: 120 }, (_, i) => `Step ${i} is to keep the child warm & fed.`);
    const parts = splitMessage(renderTelegramHtml(sentences.join(' ')), { dialect: 'telegram-html', limit: 1000 });
    const shown = parts.map(telegramShows);
    expect(parts.length).toBeGreaterThan(4);
    for (const part of shown) {
      expect(part.text.length).toBeLessThanOrEqual(1000);
      expect(part.text).toMatch(/^Step \d+ .*fed\.$/s);
    }
    expect(squeeze(shown.map((part) => part.text).join(''))).toBe(squeeze(sentences.join(' ')));
  });

  it('prefers a fuller part over sending a short heading alone', () => {
    const neutral = `**Plan**\n\n${Array.from({ length: 80 }, (_, i) => `Sentence ${i} of one long paragraph.`).join(' ')}`;
    const parts = splitMessage(renderTelegramHtml(neutral), { dialect: 'telegram-html', limit: 1000 });
    expect(telegramShows(parts[0] ?? '').text.startsWith('Plan\n\nSentence 0 ')).toBe(true);
  });

  it('closes and reopens a bold run that a cut goes through, so each part is bold on its own', () => {
    const boldText = Array.from({ length: 60 }, (_, i) => `Urgent line ${i} stays bold.`).join(' ');
    const parts = splitMessage(renderTelegramHtml(`Before. **${boldText}** After.`), { dialect: 'telegram-html', limit: 500 });
    expect(parts.length).toBeGreaterThan(3);
    const shown = parts.map(telegramShows);
    const middle = shown.slice(1, -1);
    for (const part of middle) {
      expect(part.entities).toEqual([{ type: 'bold', offset: 0, length: part.text.length }]);
    }
    expect(parts[0]?.endsWith('</b>')).toBe(true);
    expect(parts.at(-1)).toMatch(/^<b>.*<\/b> After\.$/s);
  });

  it('hard-splits text without spaces between entities, never inside one', () => {
    const raw = '<&>'.repeat(2000); // 6000 visible characters, 18 000 characters of HTML
    const parts = splitMessage(renderTelegramHtml(raw), { dialect: 'telegram-html', limit: 4096 });
    const shown = parts.map(telegramShows);
    expect(shown.map((part) => part.text.length)).toEqual([4096, 1904]);
    expect(shown.map((part) => part.text).join('')).toBe(raw);
  });

  it('never cuts an emoji (a grapheme of several UTF-16 units) in two', () => {
    const baby = '👶🏽'; // 4 UTF-16 code units, one grapheme
    const parts = splitMessage(baby.repeat(1500), { dialect: 'telegram-html', limit: 4094 });
    expect(parts.map((part) => part.length)).toEqual([4092, 1908]);
    for (const part of parts) expect(part.replaceAll(baby, '')).toBe('');
  });

  it('returns a short reply unchanged and unlabelled, and nothing for blank text', () => {
    expect(splitMessage('<b>Hi</b> there', { dialect: 'telegram-html', limit: 4096, partLabel: describePart })).toEqual(['<b>Hi</b> there']);
    expect(splitMessage(' \n\n ', { dialect: 'telegram-html', limit: 4096 })).toEqual([]);
  });
});

describe('splitMessage for WhatsApp', () => {
  it('keeps every part under the limit with *bold* runs balanced in each part', () => {
    const boldText = Array.from({ length: 40 }, (_, i) => `Refer line ${i} now.`).join(' ');
    const text = renderWhatsApp(`Intro line.\n\n**${boldText}**\n\n- bullet one\n- bullet two`);
    const parts = splitMessage(text, { dialect: 'whatsapp', limit: 300 });
    expect(parts).toHaveLength(3);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(300);
      // Every bold sentence sits inside a *...* run that opens and closes within this part.
      expect(part.replace(/\*Refer line \d+ now\.(?: Refer line \d+ now\.)*\*/g, '')).not.toContain('Refer');
    }
    expect(parts[0]).toMatch(/^Intro line\.\n\n\*Refer line 0 /);
    expect(parts[2]).toMatch(/now\.\*\n\n- bullet one\n- bullet two$/);
    expect(squeeze(parts.join('').replaceAll('*', ''))).toBe(squeeze(text.replaceAll('*', '')));
  });
});
