/**
 * Run in a child process by archive-caps.test.ts: extracts one archive and prints, as JSON, how it
 * ended and how far the process's resident memory rose above where it stood before the extraction.
 * A child of its own, so the peak is this extraction's alone (process.resourceUsage().maxRSS is KiB).
 */
import { extractNxmlFiles } from '../../../../src/ingest/download/archive.js';

const [archive, dest] = process.argv.slice(2);
if (archive === undefined || dest === undefined) throw new Error('usage: extract-peak <archive> <dest>');
const rssBefore = process.memoryUsage.rss();
let outcome: { ok: true; files: number } | { ok: false; code: unknown; message: string };
try {
  const books = await extractNxmlFiles(archive, dest);
  outcome = { ok: true, files: books.length };
} catch (error) {
  outcome = { ok: false, code: (error as { code?: unknown }).code, message: error instanceof Error ? error.message : String(error) };
}
const peakRss = process.resourceUsage().maxRSS * 1024;
process.stdout.write(JSON.stringify({ ...outcome, rssBefore, peakRss, growth: peakRss - rssBefore }));
