import { AppError } from '../core/app-error.js';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { createHash } from 'node:crypto';
import type { IngestRecord } from './ingest-records.js';

export interface WriteSummary {
  records: number;
  bytes: number;
  /** sha256 of the file written: equal across runs over the same input. */
  sha256: string;
}

/**
 * Streams records to a JSON Lines file through a temporary name, renamed into place only when complete:
 * an interrupted parse never leaves a truncated checkpoint for the loader.
 */
export async function writeChunksFile(path: string, records: AsyncIterable<IngestRecord>): Promise<WriteSummary> {
  const temp = `${path}.partial`;
  await mkdir(dirname(path), { recursive: true });
  const out = createWriteStream(temp, { encoding: 'utf8' });
  const hash = createHash('sha256');
  const summary = { records: 0, bytes: 0 };
  try {
    for await (const record of records) {
      const line = `${JSON.stringify(record)}\n`;
      hash.update(line);
      summary.records += 1;
      summary.bytes += Buffer.byteLength(line);
      if (!out.write(line)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
    await rename(temp, path);
    return { ...summary, sha256: hash.digest('hex') };
  } catch (error) {
    // The temporary file is discarded: a write still queued when it is destroyed must not surface as
    // an unhandled stream error.
    out.on('error', () => {});
    out.destroy();
    await rm(temp, { force: true });
    throw error;
  }
}

/** AppError `bad_chunks_file` naming the file and line. */
function chunksFileError(path: string, line: number, reason: string): AppError<{ path: string; line: number }> {
  return new AppError('bad_chunks_file', `${path}:${line}: ${reason}`, { details: { path, line } });
}

/** Reads a chunks file line by line (constant memory), checking each record's shape. */
export async function* readChunksFile(path: string): AsyncGenerator<IngestRecord> {
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber += 1;
    if (line.trim() === '') continue;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      throw chunksFileError(path, lineNumber, 'not valid JSON (re-run npm run guidelines:parse)');
    }
    if (!isIngestRecord(record)) throw chunksFileError(path, lineNumber, 'not a source or chunk record (an older format? re-run npm run guidelines:parse)');
    yield record;
  }
}

function isIngestRecord(value: unknown): value is IngestRecord {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  if (r.type === 'source') return typeof r.accession === 'string' && typeof r.title === 'string';
  return (
    r.type === 'chunk' &&
    typeof r.accession === 'string' &&
    typeof r.partFile === 'string' &&
    typeof r.sectionPath === 'string' &&
    typeof r.ordinal === 'number' &&
    typeof r.text === 'string' &&
    typeof r.contentHash === 'string'
  );
}

/** Lines in a chunks file (0 when it is missing): the total of the load's progress bar. */
export async function countChunkLines(path: string): Promise<number> {
  let lines = 0;
  try {
    for await (const chunk of createReadStream(path)) for (const byte of chunk as Buffer) if (byte === 10) lines += 1;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return lines;
}
