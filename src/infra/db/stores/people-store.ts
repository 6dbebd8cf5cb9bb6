import type { Database } from '../open-database.js';

export interface StaffInput {
  role: 'supervisor' | 'admin';
  name: string;
  email: string;
}

/** Creates a supervisor or admin; returns its id. */
export async function createStaffMember(db: Database, input: StaffInput): Promise<string> {
  const row = await db.prisma.staffMember.create({ data: input, select: { id: true } });
  return row.id;
}
