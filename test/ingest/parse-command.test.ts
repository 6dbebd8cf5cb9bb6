import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { makeTempDir } from './download/helpers.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

// The npm scripts run under tsx, where a worker thread does not inherit the TypeScript loader: this
// runs `npm run guidelines:parse` as they do and checks the workers really parsed.
it('guidelines:parse under tsx parses on worker threads, decodes Latin-1 and names the files it skips', async () => {
  const dataDir = await makeTempDir('parse-command-');
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/entry/guidelines.ts', 'parse', '--from', 'test/fixtures/encoding'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  expect(code, stderr).toBe(0);
  // Progress and the summary go to stderr (stdout stays for data).
  expect(stderr).toMatch(/parse finished: 1 books, 3 parts, .*3 malformed.* on [1-9]\d* worker threads; chunks file changed/);
  for (const file of ['ch3.nxml', 'ch4.nxml', 'ch5.nxml']) expect(stderr).toMatch(new RegExp(`skipped \\S*${file.replace('.', '\\.')}: `));
  const chunks = await readFile(path.join(dataDir, 'chunks.jsonl'), 'utf8');
  expect(chunks).toContain('Donner 10 µg/kg si la fièvre dépasse 38,5 °C.');
  expect(chunks).not.toContain('\uFFFD');
}, 60_000);
