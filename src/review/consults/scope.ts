import type { StaffAccount } from '../auth/ports.js';
import type { ReviewScope } from './ports.js';

/** The consults a staff member may see: an admin everyone's, a supervisor only their own CHWs'. */
export function scopeOf(staff: StaffAccount): ReviewScope {
  return staff.role === 'admin' ? { kind: 'all' } : { kind: 'supervisor', supervisorId: staff.id };
}

/** Whether a staff member may open a consult whose health worker has this supervisor (null: none). */
export function mayOpen(staff: StaffAccount, consultSupervisorId: string | null): boolean {
  return staff.role === 'admin' || (consultSupervisorId !== null && consultSupervisorId === staff.id);
}
