import { spawn } from 'node:child_process';

/** The marker before a child's JSON result on stdout, so stray log lines cannot be mistaken for it. */
export const RESULT_MARKER = '@@bench-result ';

/** Prints a child's result for runChild to pick up. */
export function reportResult(result: unknown): void {
  process.stdout.write(`${RESULT_MARKER}${JSON.stringify(result)}\n`);
}

/**
 * Runs `script` in a fresh Node process (same loader flags as this one) and returns the result it
 * reported. A fresh process per measurement keeps one run's heap and RSS out of the next one's peak.
 */
export async function runChild<T>(script: string, args: string[], nodeFlags: string[] = []): Promise<T> {
  const loader = process.execArgv.length > 0 ? process.execArgv : ['--import', 'tsx'];
  const child = spawn(process.execPath, [...nodeFlags, ...loader, script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (text: string) => {
    stdout += text;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  const line = stdout.split('\n').find((l) => l.startsWith(RESULT_MARKER));
  if (code !== 0 || !line) throw new Error(`bench child ${args.join(' ')} exited ${code} without a result`);
  return JSON.parse(line.slice(RESULT_MARKER.length)) as T;
}
