import { isAppError } from '../../core/app-error.js';
import { enrollWorker } from '../../consult/enrollment/enroll-worker.js';
import { listWorkers } from '../../consult/enrollment/list-workers.js';
import type { EnrollmentStore } from '../../consult/enrollment/ports.js';
import { revokeWorker } from '../../consult/enrollment/revoke-worker.js';
import type { WorkerAdmin } from './ports.js';

/** The admin pages' enrollment, through the one enrollment module (the same use cases as the admin CLI). */
export function createWorkerAdmin(store: EnrollmentStore): WorkerAdmin {
  return {
    async listWorkers() {
      return (await listWorkers(store)).map((w) => ({
        id: w.id,
        displayName: w.displayName,
        status: w.status,
        supervisorEmail: w.supervisorEmail,
        channels: w.channels,
        createdAt: w.createdAt,
      }));
    },
    enroll: (input) => enrollWorker(store, input),
    async revoke(workerId, actorStaffId) {
      try {
        await revokeWorker(store, { workerId, actor: { type: 'staff', id: actorStaffId } });
        return true;
      } catch (error) {
        if (isAppError(error) && (error.code === 'not_found' || error.code === 'bad_input')) return false;
        throw error;
      }
    },
  };
}
