-- Messages double as the chat's inbox and outbox. An inbound message is stored before it is handled
-- (processed_at stays null until its turn commits), so a crash loses nothing and a restart resumes it;
-- seq gives arrival order. An outbound message is stored in the turn's transaction and sent afterwards
-- (sent_at), under a unique idempotency key, so a retried turn or job never sends it twice.
ALTER TABLE messages ADD COLUMN seq bigserial;
ALTER TABLE messages ADD COLUMN processed_at timestamptz(3);
ALTER TABLE messages ADD COLUMN sent_at timestamptz(3);
ALTER TABLE messages ADD COLUMN reply_kind text;
ALTER TABLE messages ADD COLUMN idempotency_key text;
ALTER TABLE messages ADD CONSTRAINT messages_idempotency_key_key UNIQUE (idempotency_key);
CREATE INDEX messages_chat_pending_inbound_idx ON messages (chat_id, seq) WHERE direction = 'inbound' AND processed_at IS NULL;
CREATE INDEX messages_chat_unsent_outbound_idx ON messages (chat_id, seq) WHERE direction = 'outbound' AND sent_at IS NULL;
