import { defineConfig } from 'vitest/config';

// CI reads the JSON report to print its closing "N passed, N failed" line (.ci/run).
const jsonReport = process.env.VITEST_JSON_REPORT;

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Once per run: compile the processes the end-to-end tests start, and save the test databases as
    // PGlite images to restore.
    globalSetup: ['test/support/build-entries.ts', 'test/support/pglite-images.ts'],
    // Each test file owns its own database; two cores cannot run many PGlite instances at once.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: jsonReport ? ['default', 'json'] : ['default'],
    ...(jsonReport ? { outputFile: { json: jsonReport } } : {}),
  },
});
