/** The one parser for chat commands (`/new`, `/cancel`, `/sources`, `/help`, `/start CODE`) on every channel. */

export interface ChatCommand {
  /** Lower-case, without the slash or @botname. */
  command: string;
  /** The rest of the message, trimmed ('' when none). */
  args: string;
}

/**
 * Parses `/command@bot args`; undefined for text that is not a command or is addressed to another bot
 * (only checked when `botUsername` is given).
 */
export function parseChatCommand(text: string, botUsername?: string): ChatCommand | undefined {
  const match = /^\/([a-zA-Z0-9_]{1,32})(?:@([a-zA-Z0-9_]{3,32}))?(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!match?.[1]) return undefined;
  const addressee = match[2];
  if (addressee && botUsername && addressee.toLowerCase() !== botUsername.replace(/^@/, '').toLowerCase()) return undefined;
  return { command: match[1].toLowerCase(), args: (match[3] ?? '').trim() };
}

/**
 * The invite code of `/start CODE` (or the deep link t.me/bot?start=CODE, which arrives as the same
 * text), as typed: matching rules (case) belong to enrollment. Undefined for a bare /start or other text.
 */
export function startCode(command: ChatCommand | undefined): string | undefined {
  if (command?.command !== 'start') return undefined;
  return command.args.split(/\s+/)[0] || undefined;
}
