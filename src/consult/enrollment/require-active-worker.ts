import { AppError } from '../../core/app-error.js';
import type { EnrollmentStore, WorkerStatus } from './ports.js';
import { parseWorkerId } from './worker-id.js';

/** Why a worker who is not active may not consult, in words the operator at the terminal can act on. */
const NOT_ACTIVE: Record<Exclude<WorkerStatus, 'active'>, string> = {
  invited: 'has not used their invite code yet',
  suspended: 'is suspended',
  revoked: 'is revoked',
};

/**
 * The id of the health worker a terminal consult is recorded for (`npm run chat -- --as ID`), as
 * `admin list` prints it. The same rule as the sender gate: only an active worker consults. A malformed
 * id is bad_input, an unknown one not_found, any other status conflict.
 */
export async function requireActiveWorker(store: Pick<EnrollmentStore, 'workerStatus'>, workerId: string): Promise<string> {
  const id = parseWorkerId(workerId);
  const status = await store.workerStatus(id);
  if (status === null) throw new AppError('not_found', `no health worker ${id} (npm run admin -- list shows the ids)`);
  if (status !== 'active') throw new AppError('conflict', `health worker ${id} ${NOT_ACTIVE[status]}: only an active health worker can consult (see npm run admin -- list)`);
  return id;
}
