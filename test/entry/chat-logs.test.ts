import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChat } from '../support/run-chat.js';
import { entryArgs } from '../support/entry-command.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** A danger sign: the engine logs a warning (ids only) as it sends the urgent referral. */
const SCRIPT = ['2 year old child', 'convulsions since this morning'];
const JSON_LINE = /^\{.*"level":/m;

const hasScript = (() => {
  try {
    execFileSync('script', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** The chat on a pseudo-terminal (util-linux `script`), as a CHW at a keyboard runs it; everything the terminal shows. */
function chatOnTerminal(env: Record<string, string>, lines: string[]): Promise<string> {
  const command = `env ${Object.entries(env).map(([k, v]) => `${k}='${v}'`).join(' ')} ${[process.execPath, ...entryArgs('chat')].map((a) => `'${a}'`).join(' ')}`;
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], { cwd: ROOT, env: { ...process.env, ENV_FILE: '' }, stdio: ['pipe', 'pipe', 'pipe'] });
    let shown = '';
    child.stdout.on('data', (d: Buffer) => (shown += d.toString()));
    child.stderr.on('data', (d: Buffer) => (shown += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`chat on a terminal did not finish\n${shown}`));
    }, 120_000);
    child.on('close', () => {
      clearTimeout(timer);
      resolve(shown);
    });
    // Type like a person: one line, wait for the answer, the next; then end the input (Ctrl-D).
    void (async () => {
      for (const line of lines) {
        for (let i = 0; i < 300 && !shown.includes('chw> '); i++) await new Promise((r) => setTimeout(r, 100));
        const before = shown.length;
        child.stdin.write(`${line}\n`);
        for (let i = 0; i < 300 && !shown.slice(before).includes('chw> '); i++) await new Promise((r) => setTimeout(r, 100));
      }
      child.stdin.write('\u0004');
      child.stdin.end();
    })();
  });
}

describe('logs never print inside the terminal chat', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'chat-logs-'));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('piped: the conversation on stdout holds no JSON log line; the warning goes to stderr', { timeout: 120_000 }, async () => {
    const run = await runChat(SCRIPT, { DATA_DIR: join(dir, 'piped'), LOG_LEVEL: 'warn' });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('URGENT');
    expect(run.stdout).not.toMatch(JSON_LINE);
    expect(run.stderr).toMatch(/^\{.*"msg":"danger signs: urgent referral sent"/m);
  });

  it('LOG_FILE: the logs go to that file, not stderr', { timeout: 120_000 }, async () => {
    const file = join(dir, 'logs', 'consult.log');
    const run = await runChat(SCRIPT, { DATA_DIR: join(dir, 'to-file'), LOG_LEVEL: 'warn', LOG_FILE: file });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout + run.stderr).not.toMatch(JSON_LINE);
    expect(await readFile(file, 'utf8')).toContain('"msg":"danger signs: urgent referral sent"');
  });

  it.skipIf(!hasScript)('on a terminal: nothing of the logs shows; they are in DATA_DIR/chat.log, which the chat names', { timeout: 150_000 }, async () => {
    const dataDir = join(dir, 'tty');
    const shown = await chatOnTerminal({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, SCRIPT);
    expect(shown).toContain('URGENT');
    expect(shown).toContain(`Logs: ${join(dataDir, 'chat.log')}`);
    expect(shown).not.toContain('"level":');
    expect(await readFile(join(dataDir, 'chat.log'), 'utf8')).toContain('"msg":"danger signs: urgent referral sent"');
  });
});
