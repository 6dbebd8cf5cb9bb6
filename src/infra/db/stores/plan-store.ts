import { randomUUID } from 'node:crypto';
import type { PlanStore } from '../../../consult/plan-store.js';
import type { CitedSection } from '../../../rag/guideline-section.js';
import type { Database } from '../open-database.js';
import { insertOutbound } from './message-store.js';

/** The PlanStore port over the database: a plan, its citations and its outbound message in one transaction. */
export function createPlanStore(db: Database): PlanStore {
  return {
    async planExists(idempotencyKey) {
      const rows = await db.sql.query(`SELECT 1 FROM plans WHERE idempotency_key = $1`, [idempotencyKey]);
      return rows.length > 0;
    },

    async commitPlan(input) {
      await db.sql.transaction(async (tx) => {
        const planId = randomUUID();
        const inserted = await tx.query(
          `INSERT INTO plans (id, consult_id, kind, mode, text, model, idempotency_key) VALUES ($1, $2, $3, $4::"PlanMode", $5, $6, $7)
           ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
          [planId, input.consultId, input.kind, input.mode, input.text, input.model, input.idempotencyKey],
        );
        if (inserted.length === 0) return;
        for (const c of input.citations) {
          await tx.query(
            `INSERT INTO citations (id, plan_id, chunk_id, label, accession, section_path, content_hash, quoted_text)
             VALUES ($1, $2, (SELECT id FROM guideline_chunks WHERE id = $3::uuid), $4, $5, $6, $7, $8)`,
            [randomUUID(), planId, c.id, c.label, c.accession, c.sectionPath, c.contentHash, c.text],
          );
        }
        const chat = await tx.query<{ chat_id: string }>(`SELECT chat_id FROM consults WHERE id = $1`, [input.consultId]);
        await insertOutbound(tx, {
          chatRef: chat[0]?.chat_id as string,
          consultId: input.consultId,
          text: input.text,
          kind: input.kind === 'assessment_plan' ? 'plan' : 'reply',
          idempotencyKey: input.idempotencyKey,
        });
        if (input.kind === 'assessment_plan') {
          await tx.query(`UPDATE consults SET stage = 'done', status = 'completed', completed_at = now(), updated_at = now(), version = version + 1 WHERE id = $1`, [input.consultId]);
        }
      });
    },

    async citedSections(consultId) {
      // The section number is the chunk's while it is stored (a follow-up answer's compact labels).
      const rows = await db.sql.query<{ chunk_id: string | null; accession: string; title: string | null; section_path: string; section_number: string | null; quoted_text: string; content_hash: string }>(
        `SELECT DISTINCT ON (ci.content_hash) ci.chunk_id, ci.accession, s.title, ci.section_path, gc.section_number, ci.quoted_text, ci.content_hash
           FROM citations ci JOIN plans p ON p.id = ci.plan_id LEFT JOIN guideline_sources s ON s.accession = ci.accession
           LEFT JOIN guideline_chunks gc ON gc.id = ci.chunk_id
          WHERE p.consult_id = $1`,
        [consultId],
      );
      return rows.map(
        (r): CitedSection => ({
          id: r.chunk_id,
          accession: r.accession,
          bookTitle: r.title ?? r.accession,
          sectionPath: r.section_path,
          titlePath: `${r.title ?? r.accession} > ${r.section_path}`,
          sectionNumber: r.section_number,
          text: r.quoted_text,
          contentHash: r.content_hash,
        }),
      );
    },

    async inboundText(messageId) {
      const rows = await db.sql.query<{ text: string | null }>(`SELECT text FROM messages WHERE id = $1`, [messageId]);
      return rows[0]?.text ?? null;
    },
  };
}
