import { adminEnUS } from '../../../locales/en-US/admin';
import type { AdminTextKey } from '../admin-texts';

type Snapshot = Record<string, unknown> | null;

function show(value: unknown): string {
  if (value === undefined || value === null) return '-';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The fields an audit entry's before and after differ in, as `field: before → after`, in the order they appear. */
export function changesOf(before: Snapshot, after: Snapshot): string[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .filter((field) => show(before?.[field]) !== show(after?.[field]))
    .map((field) => `${field}: ${show(before?.[field])} → ${show(after?.[field])}`);
}

/**
 * The label of an audited action, `admin.audit.action.<action>`. Each area of the operator console adds actions to
 * the contract (staffAuditActions), and a newer server may record ones this console does not know: those are shown
 * by their id (the locales test wants a label for every action the contract names).
 */
export function auditActionKey(action: string): AdminTextKey | undefined {
  const key = `admin.audit.action.${action}`;
  return Object.hasOwn(adminEnUS, key) ? (key as AdminTextKey) : undefined;
}
