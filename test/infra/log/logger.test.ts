import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/infra/log/logger.js';

function capture(): { stream: Writable; lines: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { stream, lines: () => chunks.join('') };
}

describe('logger', () => {
  it('writes ids but never message text, names or phone numbers', () => {
    const out = capture();
    const log = createLogger({ level: 'info', destination: out.stream });
    log.info(
      {
        chatId: 'chat-123',
        consultId: 'consult-9',
        text: 'Ama Mensah, 0244123456, is bleeding heavily',
        from: { id: 42, first_name: 'Kofi', last_name: 'Boateng', username: 'kofi_b', phone_number: '+233244000000' },
        message: { text: 'private clinical note', caption: 'photo of rash' },
        worker: { displayName: 'CHW Abena' },
      },
      'inbound message',
    );
    const written = out.lines();
    expect(written).toContain('chat-123');
    expect(written).toContain('consult-9');
    for (const secret of ['Ama Mensah', '0244123456', 'Kofi', 'Boateng', 'kofi_b', '+233244000000', 'private clinical note', 'photo of rash', 'CHW Abena']) {
      expect(written).not.toContain(secret);
    }
    expect(JSON.parse(written.trim()).msg).toBe('inbound message');
  });
});
