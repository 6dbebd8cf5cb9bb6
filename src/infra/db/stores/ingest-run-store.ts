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
