import type { OperationChange } from '@edgeward/contract';

/** A summary names at most this many fields, each value cut to valueMax characters. */
const fieldsMax = 12;
const valueMax = 80;

/** Fields whose values never enter the log: only that they changed. */
const secretField = /(?:key|secret|password|token)$/i;
const masked = '******';

type Plain = Record<string, unknown>;
const isObject = (v: unknown): v is Plain | unknown[] => typeof v === 'object' && v !== null;

function shortText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > valueMax ? `${text.slice(0, valueMax - 1)}…` : text;
}

/** A missing side of an object or list is walked as an empty one, so a creation lists the fields it set. */
const emptyLike = (other: unknown) => (Array.isArray(other) ? [] : {});

function walk(path: string, before: unknown, after: unknown, out: OperationChange[]): void {
  if (before === undefined && isObject(after)) before = emptyLike(after);
  if (after === undefined && isObject(before)) after = emptyLike(before);
  if (isObject(before) && isObject(after) && Array.isArray(before) === Array.isArray(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    for (const key of keys) {
      walk(path ? `${path}.${key}` : key, (before as Plain)[key], (after as Plain)[key], out);
    }
    return;
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  const secret = secretField.test(path.split('.').at(-1) ?? '');
  const show = (v: unknown) => (secret && v !== undefined && v !== null && v !== '' ? masked : shortText(v));
  out.push({ field: path, before: show(before), after: show(after) });
}

/**
 * What changed between two states of an object, field by field (nested fields as dotted paths, array items by
 * index), as short before/after texts. Either side may be absent: a creation lists what was set, a deletion what
 * was there. Secrets (keys, passwords, tokens) show only that they changed. Past fieldsMax fields, one last
 * entry counts the rest.
 */
export function describeChanges(before: unknown, after: unknown): OperationChange[] {
  const all: OperationChange[] = [];
  walk('', before ?? {}, after ?? {}, all);
  if (all.length <= fieldsMax) return all;
  return [...all.slice(0, fieldsMax - 1), { field: '…', before: null, after: `+${all.length - fieldsMax + 1}` }];
}
