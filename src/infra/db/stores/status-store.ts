import type { Database } from '../open-database.js';

export interface DatabaseStatus {
  migrations: string[];
  sources: number;
  chunks: number;
  chunksWithVectors: number;
  healthWorkers: number;
  consults: number;
  lastIngestRun: { stage: string; status: string; startedAt: Date; finishedAt: Date | null } | null;
}

/** Counts what the database holds, for status commands. */
export async function readDatabaseStatus(db: Database): Promise<DatabaseStatus> {
  const migrations = await db.sql.query<{ name: string }>('SELECT name FROM _app_migrations ORDER BY name');
  const [sources, chunks, chunksWithVectors, healthWorkers, consults, lastRun] = await Promise.all([
    db.prisma.guidelineSource.count(),
    db.prisma.guidelineChunk.count(),
    db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM guideline_chunks WHERE embedding IS NOT NULL'),
    db.prisma.healthWorker.count(),
    db.prisma.consult.count(),
    db.prisma.ingestRun.findFirst({ orderBy: { startedAt: 'desc' }, select: { stage: true, status: true, startedAt: true, finishedAt: true } }),
  ]);
  return {
    migrations: migrations.map((m) => m.name),
    sources,
    chunks,
    chunksWithVectors: chunksWithVectors[0]?.n ?? 0,
    healthWorkers,
    consults,
    lastIngestRun: lastRun,
  };
}
