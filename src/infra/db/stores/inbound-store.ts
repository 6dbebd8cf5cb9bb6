import type { Database } from '../open-database.js';

export type ChannelName = 'telegram' | 'whatsapp' | 'terminal';

/**
 * Records an inbound message id once. Returns true the first time and false for a redelivery, so the
 * caller can drop duplicates without a read-then-write race.
 */
export async function recordInboundOnce(db: Database, input: { channel: ChannelName; messageId: string; chatId: string }): Promise<boolean> {
  const rows = await db.sql.query<{ message_id: string }>(
    `INSERT INTO processed_inbound (channel, message_id, chat_id) VALUES ($1::"Channel", $2, $3)
     ON CONFLICT (channel, message_id) DO NOTHING RETURNING message_id`,
    [input.channel, input.messageId, input.chatId],
  );
  return rows.length === 1;
}
