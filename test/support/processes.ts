import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { entryArgs } from './entry-command.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningProcess {
  child: ChildProcess;
  output(): string;
  /** SIGTERM and wait for exit (graceful); SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<number | null>;
  kill(): Promise<void>;
}

/** Starts one of the project's entry points (src/entry/<name>.ts) as a real process, with `args` as its command line. */
export function startEntry(name: string, env: Record<string, string>, args: string[] = []): RunningProcess {
  const child = spawn(process.execPath, [...entryArgs(name), ...args], {
    cwd: ROOT,
    // ENV_FILE='': a developer's own .env never reaches a test's process unless the test names one.
    env: { ...process.env, LOG_LEVEL: 'warn', ENV_FILE: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => out,
    async stop(graceMs = 15_000) {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
    async kill() {
      if (child.exitCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * Runs an entry point (`npm run <name> -- ...args`) to its end with `stdin` as its input; resolves with
 * its exit code and output (a failing command resolves too). SIGKILLed and rejected after `timeoutMs`.
 * `prefix` runs it through another command (`unshare -m sh -c '...; exec "$0" "$@"'`).
 */
export function runEntry(
  name: string,
  args: string[],
  env: Record<string, string>,
  options: { stdin?: string; timeoutMs?: number; prefix?: string[]; cwd?: string } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  // Absolute paths, so the command can run in another directory (`cwd`), as a user's shell would.
  const [command, ...argv] = [...(options.prefix ?? []), process.execPath, ...entryArgs(name), ...args] as [string, ...string[]];
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, {
      cwd: options.cwd ?? ROOT,
      // ENV_FILE='': a developer's own .env never reaches a test's process unless the test names one.
    env: { ...process.env, LOG_LEVEL: 'warn', ENV_FILE: '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not finish in ${timeoutMs} ms\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(options.stdin ?? '');
  });
}

/** `npm run admin -- ...args` to its end; rejects with its stderr when the command fails. */
export async function runAdmin(args: string[], env: Record<string, string>): Promise<string> {
  const run = await runEntry('admin', args, env);
  if (run.code !== 0) throw new Error(`admin ${args[0]} exited ${run.code}: ${run.stderr}`);
  return run.stdout;
}

/** A TCP port on 127.0.0.1 nothing listens on right now (for a server process to take). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}
