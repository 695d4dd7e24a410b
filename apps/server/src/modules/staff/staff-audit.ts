import { limits, type StaffAuditEntry, type StaffAuditQuery } from '@edgeward/contract';
import type { Executor } from '../../db/connect';
import { pageWithTotal } from '../../lib/page';
import * as repo from './staff.repository';

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
