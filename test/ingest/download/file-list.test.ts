import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { parseFileList, selectRows, type BadFileListRow, type FileListRow } from '../../../src/ingest/download/file-list.js';

const HEADER = 'File,Title,Publisher,Publication Year,Accession ID,Last Updated (YYYY-MM-DD HH:MM:SS)';

function row(overrides: Partial<FileListRow>): FileListRow {
  return { file: 'a/b.tar.gz', title: 'T', publisher: 'World Health Organization', year: '2020', accession: 'NBK1', lastUpdated: '2020-01-01 00:00:00', ...overrides };
}

describe('parseFileList', () => {
  it('decodes Windows-1252 bytes, quoted commas, doubled quotes, CRLF and HTML entities', () => {
    const text =
      `${HEADER}\r\n` +
      `x/NBK10.tar.gz,"Malaria, severe: the ""3 Ts"" approach",World Health Organization,2021,NBK10,2023-02-03 04:05:06\r\n` +
      `x/NBK11.tar.gz,Sant\u00e9 maternelle &amp; n&eacute;onatale: l&#39;enfant&#x2019;s care &quot;IMCI&quot;,World Health Organization,2019,NBK11,2020-01-01 00:00:00\r\n`;
    const rows = parseFileList(iconv.encode(text, 'win1252'));
    expect(rows).toEqual([
      { file: 'x/NBK10.tar.gz', title: 'Malaria, severe: the "3 Ts" approach', publisher: 'World Health Organization', year: '2021', accession: 'NBK10', lastUpdated: '2023-02-03 04:05:06' },
      { file: 'x/NBK11.tar.gz', title: 'Sant\u00e9 maternelle & n\u00e9onatale: l\'enfant\u2019s care "IMCI"', publisher: 'World Health Organization', year: '2019', accession: 'NBK11', lastUpdated: '2020-01-01 00:00:00' },
    ]);
  });

  it('reads UTF-8 with a BOM and finds columns by name whatever their order', () => {
    const text =
      '\uFEFFAccession ID,Last Updated (YYYY-MM-DD HH:MM:SS),Publisher,File,Title,Publication Year\n' +
      'NBK20,2024-05-06 07:08:09,World Health Organization,y/NBK20.tar.gz,Caf\u00e9 \u2013 r\u00e9sum\u00e9,2024\n';
    const [only] = parseFileList(Buffer.from(text, 'utf8'));
    expect(only).toEqual({ file: 'y/NBK20.tar.gz', title: 'Caf\u00e9 \u2013 r\u00e9sum\u00e9', publisher: 'World Health Organization', year: '2024', accession: 'NBK20', lastUpdated: '2024-05-06 07:08:09' });
  });

  it('decodes an entity once only, so an escaped entity stays readable', () => {
    const text = `${HEADER}\nz/NBK1.tar.gz,Use &amp;amp; to write &amp;,World Health Organization,2020,NBK1,2020-01-01 00:00:00\n`;
    expect(parseFileList(Buffer.from(text))[0]?.title).toBe('Use &amp; to write &');
  });

  it('reports bad rows with their line and keeps the good ones', () => {
    const text =
      `${HEADER}\r\n` +
      'a/NBK1.tar.gz,One,World Health Organization,2020,NBK1,2020-01-01 00:00:00\r\n' +
      'a/NBK2.tar.gz,Unquoted, comma,World Health Organization,2020,NBK2,2020-01-01 00:00:00\r\n' +
      '../../etc/passwd,Escape,World Health Organization,2020,NBK3,2020-01-01 00:00:00\r\n' +
      'a/NBK4.tar.gz,Bad id,World Health Organization,2020,../NBK4,2020-01-01 00:00:00\r\n' +
      'https://evil.example/x.tar.gz,Elsewhere,World Health Organization,2020,NBK6,2020-01-01 00:00:00\r\n' +
      'a/NBK5.tar.gz,Five,World Health Organization,2020,NBK5,2020-01-01 00:00:00\r\n';
    const bad: BadFileListRow[] = [];
    const rows = parseFileList(Buffer.from(text), { onBadRow: (b) => bad.push(b) });
    expect(rows.map((r) => r.accession)).toEqual(['NBK1', 'NBK5']);
    expect(bad.map((b) => b.line)).toEqual([3, 4, 5, 6]);
    expect(bad[0]?.reason).toMatch(/expected 6 fields, found 7/);
    expect(bad[1]?.reason).toMatch(/safe relative path/);
    expect(bad[2]?.reason).toMatch(/invalid accession/);
  });

  it('refuses a header without the columns it needs', () => {
    expect(() => parseFileList(Buffer.from('Name,Title\nx,y\n'))).toThrow(/lacks column\(s\) file, publisher, accession, lastUpdated/);
  });
});

describe('selectRows', () => {
  const rows = [
    row({ accession: 'NBK1', publisher: 'World Health Organization' }),
    row({ accession: 'NBK2', publisher: 'Centers for Disease Control', title: 'Joint report with the World Health Organization' }),
    row({ accession: 'NBK3', publisher: '  world health  organization ' }),
    row({ accession: 'NBK4', publisher: 'World Health Organization Regional Office for Europe' }),
    row({ accession: 'NBK5', publisher: 'World Health Organization' }),
    row({ accession: 'NBK1', publisher: 'World Health Organization', lastUpdated: '2021-06-01 00:00:00', title: 'Newer' }),
  ];

  it('matches the whole Publisher column, ignoring case and spacing, never the title or a longer publisher', () => {
    const selected = selectRows(rows);
    expect(selected.map((r) => r.accession)).toEqual(['NBK1', 'NBK3', 'NBK5']);
    expect(selected[0]?.title).toBe('Newer'); // duplicate accession: latest Last Updated wins
  });

  it('filters by accession list and limit, and can take every publisher', () => {
    expect(selectRows(rows, { accessions: ['nbk5', 'NBK2'] }).map((r) => r.accession)).toEqual(['NBK5']);
    expect(selectRows(rows, { publisher: null, accessions: ['NBK2'] }).map((r) => r.accession)).toEqual(['NBK2']);
    expect(selectRows(rows, { limit: 2 }).map((r) => r.accession)).toEqual(['NBK1', 'NBK3']);
    expect(selectRows(rows, { publisher: 'Centers for Disease Control' }).map((r) => r.accession)).toEqual(['NBK2']);
  });
});
