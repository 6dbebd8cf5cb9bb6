import type { EnrollmentStore, WorkerSummary } from './ports.js';

/** Every enrolled health worker with status, supervisor and bound channels, oldest first. */
export async function listWorkers(store: EnrollmentStore): Promise<WorkerSummary[]> {
  return store.listWorkers();
}
