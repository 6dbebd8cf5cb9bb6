import type { MediaStore } from '../../../consult/media/ports.js';
import type { ConsultPhotos } from '../../../review/consults/consult-photos.js';
import type { Database } from '../open-database.js';

/** The MediaStore port: one message_media row per inbound message, written once. */
export function createMediaStore(db: Database): MediaStore {
  return {
    async keepMedia({ inboundId, kind, mimeType, bytes }) {
      await db.sql.query(
        `INSERT INTO message_media (message_id, kind, mime_type, bytes, byte_length) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (message_id) DO NOTHING`,
        [inboundId, kind, mimeType, Buffer.from(bytes), bytes.byteLength],
      );
    },
  };
}

/** The photos of a consult's messages, for the review page (ids and times, not the bytes). */
export async function consultPhotoIds(db: Database, consultId: string): Promise<string[]> {
  const rows = await db.sql.query<{ message_id: string }>(
    `SELECT mm.message_id FROM message_media mm JOIN messages m ON m.id = mm.message_id
      WHERE m.consult_id = $1 AND mm.kind = 'photo' ORDER BY m.seq`,
    [consultId],
  );
  return rows.map((r) => r.message_id);
}

/** One photo of a consult, or null when that message of that consult has none. */
export async function consultPhoto(db: Database, consultId: string, messageId: string): Promise<{ mimeType: string; bytes: Uint8Array } | null> {
  const rows = await db.sql.query<{ mime_type: string; bytes: Uint8Array }>(
    `SELECT mm.mime_type, mm.bytes FROM message_media mm JOIN messages m ON m.id = mm.message_id
      WHERE m.consult_id = $1 AND mm.message_id = $2 AND mm.kind = 'photo'`,
    [consultId, messageId],
  );
  const row = rows[0];
  return row ? { mimeType: row.mime_type, bytes: new Uint8Array(row.bytes) } : null;
}

/** The review app's ConsultPhotos port over message_media. */
export function createConsultPhotos(db: Database): ConsultPhotos {
  return { photoMessageIds: (consultId) => consultPhotoIds(db, consultId), photo: (consultId, messageId) => consultPhoto(db, consultId, messageId) };
}
