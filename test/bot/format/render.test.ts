import { describe, expect, it } from 'vitest';
import { parseTelegramText } from '../../fakes/telegram-markup.js';
import { renderPlain } from '../../../src/bot/format/render-plain.js';
import { renderTelegramHtml } from '../../../src/bot/format/render-telegram-html.js';
import { renderWhatsApp } from '../../../src/bot/format/render-whatsapp.js';

/** What a Telegram user would see, and how, after the Bot API parses our HTML. */
function telegramView(neutral: string): { text: string; bold: string[] } {
  const parsed = parseTelegramText(renderTelegramHtml(neutral), 'HTML');
  if (!parsed.ok) throw new Error(parsed.error);
  const bold = parsed.entities.filter((e) => e.type === 'bold').map((e) => parsed.text.slice(e.offset, e.offset + e.length));
  return { text: parsed.text, bold };
}

describe('renderTelegramHtml', () => {
  it('escapes a finding with <, > and & so Telegram shows it exactly as written', () => {
    const html = renderTelegramHtml('BP <90/60 & HR >120');
    expect(html).toBe('BP &lt;90/60 &amp; HR &gt;120');
    expect(telegramView('BP <90/60 & HR >120').text).toBe('BP <90/60 & HR >120');
  });

  it('escapes text that looks like tags or entities instead of passing it through', () => {
    const neutral = 'Write <b>not bold</b> and &amp; literally; a<b and c>d';
    expect(telegramView(neutral)).toEqual({ text: neutral, bold: [] });
  });

  it('turns **bold** into <b>, with special characters inside it escaped', () => {
    const neutral = '**Assessment & Plan**\n**SpO2 <90%:** refer now';
    expect(renderTelegramHtml(neutral)).toBe('<b>Assessment &amp; Plan</b>\n<b>SpO2 &lt;90%:</b> refer now');
    expect(telegramView(neutral).bold).toEqual(['Assessment & Plan', 'SpO2 <90%:']);
  });

  it('leaves unmatched or spaced asterisks as text', () => {
    expect(telegramView('2 ** 3 and ** not bold ** and **open').bold).toEqual([]);
    expect(telegramView('2 ** 3 and ** not bold ** and **open').text).toBe('2 ** 3 and ** not bold ** and **open');
  });

  it('turns "- " bullets into "• " and keeps paragraph breaks', () => {
    const neutral = 'Danger signs:\n- unable to drink\n- **convulsions**\n\nSecond paragraph - not a bullet';
    expect(telegramView(neutral)).toEqual({
      text: 'Danger signs:\n• unable to drink\n• convulsions\n\nSecond paragraph - not a bullet',
      bold: ['convulsions'],
    });
  });

  it('keeps bare URLs as text (Telegram links them) with & escaped, or as <a href> on request', () => {
    const neutral = 'See https://www.who.int/publications/i?id=9&lang=en.';
    expect(renderTelegramHtml(neutral)).toBe('See https://www.who.int/publications/i?id=9&amp;lang=en.');
    const url = 'https://www.who.int/publications/i?id=9&lang=en'; // the final "." ends the sentence
    const linked = parseTelegramText(renderTelegramHtml(neutral, { linkUrls: true }), 'HTML');
    expect(linked.ok && linked.entities).toEqual([{ type: 'text_link', offset: 4, length: url.length, url }]);
  });
});

describe('renderWhatsApp', () => {
  it('turns **bold** into *bold* and keeps "- " bullets', () => {
    expect(renderWhatsApp('**Plan**\n- Give ORS\n- **Refer** if worse')).toBe('*Plan*\n- Give ORS\n- *Refer* if worse');
  });

  it('escapes nothing: <, > and & stay as written', () => {
    expect(renderWhatsApp('BP <90/60 & HR >120')).toBe('BP <90/60 & HR >120');
  });

  it('defuses stray * _ ~ that WhatsApp would pair into formatting', () => {
    // "*see note*" and "_twice_" would turn bold and italic; "~5 days~" struck through.
    const out = renderWhatsApp('Give *see note* the dose _twice_ for ~5 days~ only');
    expect(out).toBe('Give \u2217see note\u2217 the dose \u02cdtwice\u02cd for \u223c5 days\u223c only');
    expect(out).not.toMatch(/[*_~]/);
  });

  it('leaves markers that cannot pair exactly as written', () => {
    const text = '5 * 3 = 15, file_name_v2, ~5 days, a*b';
    expect(renderWhatsApp(text)).toBe(text);
  });

  it('never touches underscores or asterisks inside a URL', () => {
    const out = renderWhatsApp('Read https://example.org/_a_/b*c*d and _this_ part');
    expect(out).toBe('Read https://example.org/_a_/b*c*d and \u02cdthis\u02cd part');
  });

  it('keeps a stray marker from pairing with the bold markers it writes', () => {
    // The stray "*" could open a run that the bold's closing "*" would end.
    expect(renderWhatsApp('note *x and **Refer**')).toBe('note \u2217x and *Refer*');
  });
});

describe('renderPlain', () => {
  it('drops bold markers and keeps bullets and URLs', () => {
    expect(renderPlain('**Plan**\n- Give ORS: https://who.int/x_y')).toBe('Plan\n- Give ORS: https://who.int/x_y');
  });

  it('uses ANSI bold on request', () => {
    expect(renderPlain('**Refer** now', { ansi: true })).toBe('\u001b[1mRefer\u001b[22m now');
  });
});
