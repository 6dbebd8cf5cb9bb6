import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import type { InboundMessage, OutboundMessage } from '../../consult/messages.js';
import { renderPlain } from '../format/render-plain.js';

/** The terminal's chat when no health worker is named: someone at the keyboard of this machine. */
export const TERMINAL_CHAT_ID = 'local';

/**
 * The terminal chat of one session: each health worker named with `--as` has a chat of their own, so
 * their consults (and an unfinished one) never mix with another worker's or an anonymous session's.
 */
export function terminalChatId(healthWorkerId: string | null): string {
  return healthWorkerId === null ? TERMINAL_CHAT_ID : `${TERMINAL_CHAT_ID}:${healthWorkerId}`;
}

/**
 * Reads lines from a stream (a person at a prompt, or a scripted conversation piped in) and hands
 * each non-empty line on as an InboundMessage. Message ids are unique across runs, because the
 * database remembers every id it has seen.
 */
export async function readTerminalMessages(
  input: NodeJS.ReadableStream,
  onMessage: (message: InboundMessage) => Promise<void>,
  options: { prompt?: () => void; chatId?: string } = {},
): Promise<void> {
  const run = randomUUID();
  let n = 0;
  const lines = createInterface({ input, crlfDelay: Infinity, terminal: false });
  options.prompt?.();
  for await (const line of lines) {
    const text = line.trim();
    if (text === '' || text.startsWith('#')) {
      options.prompt?.();
      continue;
    }
    n += 1;
    await onMessage({
      channel: 'terminal',
      chatId: options.chatId ?? TERMINAL_CHAT_ID,
      messageId: `${run}:${n}`,
      senderId: 'local',
      chatType: 'private',
      text,
      receivedAt: new Date(),
    });
    options.prompt?.();
  }
}

/**
 * Prints replies to the terminal: plain text, bold as ANSI when the output is a TTY. Only `chatId`'s
 * messages are printed: another terminal chat's (another health worker's) wait for their own session.
 */
export function terminalMessenger(output: NodeJS.WritableStream & { isTTY?: boolean }, chatId = TERMINAL_CHAT_ID) {
  let sent = 0;
  return {
    canSend: (channel: string, externalChatId?: string) => channel === 'terminal' && (externalChatId === undefined || externalChatId === chatId),
    async send(_channel: string, message: OutboundMessage): Promise<{ status: 'sent'; channelMessageIds: string[] }> {
      const marker = message.kind === 'urgent' ? '!! URGENT !!\n' : '';
      output.write(`\nbot> ${marker}${renderPlain(message.text, { ansi: Boolean(output.isTTY) })}\n`);
      sent += 1;
      return { status: 'sent', channelMessageIds: [`t${Date.now()}-${sent}`] };
    },
    async typing(_channel: string, typingChatId: string): Promise<void> {
      if (output.isTTY && typingChatId === chatId) output.write('\n(bot is looking up the guidelines...)\n');
    },
  };
}
