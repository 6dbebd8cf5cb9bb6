-- Delivery outcomes of an outbound message. A message the platform refuses for good (the user blocked
-- the bot, the chat is gone) is marked undeliverable and never retried, so it cannot block the chat's
-- later messages; a multi-part reply that failed midway resumes at its first undelivered part.
ALTER TABLE messages ADD COLUMN delivered_parts integer NOT NULL DEFAULT 0;
ALTER TABLE messages ADD COLUMN retry_after timestamptz(3);
ALTER TABLE messages ADD COLUMN undeliverable_at timestamptz(3);
ALTER TABLE messages ADD COLUMN undeliverable_reason text;

DROP INDEX messages_chat_unsent_outbound_idx;
CREATE INDEX messages_chat_unsent_outbound_idx ON messages (chat_id, seq)
  WHERE direction = 'outbound' AND sent_at IS NULL AND undeliverable_at IS NULL;
