import { describe, expect, it } from 'vitest';
import { feedbackChat } from '../../src/review/consults/feedback-chat.js';

const esi = { id: '00000000-0000-4000-8000-0000000000e1', name: 'Esi', supervisorId: null };
const at = (iso: string) => new Date(`2026-11-${iso}Z`);

describe('the chat a supervisor’s feedback goes to', () => {
  const terminalConsult = { chatRef: 'terminal-chat', channel: 'terminal', healthWorker: esi };

  it("is the CHW's messaging chat they wrote in last, even when their terminal chat is newer", () => {
    const chats = [
      { chatRef: 'telegram-chat', channel: 'telegram', lastUsedAt: at('20T09:00:00') },
      { chatRef: 'whatsapp-chat', channel: 'whatsapp', lastUsedAt: at('21T09:00:00') },
      { chatRef: 'terminal-chat', channel: 'terminal', lastUsedAt: at('22T09:00:00') },
    ];
    expect(feedbackChat(terminalConsult, chats)).toEqual({ chatRef: 'whatsapp-chat', channel: 'whatsapp' });
    expect(feedbackChat({ chatRef: 'telegram-chat', channel: 'telegram', healthWorker: esi }, chats)).toEqual({ chatRef: 'whatsapp-chat', channel: 'whatsapp' });
  });

  it("falls back to the consult's own chat when the CHW has no messaging chat", () => {
    expect(feedbackChat(terminalConsult, [{ chatRef: 'terminal-chat', channel: 'terminal', lastUsedAt: at('22T09:00:00') }])).toEqual({ chatRef: 'terminal-chat', channel: 'terminal' });
  });

  it('is none for a consult without a CHW', () => {
    expect(feedbackChat({ chatRef: 'local', channel: 'terminal', healthWorker: null }, [])).toBeNull();
  });
});
