-- Gate answers were keyed by the platform's message id (`gate:telegram:<chat id>:<n>`, a WhatsApp id
-- holds the phone number), and the ledger row `send:<key>` outlived the unknown sender's chat: raw ids
-- were left behind for good. New keys hold the keyed hash of the message id (src/consult/send-gate-reply.ts),
-- which SQL cannot compute without the secret, so the keys already stored become internal ids instead.

-- Answers still held (a health worker's welcome in their chat, an answer still waiting to be sent) take
-- their message's own id, and their ledger row moves with them so the send is still claimed once.
UPDATE side_effects s SET key = 'send:gate:' || c.channel::text || ':m:' || m.id::text
  FROM messages m JOIN chats c ON c.id = m.chat_id
 WHERE m.idempotency_key LIKE 'gate:%' AND s.key = 'send:' || m.idempotency_key;
UPDATE messages m SET idempotency_key = 'gate:' || c.channel::text || ':m:' || m.id::text
  FROM chats c
 WHERE c.id = m.chat_id AND m.idempotency_key LIKE 'gate:%';

-- What is left are the ledger rows of answers to unknown senders whose chat was forgotten: the answer
-- was sent, nothing will read them, and each names the sender's chat.
DELETE FROM side_effects s
 WHERE s.key LIKE 'send:gate:%'
   AND NOT EXISTS (SELECT 1 FROM messages m WHERE 'send:' || m.idempotency_key = s.key);

-- A completed send recorded the platform's message ids, and a WhatsApp id holds the recipient's number:
-- the ledger now records only how many parts went (the ids stay on the message row).
UPDATE side_effects SET result = jsonb_build_object('parts', jsonb_array_length(result -> 'channelMessageIds'))
 WHERE jsonb_typeof(result -> 'channelMessageIds') = 'array';

-- Retention deletes ledger rows by age.
CREATE INDEX side_effects_created_at_idx ON side_effects (created_at);
