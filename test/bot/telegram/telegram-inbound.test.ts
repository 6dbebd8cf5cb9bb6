import type { Update } from 'grammy/types';
import { describe, expect, it } from 'vitest';
import { FakeTelegramServer } from '../../fakes/fake-telegram-server.js';
import { inboundFromTelegramUpdate } from '../../../src/bot/telegram/telegram-inbound.js';

const CHW = 5_550_001;
const AT = new Date('2025-03-01T09:00:00Z');
const map = (update: Update) => inboundFromTelegramUpdate(update, { now: () => AT });

/** An update exactly as the Bot API sends it (JSON), for shapes the fake's helpers do not build. */
function fromJson(json: string): Update {
  return JSON.parse(json) as Update;
}

describe('inboundFromTelegramUpdate', () => {
  // The fake server builds updates the way the Bot API does; no HTTP is needed to read them.
  const fake = new FakeTelegramServer();

  it('maps a private text message', () => {
    const update = fake.pushTextMessage({ chatId: CHW, messageId: 17, text: 'child 2 years, fever 3 days' });
    expect(map(update)).toEqual({
      channel: 'telegram',
      chatId: String(CHW),
      messageId: `${CHW}:17`,
      senderId: String(CHW),
      chatType: 'private',
      text: 'child 2 years, fever 3 days',
      receivedAt: AT,
    });
  });

  it('reads a photo caption as text and marks the photo', () => {
    const inbound = map(fake.pushPhoto({ chatId: CHW, caption: 'rash on both arms' }));
    expect(inbound).toMatchObject({ media: 'photo', text: 'rash on both arms', chatType: 'private' });
  });

  it('marks a voice note, a sticker and a location as media without text or coordinates', () => {
    const voice = map(fake.pushVoice({ chatId: CHW }));
    const sticker = map(fake.pushSticker({ chatId: CHW }));
    const location = map(fake.pushLocation({ chatId: CHW, latitude: 5.6037, longitude: -0.187 }));
    expect([voice?.media, sticker?.media, location?.media]).toEqual(['voice', 'sticker', 'location']);
    for (const inbound of [voice, sticker, location]) expect(inbound?.text).toBeUndefined();
    expect(JSON.stringify(location)).not.toContain('5.6037');
  });

  it('keeps the file_id, size and duration of a voice note and the largest size of a photo, and no file of other media', () => {
    const voiceUpdate = fake.pushVoice({ chatId: CHW, durationSeconds: 12, bytes: Buffer.from('OggS voice bytes') });
    const sent = voiceUpdate.message?.voice;
    expect(map(voiceUpdate)?.attachment).toEqual({ fileRef: sent?.file_id, bytes: 16, durationSeconds: 12, mimeType: 'audio/ogg' });
    const photoUpdate = fake.pushPhoto({ chatId: CHW });
    const largest = photoUpdate.message?.photo?.at(-1);
    expect(map(photoUpdate)?.attachment).toEqual({ fileRef: largest?.file_id, bytes: largest?.file_size, mimeType: 'image/jpeg' });
    expect(map(fake.pushSticker({ chatId: CHW }))?.attachment).toBeUndefined();
    expect(map(fake.pushDocument({ chatId: CHW, fileName: 'register.pdf' }))?.attachment).toBeUndefined();
  });

  it('maps a document, a video note, a GIF (which also carries `document`), a venue, a contact and a poll', () => {
    const document = map(fake.pushDocument({ chatId: CHW, fileName: 'register.pdf' }));
    const base = `"message_id": 40, "from": {"id": ${CHW}, "is_bot": false, "first_name": "Ama"}, "chat": {"id": ${CHW}, "type": "private", "first_name": "Ama"}, "date": 1740819600`;
    const videoNote = map(fromJson(`{"update_id": 1, "message": {${base}, "video_note": {"file_id": "DQAC", "file_unique_id": "AgAD", "length": 240, "duration": 3}}}`));
    const gif = map(
      fromJson(
        `{"update_id": 2, "message": {${base}, "animation": {"file_id": "CgAC", "file_unique_id": "AgAE", "width": 320, "height": 240, "duration": 2}, "document": {"file_id": "CgAC", "file_unique_id": "AgAE", "mime_type": "video/mp4"}}}`,
      ),
    );
    const venue = map(
      fromJson(
        `{"update_id": 3, "message": {${base}, "location": {"latitude": 5.6, "longitude": -0.18}, "venue": {"location": {"latitude": 5.6, "longitude": -0.18}, "title": "Clinic", "address": "Main road"}}}`,
      ),
    );
    const contact = map(fromJson(`{"update_id": 4, "message": {${base}, "contact": {"phone_number": "+233200000000", "first_name": "Kofi"}}}`));
    const poll = map(
      fromJson(
        `{"update_id": 5, "message": {${base}, "poll": {"id": "1", "question": "Which?", "options": [{"text": "a", "voter_count": 0}, {"text": "b", "voter_count": 0}], "total_voter_count": 0, "is_closed": false, "is_anonymous": true, "type": "regular", "allows_multiple_answers": false}}}`,
      ),
    );
    expect([document?.media, videoNote?.media, gif?.media, venue?.media, contact?.media, poll?.media]).toEqual([
      'document',
      'video',
      'video',
      'location',
      'contact',
      'poll',
    ]);
    // The shared contact's phone number and name never reach the consult.
    expect(JSON.stringify(contact)).not.toMatch(/233200000000|Kofi/);
  });

  it('gives an edit its own id per edit, so it is handled once and apart from the original', () => {
    const json = (editDate: number) =>
      `{"update_id": 9001, "edited_message": {"message_id": 17, "from": {"id": ${CHW}, "is_bot": false, "first_name": "Ama"}, "chat": {"id": ${CHW}, "type": "private", "first_name": "Ama"}, "date": 1740819600, "edit_date": ${editDate}, "text": "child 3 years, fever 3 days"}}`;
    const first = map(fromJson(json(1740819660)));
    const again = map(fromJson(json(1740819660)));
    const second = map(fromJson(json(1740819720)));
    expect(first).toMatchObject({ messageId: `${CHW}:17:e1740819660`, edited: true, text: 'child 3 years, fever 3 days' });
    expect(again?.messageId).toBe(first?.messageId); // a redelivered edit is a duplicate
    expect(second?.messageId).not.toBe(first?.messageId);
    expect(first?.messageId).not.toBe(`${CHW}:17`);
  });

  it('maps group and supergroup messages as group chats with the sender as user', () => {
    const group = map(fake.pushTextMessage({ chatId: -4_001, fromId: CHW, text: 'hello bot' }));
    const supergroup = map(fake.pushTextMessage({ chatId: -1_002_003_004_005, fromId: CHW, text: '/start' }));
    expect(group).toMatchObject({ chatType: 'group', chatId: '-4001', senderId: String(CHW), messageId: expect.stringMatching(/^-4001:\d+$/) });
    expect(supergroup).toMatchObject({ chatType: 'group', chatId: '-1002003004005', senderId: String(CHW) });
  });

  it('maps a channel post as a group chat sent by the channel', () => {
    const post = map(
      fromJson(`{"update_id": 7, "channel_post": {"message_id": 3, "sender_chat": {"id": -100777, "type": "channel", "title": "News"}, "chat": {"id": -100777, "type": "channel", "title": "News"}, "date": 1740819600, "text": "hello"}}`),
    );
    expect(post).toMatchObject({ chatType: 'group', senderId: '-100777', text: 'hello' });
  });

  it('ignores updates that are not messages, and service messages', () => {
    const callback = fake.pushCallbackQuery({ chatId: CHW, messageId: 1, data: 'x' });
    const joined = fromJson(
      `{"update_id": 8, "message": {"message_id": 4, "from": {"id": ${CHW}, "is_bot": false, "first_name": "Ama"}, "chat": {"id": -4001, "type": "group", "title": "CHWs"}, "date": 1740819600, "new_chat_members": [{"id": 99, "is_bot": true, "first_name": "bot"}]}}`,
    );
    expect(map(callback)).toBeUndefined();
    expect(map(joined)).toBeUndefined();
  });
});
