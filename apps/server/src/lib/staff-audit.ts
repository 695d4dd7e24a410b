import type { StaffAuditAction } from '@edgeward/contract';
import { count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../db/connect';
import { staffAuditLog } from '../db/schema';

/** Who did it: a staff member from an address, or the operator's command line (no member, no address). */
export type StaffActor = { kind: 'staff'; staffId: number; staffName: string; address: string } | { kind: 'ops' };

export const opsActor: StaffActor = { kind: 'ops' };
/** How the audit log names what the command line did. */
const opsName = 'npm run ops';

export interface StaffAuditRecord {
  action: StaffAuditAction;
  targetType: string;
  targetId?: string | number;
  targetName?: string;
  customerId?: number;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  reason?: string;
}

/**
 * Writes one row of the staff audit log. Every area's staff actions call it with their own transaction, so the row
 * and the change land together or not at all; it lives here, outside the staff area, so that the areas which write
 * it need not depend on that area (which reads several of them for its dashboard).
 */
export async function recordStaffAction(tx: Executor, actor: StaffActor, record: StaffAuditRecord, at: Date) {
  await tx.insert(staffAuditLog).values({
    staffId: actor.kind === 'staff' ? actor.staffId : null,
    staffName: actor.kind === 'staff' ? actor.staffName : opsName,
    address: actor.kind === 'staff' ? actor.address : null,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId === undefined ? null : String(record.targetId),
    targetName: record.targetName ?? null,
    customerId: record.customerId ?? null,
    before: record.before ?? null,
    after: record.after ?? null,
    reason: record.reason ?? null,
    createdAt: at,
  });
}

/** The staff member behind a staff route's call, as the author of what it changes. */
export function staffActor(staff: { id: number; userName: string }, address: string): StaffActor {
  return { kind: 'staff', staffId: staff.id, staffName: staff.userName, address };
}

/** One page of the audit rows of one action, newest first (what a screen lists of its own past actions). */
export async function auditRowsOf(ex: Executor, action: StaffAuditAction, page: { page: number; size: number }) {
  const where = eq(staffAuditLog.action, action);
  const [rows, [total]] = await Promise.all([
    ex
      .select()
      .from(staffAuditLog)
      .where(where)
      .orderBy(desc(staffAuditLog.createdAt), desc(staffAuditLog.id))
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    ex.select({ n: count() }).from(staffAuditLog).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
