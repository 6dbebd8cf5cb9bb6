import { describe, expect, it } from 'vitest';
import { MAX_STORED_INBOUND_CHARS, recordableText, scannableText } from '../../src/consult/inbound-text.js';

describe('inbound text, cleaned once on arrival', () => {
  it('reads invisible and look-alike characters as the plain word', () => {
    for (const raw of ['con\u200Bvulsions', 'con\u200Cvulsions', 'con\u200Dvulsions', 'convul\u2060sions', 'convul\u00ADsions', '\uFEFFconvulsions', 'ｃｏｎｖｕｌｓｉｏｎｓ', 'con\u202Evulsions']) {
      expect(scannableText(raw).text, JSON.stringify(raw)).toBe('convulsions');
    }
    expect(scannableText('temp 39 ℃').text).toBe('temp 39 °C');
  });

  it('turns NUL and other control characters into spaces, keeping newlines and tabs', () => {
    expect(scannableText('fever\u0000cough\u0007\nvomiting\tx').text).toBe('fever cough \nvomiting\tx');
  });

  it('caps the scan and says so', () => {
    expect(scannableText('a'.repeat(4000))).toEqual({ text: 'a'.repeat(4000), truncated: false });
    const long = scannableText('a'.repeat(100_000));
    expect(long.truncated).toBe(true);
    expect(long.text).toHaveLength(4000);
  });

  it('stores the text as sent except NUL and lone surrogates, at most MAX_STORED_INBOUND_CHARS', () => {
    expect(recordableText('con\u200Bvulsions\u0000!')).toBe('con\u200Bvulsions!');
    expect(recordableText('ok \uD83D')).toBe('ok \uFFFD');
    expect(recordableText('x'.repeat(100_000))).toHaveLength(MAX_STORED_INBOUND_CHARS);
  });
});
