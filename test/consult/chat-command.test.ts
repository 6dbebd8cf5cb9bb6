import { describe, expect, it } from 'vitest';
import { parseChatCommand, startCode } from '../../src/consult/chat-command.js';

describe('parseChatCommand', () => {
  it('reads the invite code of /start CODE and of a deep link', () => {
    expect(startCode(parseChatCommand('/start K7Q-42XD'))).toBe('K7Q-42XD');
    expect(startCode(parseChatCommand('  /start   K7Q42XD  '))).toBe('K7Q42XD');
    expect(startCode(parseChatCommand('/start@chw_consult_test_bot K7Q42XD', 'chw_consult_test_bot'))).toBe('K7Q42XD');
  });

  it('returns no code for a bare /start or another command, and no command for plain text or for another bot', () => {
    expect(startCode(parseChatCommand('/start'))).toBeUndefined();
    expect(parseChatCommand('/started K7Q')?.command).toBe('started');
    expect(parseChatCommand('start K7Q')).toBeUndefined();
    expect(startCode(parseChatCommand('/new'))).toBeUndefined();
    expect(parseChatCommand('/start@other_bot K7Q', 'chw_consult_test_bot')).toBeUndefined();
  });

  it('parses other commands with their arguments', () => {
    expect(parseChatCommand('/NEW')).toEqual({ command: 'new', args: '' });
    expect(parseChatCommand('/help me please')).toEqual({ command: 'help', args: 'me please' });
    expect(parseChatCommand('what about /help')).toBeUndefined();
  });
});
