import { runEntry } from './processes.js';

/**
 * Runs `npm run chat` (src/entry/chat.ts) with a scripted conversation on stdin and `args` as its
 * command line (e.g. `['--as', workerId]`); returns what it printed.
 */
export function runChat(script: string[], env: Record<string, string>, timeoutMs = 120_000, args: string[] = []): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runEntry('chat', args, env, { stdin: `${script.join('\n')}\n`, timeoutMs });
}

/** The bot's replies, in order, as printed by the terminal channel. */
export function replies(stdout: string): string[] {
  return stdout.split('\nbot> ').slice(1).map((r) => r.trim());
}
