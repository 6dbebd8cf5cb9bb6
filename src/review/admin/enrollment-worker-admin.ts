import { AppError } from '../../core/app-error.js';
import { enrollWorker } from '../../consult/enrollment/enroll-worker.js';
import { listWorkers } from '../../consult/enrollment/list-workers.js';
import type { EnrollmentStore } from '../../consult/enrollment/ports.js';
import { revokeWorker } from '../../consult/enrollment/revoke-worker.js';
import type { WorkerAdmin } from './ports.js';

/** The admin pages' WorkerAdmin over the one enrollment module (src/consult/enrollment), acting as the signed-in staff member. */
export function workerAdminOverEnrollment(store: EnrollmentStore): WorkerAdmin {
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
    async enroll(input) {
      const enrolled = await enrollWorker(store, { displayName: input.displayName, supervisorEmail: input.supervisorEmail, days: input.days });
      return { workerId: enrolled.workerId, inviteCode: enrolled.inviteCode, expiresAt: enrolled.expiresAt };
    },
    async revoke(workerId, actorStaffId) {
      try {
        await revokeWorker(store, { workerId, actor: { type: 'staff', id: actorStaffId } });
        return true;
      } catch (error) {
        if (error instanceof AppError && (error.code === 'not_found' || error.code === 'bad_input')) return false;
        throw error;
      }
    },
  };
}
