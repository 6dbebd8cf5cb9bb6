import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/infra/db/open-database.js';

export interface SeedConsult {
  healthWorkerId: string | null;
  startedAt: Date;
  /** Inbound texts, one message each, a minute apart, each answered by a bot reply. */
  messages?: string[];
  workingDiagnosis?: string;
  differentials?: string[];
  urgent?: boolean;
  /** Plan text with [Sn] markers; citations S1.. are stored with it. */
  plan?: { text: string; citations: Array<{ label: string; accession: string; sectionPath: string; quotedText: string }> };
  demographics?: Record<string, unknown>;
  findings?: Array<{ value: string; category?: string; fromMessage: number; negated?: boolean }>;
  /**
   * The urgent referral as triage sends it on arrival of the first message (with `urgent`): written
   * before that message is handled, so it has no consult id, only the key urgent:<inbound id>
   * (consult-store.ts, commitUrgentReferral). Without it, the first reply says "URGENT: refer now.".
   */
  urgentOnArrival?: string;
  /** Questions asked after the plan, each answered by a follow-up plan (keyed follow-up:<message id>) unless `answer` is null. */
  followUps?: Array<{ question: string; answer: string | null }>;
}

/** A Telegram chat for a health worker (one per worker). */
export async function seedChat(db: Database, healthWorkerId: string | null, externalChatId: string, channel: 'telegram' | 'terminal' = 'telegram'): Promise<string> {
  const id = randomUUID();
  await db.sql.query(`INSERT INTO chats (id, channel, external_chat_id, health_worker_id) VALUES ($1, $4::"Channel", $2, $3)`, [id, externalChatId, healthWorkerId, channel]);
  return id;
}

/**
 * Writes a finished consult straight into the tables, the way the consult engine leaves one (for
 * queue filters and benchmarks; the end-to-end tests make theirs through the engine itself).
 */
export async function seedConsult(db: Database, chatId: string, c: SeedConsult): Promise<string> {
  const consultId = randomUUID();
  const t0 = c.startedAt.getTime();
  const done = c.plan !== undefined;
  await db.sql.query(
    `INSERT INTO consults (id, chat_id, health_worker_id, stage, status, demographics, urgent_referral, created_at, updated_at, completed_at)
     VALUES ($1, $2, $3, $4::"ConsultStage", $5::"ConsultStatus", $6::jsonb, $7, $8, $8, $9)`,
    [consultId, chatId, c.healthWorkerId, done ? 'done' : 'interview', done ? 'completed' : 'active', JSON.stringify(c.demographics ?? { ageYears: 30, sex: 'female' }), c.urgent ?? false, c.startedAt, done ? new Date(t0 + 10 * 60_000) : null],
  );
  const messageIds: string[] = [];
  for (const [i, text] of (c.messages ?? []).entries()) {
    const inbound = randomUUID();
    messageIds.push(inbound);
    await db.sql.query(
      `INSERT INTO messages (id, chat_id, consult_id, direction, channel_message_id, text, processed_at, created_at) VALUES ($1, $2, $3, 'inbound', $4, $5, $6, $6)`,
      [inbound, chatId, consultId, randomUUID(), text, new Date(t0 + i * 60_000)],
    );
    if (c.urgent && i === 0 && c.urgentOnArrival) {
      await db.sql.query(
        `INSERT INTO messages (id, chat_id, consult_id, direction, text, reply_kind, idempotency_key, sent_at, created_at) VALUES ($1, $2, NULL, 'outbound', $3, 'urgent', $4, $5, $5)`,
        [randomUUID(), chatId, c.urgentOnArrival, `urgent:${inbound}`, new Date(t0 + 2_000)],
      );
    }
    const urgentReply = c.urgent && i === 0 && !c.urgentOnArrival;
    await db.sql.query(
      `INSERT INTO messages (id, chat_id, consult_id, direction, text, reply_kind, idempotency_key, sent_at, created_at) VALUES ($1, $2, $3, 'outbound', $4, $5, $6, $7, $7)`,
      [randomUUID(), chatId, consultId, urgentReply ? 'URGENT: refer now.' : 'Thank you. What else did you find?', urgentReply ? 'urgent' : 'reply', `reply:${inbound}:0`, new Date(t0 + i * 60_000 + 5_000)],
    );
  }
  for (const f of c.findings ?? []) {
    await db.sql.query(`INSERT INTO findings (id, consult_id, category, value, negated, source_message_id) VALUES ($1, $2, $3::"FindingCategory", $4, $5, $6)`, [
      randomUUID(),
      consultId,
      f.category ?? 'symptom',
      f.value,
      f.negated ?? false,
      messageIds[f.fromMessage] ?? null,
    ]);
  }
  const dx = [c.workingDiagnosis, ...(c.differentials ?? [])].filter((x): x is string => Boolean(x));
  for (const [i, condition] of dx.entries()) {
    await db.sql.query(`INSERT INTO diagnoses (id, consult_id, condition, rank, source) VALUES ($1, $2, $3, $4, $5::"DiagnosisSource")`, [randomUUID(), consultId, condition, i + 1, i === 0 ? 'health_worker' : 'rules']);
  }
  if (c.urgent) {
    await db.sql.query(`INSERT INTO audit_events (actor_type, action, subject_type, subject_id, data) VALUES ('system', 'triage.urgent_referral', 'chat', $1, $2::jsonb)`, [
      chatId,
      JSON.stringify({ signs: 'convulsions', consultId }),
    ]);
  }
  if (c.plan) {
    const planId = randomUUID();
    await db.sql.query(`INSERT INTO plans (id, consult_id, kind, mode, text, idempotency_key, created_at) VALUES ($1, $2, 'assessment_plan', 'extractive', $3, $4, $5)`, [
      planId,
      consultId,
      c.plan.text,
      `plan:${consultId}`,
      new Date(t0 + 10 * 60_000),
    ]);
    // The plan's own outbound message, under the plan's key (plan-store.ts, commitPlan).
    await db.sql.query(
      `INSERT INTO messages (id, chat_id, consult_id, direction, text, reply_kind, idempotency_key, sent_at, created_at) VALUES ($1, $2, $3, 'outbound', $4, 'plan', $5, $6, $6)`,
      [randomUUID(), chatId, consultId, c.plan.text, `plan:${consultId}`, new Date(t0 + 10 * 60_000 + 1_000)],
    );
    for (const [k, f] of (c.followUps ?? []).entries()) {
      const asked = new Date(t0 + (12 + 2 * k) * 60_000);
      const question = randomUUID();
      await db.sql.query(
        `INSERT INTO messages (id, chat_id, consult_id, direction, channel_message_id, text, processed_at, created_at) VALUES ($1, $2, $3, 'inbound', $4, $5, $6, $6)`,
        [question, chatId, consultId, randomUUID(), f.question, asked],
      );
      if (f.answer === null) continue;
      const answeredAt = new Date(asked.getTime() + 30_000);
      await db.sql.query(`INSERT INTO plans (id, consult_id, kind, mode, text, idempotency_key, created_at) VALUES ($1, $2, 'follow_up', 'extractive', $3, $4, $5)`, [
        randomUUID(),
        consultId,
        f.answer,
        `follow-up:${question}`,
        answeredAt,
      ]);
      await db.sql.query(
        `INSERT INTO messages (id, chat_id, consult_id, direction, text, reply_kind, idempotency_key, sent_at, created_at) VALUES ($1, $2, $3, 'outbound', $4, 'reply', $5, $6, $6)`,
        [randomUUID(), chatId, consultId, f.answer, `follow-up:${question}`, answeredAt],
      );
    }
    for (const ci of c.plan.citations) {
      await db.sql.query(`INSERT INTO citations (id, plan_id, label, accession, section_path, content_hash, quoted_text) VALUES ($1, $2, $3, $4, $5, 'h', $6)`, [
        randomUUID(),
        planId,
        ci.label,
        ci.accession,
        ci.sectionPath,
        ci.quotedText,
      ]);
    }
  }
  return consultId;
}
