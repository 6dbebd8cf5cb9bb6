import { describe, expect, it } from 'vitest';
import { csvField } from '../../src/review/reports/reviews-csv.js';

describe('CSV fields of the review export', () => {
  it('defuses every value a spreadsheet would run as a formula', () => {
    for (const evil of ['=1+1', '+1+1', '-1+1', '@SUM(A1)', '\t=1', '\r=1']) {
      const field = csvField(evil);
      expect(field.startsWith(`"'`), evil).toBe(true);
    }
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
  });

  it('quotes commas, quotes and line breaks and leaves plain text, numbers and booleans alone', () => {
    expect(csvField('Give ORS, zinc')).toBe('"Give ORS, zinc"');
    expect(csvField('say "no"')).toBe('"say ""no"""');
    expect(csvField('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvField('uncomplicated malaria')).toBe('uncomplicated malaria');
    expect(csvField(-3)).toBe('-3');
    expect(csvField(true)).toBe('true');
    expect(csvField(null)).toBe('');
  });
});
