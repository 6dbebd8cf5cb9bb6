import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseFileList, type BadFileListRow, type FileListRow } from './file-list.js';
import { packBookFolder } from './pack-book.js';

export const FILE_LIST_HEADER = 'File,Title,Publisher,Publication Year,Accession ID,Last Updated (YYYY-MM-DD HH:MM:SS)';

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Serialises rows as an NCBI-style file_list.csv (UTF-8, CRLF, quoted where needed). */
export function formatFileList(rows: readonly FileListRow[]): string {
  const lines = rows.map((row) =>
    [row.file, row.title, row.publisher, row.year, row.accession, row.lastUpdated].map(csvField).join(','),
  );
  return `${[FILE_LIST_HEADER, ...lines].join('\r\n')}\r\n`;
}

export interface SampleMirrorReport {
  /** Accessions packed into the mirror. */
  packed: string[];
  /** Rows left out of the mirror, e.g. because their folder does not exist. */
  skipped: { accession: string; reason: string }[];
  badRows: (BadFileListRow & { csv: string })[];
}

/** `sample/sample_malaria_SAMPLE-MALARIA.tar.gz` -> `sample_malaria_SAMPLE-MALARIA`. */
function folderNameFor(file: string): string {
  return path.posix.basename(file.replaceAll('\\', '/')).replace(/\.(tar\.gz|tgz)$/i, '');
}

/**
 * Builds a mirror that a static HTTP server can serve to downloadGuidelines: `outDir/file_list.csv`
 * merges every `sampleDir/file_list*.csv` under one header (one row per accession, latest Last Updated
 * wins), and each row's File is packed from the folder `sampleDir/<File basename without .tar.gz>`.
 */
export async function buildSampleMirror(sampleDir: string, outDir: string): Promise<SampleMirrorReport> {
  const report: SampleMirrorReport = { packed: [], skipped: [], badRows: [] };
  const csvNames = (await readdir(sampleDir))
    .filter((name) => /^file_list.*\.csv$/i.test(name))
    .sort((a, b) => (a === 'file_list.csv' ? -1 : b === 'file_list.csv' ? 1 : a < b ? -1 : a > b ? 1 : 0));

  const byAccession = new Map<string, FileListRow>();
  for (const csv of csvNames) {
    const rows = parseFileList(await readFile(path.join(sampleDir, csv)), {
      onBadRow: (bad) => report.badRows.push({ ...bad, csv }),
    });
    for (const row of rows) {
      const previous = byAccession.get(row.accession);
      if (!previous || row.lastUpdated > previous.lastUpdated) byAccession.set(row.accession, row);
    }
  }

  const mirrored: FileListRow[] = [];
  for (const row of byAccession.values()) {
    const folder = path.join(sampleDir, folderNameFor(row.file));
    const isFolder = await stat(folder).then((s) => s.isDirectory(), () => false);
    if (!isFolder) {
      report.skipped.push({ accession: row.accession, reason: `no folder ${folder}` });
      continue;
    }
    await packBookFolder(folder, path.join(outDir, ...row.file.split(/[/\\]/)));
    mirrored.push(row);
    report.packed.push(row.accession);
  }
  await mkdir(outDir, { recursive: true });
  await writeFile(path.join(outDir, 'file_list.csv'), formatFileList(mirrored), 'utf8');
  return report;
}
