-- A supervisor's feedback goes to the chat its health worker wrote in last (the review store's
-- healthWorkerChats): the latest inbound message of a chat, found without reading all its messages.
CREATE INDEX messages_chat_inbound_created_at_idx ON messages (chat_id, created_at) WHERE direction = 'inbound';
