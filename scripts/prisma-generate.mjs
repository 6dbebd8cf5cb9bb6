// `prisma generate` needs no schema engine, but the CLI tries to download one unless
// PRISMA_SCHEMA_ENGINE_BINARY names a file; this sandbox (and many clinics' servers) have no route to
// Prisma's binary host. Migrations do not use the engine: see src/infra/db/migrate.ts.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const prismaCli = require.resolve('prisma/build/index.js');
const env = { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath, PRISMA_HIDE_UPDATE_MESSAGE: '1' };
const result = spawnSync(process.execPath, [prismaCli, 'generate'], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
