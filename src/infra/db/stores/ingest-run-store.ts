import type { Database } from '../open-database.js';

export type IngestStageName = 'download' | 'parse' | 'embed';

/** Records the start of an ingestion stage; returns the run id. */
export async function startIngestRun(db: Database, stage: IngestStageName): Promise<string> {
  const run = await db.prisma.ingestRun.create({ data: { stage }, select: { id: true } });
  return run.id;
}

/** Records how a stage ended, with its counts (no guideline text). */
export async function finishIngestRun(
  db: Database,
  id: string,
  outcome: { status: 'succeeded' | 'failed' | 'interrupted'; stats: Record<string, unknown>; error?: string },
): Promise<void> {
  await db.prisma.ingestRun.update({
    where: { id },
    data: { status: outcome.status, finishedAt: new Date(), stats: JSON.parse(JSON.stringify(outcome.stats)), error: outcome.error ?? null },
  });
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

/**
 * What the first-run sample load needs to know: whether any non-sample guideline source is loaded,
 * whether any chunk is, and whether a succeeded parse run carries `mark: true` in its stats.
 */
export async function corpusState(db: Database, mark: string): Promise<{ realGuidelines: boolean; anyChunk: boolean; markedRunSucceeded: boolean }> {
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
}
