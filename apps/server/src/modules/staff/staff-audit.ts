import { limits, type StaffAuditAction, type StaffAuditEntry, type StaffAuditQuery } from '@edgeward/contract';
import type { Executor } from '../../db/connect';
import { pageWithTotal } from '../../lib/page';
import * as repo from './staff.repository';

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

/** Writes one audit row; callers pass their transaction so the row and the change land together or not at all. */
export async function recordStaffAction(tx: Executor, actor: StaffActor, record: StaffAuditRecord, at: Date) {
  await repo.insertAudit(tx, {
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

type AuditRow = Awaited<ReturnType<typeof repo.listAudit>>['rows'][number];

function toEntry(row: AuditRow): StaffAuditEntry {
  return {
    id: row.id,
    staffId: row.staffId,
    staffName: row.staffName,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    targetName: row.targetName,
    customerId: row.customerId,
    before: row.before,
    after: row.after,
    reason: row.reason,
    address: row.address,
    createdAt: row.createdAt.getTime(),
  };
}

export function createStaffAuditService(db: Executor) {
  return {
    async list(query: StaffAuditQuery) {
      const { rows, total } = await repo.listAudit(db, query);
      return pageWithTotal(query, rows.map(toEntry), total);
    },
    async exportRows(query: Omit<StaffAuditQuery, 'page' | 'size'>) {
      return (await repo.exportAudit(db, query, limits.staffAudit.exportMax)).map(toEntry);
    },
  };
}
