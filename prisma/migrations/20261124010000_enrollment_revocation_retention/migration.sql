-- Revocation is a status of its own: final, and an unused invite code cannot undo it.
ALTER TYPE "HealthWorkerStatus" ADD VALUE IF NOT EXISTS 'revoked';

-- Sender hashes become HMACs under SENDER_HASH_SECRET. The unkeyed SHA-256 hashes stored so far can
-- be reversed for Telegram ids and cannot be re-keyed (the ids are not stored), so they are dropped:
-- unknown senders' redelivery records go (at worst one redelivered message is answered again) and the
-- audit events keep their action and time but lose the old hash (this hour's wrong-code count restarts).
DELETE FROM processed_inbound WHERE message_id LIKE 'h:%';
UPDATE audit_events SET subject_id = NULL WHERE subject_type = 'channel_identity';

-- Retention deletes by age.
CREATE INDEX processed_inbound_received_at_idx ON processed_inbound (received_at);
