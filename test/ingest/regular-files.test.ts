import { execFileSync, spawn } from 'node:child_process';
import { cp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { SAMPLE_CORPUS_DIR } from '../../src/ingest/load-sample-corpus.js';
import { makeTempDir } from './download/helpers.js';
import { entryArgs } from '../support/entry-command.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

function canMakeFifo(): boolean {
  try {
    execFileSync('mkfifo', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const hasMkfifo = canMakeFifo();
if (!hasMkfifo) console.warn('mkfifo is not available here: the FIFO-in-the-corpus test is skipped');

/** Runs `guidelines parse --from <dir>` as the npm script does; kills it (by its pid) if it hangs. */
async function runParse(dataDir: string, from: string): Promise<{ code: number | null; stderr: string; hung: boolean }> {
  const child = spawn(process.execPath, [...entryArgs('guidelines'), 'parse', '--from', from], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  let hung = false;
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const timer = setTimeout(() => {
    hung = true;
    child.kill('SIGKILL');
  }, 30_000);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  clearTimeout(timer);
  return { code, stderr, hung };
}

describe('reading a corpus folder takes regular files only', () => {
  it.skipIf(!hasMkfifo)('a FIFO named x.nxml in a book folder is skipped by name; the parse finishes and leaves no .partial file', async () => {
    const dataDir = await makeTempDir('fifo-parse-');
    dirs.push(dataDir);
    const corpus = path.join(dataDir, 'corpus');
    const book = path.join(corpus, 'sample_diarrhoea_SAMPLE-DIARRHOEA');
    await cp(path.join(SAMPLE_CORPUS_DIR, 'sample_diarrhoea_SAMPLE-DIARRHOEA'), book, { recursive: true });
    execFileSync('mkfifo', [path.join(book, 'x.nxml')]);
    // A link out of the corpus is not followed either.
    await symlink('/etc/hostname', path.join(book, 'y.nxml'));

    const { code, stderr, hung } = await runParse(dataDir, corpus);
    expect(hung, 'the parse hung on the FIFO').toBe(false);
    expect(code, stderr).toBe(0);
    expect(stderr).toMatch(/skipped \S*x\.nxml: not a regular file \(a FIFO\)/);
    expect(stderr).toMatch(/skipped \S*y\.nxml: not a regular file \(a symbolic link\)/);
    expect(stderr).toMatch(/parse finished: 1 books/);
    expect(await readdir(dataDir)).not.toContain('chunks.jsonl.partial');
    expect(await readFile(path.join(dataDir, 'chunks.jsonl'), 'utf8')).toContain('SAMPLE-DIARRHOEA');
  }, 60_000);
});
