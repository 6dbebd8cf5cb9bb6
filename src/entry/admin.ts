import { buildAdminProgram } from './admin-program.js';
import { runMain } from './runtime.js';

/** `npm run admin -- <command>`: staff, health-worker enrollment and retention (`--help` on each). */
runMain(async () => {
  await buildAdminProgram({ env: process.env, out: (line) => process.stdout.write(`${line}\n`) }).parseAsync(process.argv);
});
