import type { IngestStore } from '../../../ingest/load/ingest-store.js';
import type { Database } from '../open-database.js';
import { createGuidelineChunkStore } from './guideline-chunk-store.js';

/** The IngestStore port over the database: the guideline chunks, and the ingest_runs record. */
export function createIngestStore(db: Database): IngestStore {
  return {
    ...createGuidelineChunkStore(db),
    async startRun(stage) {
      return (await db.prisma.ingestRun.create({ data: { stage }, select: { id: true } })).id;
    },
    async finishRun(id, outcome) {
      await db.prisma.ingestRun.update({
        where: { id },
        data: { status: outcome.status, finishedAt: new Date(), stats: JSON.parse(JSON.stringify(outcome.stats)), error: outcome.error ?? null },
      });
    },
    async corpusState(mark) {
      const [real, chunk, runs] = await Promise.all([
        db.prisma.guidelineSource.findFirst({ where: { kind: { not: 'sample' } }, select: { id: true } }),
        db.prisma.guidelineChunk.findFirst({ select: { id: true } }),
        db.prisma.ingestRun.findMany({ where: { stage: 'parse', status: 'succeeded' }, select: { stats: true } }),
      ]);
      return {
        realGuidelines: real !== null,
        anyChunk: chunk !== null,
        markedRunSucceeded: runs.some((run) => (run.stats as Record<string, unknown> | null)?.[mark] === true),
      };
    },
  };
}

/** The most recent run of each stage. */
export async function lastIngestRuns(db: Database): Promise<Array<{ stage: string; status: string; startedAt: Date; finishedAt: Date | null; stats: unknown }>> {
  const runs = await Promise.all(
    (['download', 'parse', 'embed'] as const).map((stage) =>
      db.prisma.ingestRun.findFirst({ where: { stage }, orderBy: { startedAt: 'desc' }, select: { stage: true, status: true, startedAt: true, finishedAt: true, stats: true } }),
    ),
  );
  return runs.filter((r): r is NonNullable<typeof r> => r !== null);
}
