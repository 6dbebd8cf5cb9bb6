import { AppError } from '../../core/app-error.js';
import type { EnrollmentActor, EnrollmentStore, WorkerStatus } from './ports.js';
import { parseWorkerId } from './worker-id.js';

/**
 * Suspends a health worker: their messages get the unknown-sender reply and an unused invite code can
 * no longer be redeemed. Returns the status before. A revoked worker stays revoked (conflict).
 */
export async function suspendWorker(store: EnrollmentStore, input: { workerId: string; actor: EnrollmentActor }): Promise<{ previous: WorkerStatus }> {
  const id = parseWorkerId(input.workerId);
  const previous = await store.changeStatus(id, 'suspended', input.actor);
  if (previous === null) throw new AppError('not_found', `no health worker ${id}`);
  if (previous === 'revoked') throw new AppError('conflict', `health worker ${id} is revoked; enroll them again for a new code`);
  return { previous };
}
