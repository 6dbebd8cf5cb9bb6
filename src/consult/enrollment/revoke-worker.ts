import { AppError } from '../../core/app-error.js';
import type { EnrollmentActor, EnrollmentStore, WorkerStatus } from './ports.js';
import { parseWorkerId } from './worker-id.js';

/**
 * Revokes a health worker for good: the channel binding and any unused invite code are cleared, so
 * their next message gets the unknown-sender reply and they can only come back through a new
 * enrollment. Returns the status before (revoking twice is harmless).
 */
export async function revokeWorker(store: EnrollmentStore, input: { workerId: string; actor: EnrollmentActor }): Promise<{ previous: WorkerStatus }> {
  const id = parseWorkerId(input.workerId);
  const previous = await store.changeStatus(id, 'revoked', input.actor);
  if (previous === null) throw new AppError('not_found', `no health worker ${id}`);
  return { previous };
}
