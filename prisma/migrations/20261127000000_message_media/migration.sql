-- Voice notes and photos. An inbound message keeps the platform's reference to its file (Telegram's
-- file_id, with the size and duration the update stated) only until its turn has run: the file is
-- fetched in the turn, never before the message is stored and acknowledged, and the reference is
-- cleared when the turn commits.
ALTER TABLE messages ADD COLUMN attachment jsonb;

-- The media kept with a consult: photos (re-encoded, so EXIF and other metadata such as a GPS
-- location are gone) and, only when VOICE_KEEP_AUDIO is set, the audio of a voice note. One row per
-- inbound message; the consult is the message's.
CREATE TABLE message_media (
  message_id uuid PRIMARY KEY REFERENCES messages (id) ON DELETE CASCADE,
  kind text NOT NULL,
  mime_type text NOT NULL,
  bytes bytea NOT NULL,
  byte_length integer NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
