import { defineConfig } from 'prisma/config';

// Only `prisma generate` uses this file: migrations run through src/infra/db/migrate.ts, and the
// runtime connects through driver adapters built in src/infra/db/connect.ts.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
});
