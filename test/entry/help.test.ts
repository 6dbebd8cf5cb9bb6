import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const scripts = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts;
/** Every npm script that is a command, eval or bench of ours (the rest are tools: tsc, eslint, vitest). */
const commands = Object.entries(scripts).filter(([, command]) => command.startsWith('tsx ') || command.startsWith('node scripts/run-entry.mjs '));

/** `npm run <script> -- --help`, run as npm runs it (the script's words, then the arguments). */
function help(command: string, flag = '--help'): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const [runner, file, ...args] = command.split(' ');
  // A tsx script is loaded through tsx; the entry launcher (scripts/run-entry.mjs) loads tsx itself.
  const loader = runner === 'tsx' ? ['--import', 'tsx'] : [];
  const started = Date.now();
  return new Promise((resolve, reject) => {
    // No configuration and no database: --help must need neither (and must not start the work).
    const child = spawn(process.execPath, [...loader, file!, ...args, flag], { cwd: ROOT, env: { ...process.env, ENV_FILE: '', DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} --help did not exit within 30 s (it ran the work?)\n${stdout}\n${stderr}`));
    }, 30_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

describe('--help on every command, eval and bench', () => {
  it('finds the scripts', () => {
    expect(commands.map(([name]) => name)).toEqual(expect.arrayContaining(['chat', 'admin', 'eval', 'eval:plans', 'bench:load', 'guidelines:parse']));
  });

  it.each(commands)('npm run %s -- --help prints its usage and exits 0', { timeout: 40_000 }, async (_name, command) => {
    const run = await help(command);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Usage: /);
    expect(run.stdout).toMatch(/--help/);
    expect(run.stderr).toBe('');
  });

  it.each(['chat', 'eval:plans', 'bench:review'])('npm run %s -- --no-such-option is refused with the usage, exit 64 (a command line to correct)', { timeout: 40_000 }, async (name) => {
    const run = await help(scripts[name]!, '--no-such-option');
    expect(run.code).toBe(64);
    expect(run.stderr).toMatch(/--no-such-option/);
    expect(run.stderr).toMatch(/Usage: /);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('chat --help names --invite and --as', { timeout: 40_000 }, async () => {
    const run = await help(scripts.chat!);
    expect(run.stdout).toMatch(/--invite <code>/);
    expect(run.stdout).toMatch(/--as <worker-id>/);
  });
});
