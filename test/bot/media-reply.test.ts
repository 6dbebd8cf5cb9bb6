import { describe, expect, it } from 'vitest';
import type { MediaKind } from '../../src/consult/messages.js';
import { groupChatRefusal, mediaReply } from '../../src/bot/media-reply.js';

const KINDS: MediaKind[] = ['voice', 'audio', 'photo', 'video', 'sticker', 'document', 'location', 'contact', 'poll', 'other'];

describe('mediaReply', () => {
  it('tells the health worker, for every kind of media, to type instead', () => {
    for (const kind of KINDS) expect(mediaReply(kind)).toMatch(/\btype\b/i);
  });

  it('names what could not be used, so the reply makes sense on its own', () => {
    expect(mediaReply('voice')).toMatch(/voice notes/);
    expect(mediaReply('photo')).toMatch(/photos/);
    expect(mediaReply('document')).toMatch(/files or documents/);
    expect(mediaReply('contact')).toMatch(/do not send patient contact details/);
  });

  it('acknowledges a caption, which the consult reads as text', () => {
    expect(mediaReply('photo', { hadCaption: true })).toBe(`I read your caption, but ${mediaReply('photo')}`);
  });
});

describe('groupChatRefusal', () => {
  it('refuses politely, says why, and points to a private chat', () => {
    expect(groupChatRefusal()).toMatch(/only work in private chats, because consults contain patient details/);
    expect(groupChatRefusal({ botUsername: '@chw_consult_bot' })).toMatch(/message me directly: @chw_consult_bot\.$/);
  });
});
