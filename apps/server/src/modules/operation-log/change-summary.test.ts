import { describe, expect, it } from 'vitest';
import { describeChanges } from './change-summary';

describe('describeChanges', () => {
  it('lists the fields that differ, nested ones by path and list items by index', () => {
    const before = { a: 1, b: { c: 'x', d: [1, 2] }, same: { deep: true } };
    const after = { a: 2, b: { c: 'x', d: [1, 3, 4] }, same: { deep: true }, added: 'new' };
    expect(describeChanges(before, after)).toEqual([
      { field: 'a', before: '1', after: '2' },
      { field: 'b.d.1', before: '2', after: '3' },
      { field: 'b.d.2', before: null, after: '4' },
      { field: 'added', before: null, after: 'new' },
    ]);
  });

  it('lists what a creation set and what a deletion removed', () => {
    expect(describeChanges(undefined, { type: 'web', origin: ['1.2.3.4'] })).toEqual([
      { field: 'type', before: null, after: 'web' },
      { field: 'origin.0', before: null, after: '1.2.3.4' },
    ]);
    expect(describeChanges({ status: 'disabled' }, undefined)).toEqual([
      { field: 'status', before: 'disabled', after: null },
    ]);
    expect(describeChanges(undefined, undefined)).toEqual([]);
  });

  it('hides secrets, cuts long values and counts what is past the limit', () => {
    expect(describeChanges({ key: '' }, { key: 'secret-value' })).toEqual([
      { field: 'key', before: '', after: '******' },
    ]);
    expect(describeChanges({ backupKey: 'a' }, { backupKey: 'b' })[0]).toMatchObject({ before: '******' });
    const long = describeChanges({}, { text: 'x'.repeat(500) })[0]!;
    expect(long.after!.length).toBe(80);
    const many = describeChanges({}, Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, i])));
    expect(many).toHaveLength(12);
    expect(many.at(-1)).toEqual({ field: '…', before: null, after: '+19' });
  });
});
