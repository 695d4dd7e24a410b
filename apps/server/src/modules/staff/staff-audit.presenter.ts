import { formatUtc8, type StaffAuditEntry } from '@edgeward/contract';
import { csvRow } from '../../lib/csv';

const columns = [
  'time (UTC+8)',
  'staff',
  'action',
  'target type',
  'target id',
  'target name',
  'customer id',
  'before',
  'after',
  'reason',
  'address',
];

/** The audit log as CSV for the staff's records: English headers, actions by their ids, before/after as JSON. */
export function staffAuditCsv(entries: readonly StaffAuditEntry[]): string {
  const json = (value: Record<string, unknown> | null) => (value === null ? '' : JSON.stringify(value));
  return (
    csvRow(columns) +
    entries
      .map((e) =>
        csvRow([
          formatUtc8(e.createdAt),
          e.staffName,
          e.action,
          e.targetType,
          e.targetId,
          e.targetName,
          e.customerId,
          json(e.before),
          json(e.after),
          e.reason,
          e.address,
        ]),
      )
      .join('')
  );
}
