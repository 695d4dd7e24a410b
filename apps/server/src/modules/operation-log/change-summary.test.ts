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

  it('names twelve fields in full and counts from the thirteenth', () => {
    const fields = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}`, i]));
    expect(describeChanges({}, fields(12)).map((c) => c.field)).toEqual(Object.keys(fields(12)));
    const thirteen = describeChanges({}, fields(13));
    expect(thirteen).toHaveLength(12);
    expect(thirteen.slice(0, 11).map((c) => c.field)).toEqual(Object.keys(fields(11)));
    expect(thirteen[11]).toEqual({ field: '…', before: null, after: '+2' });
  });

  it('keeps a value of 80 characters whole and cuts one of 81 to 79 and an ellipsis', () => {
    const [whole] = describeChanges({}, { text: 'x'.repeat(80) });
    expect(whole!.after).toBe('x'.repeat(80));
    const [cut] = describeChanges({ text: 'y'.repeat(81) }, {});
    expect(cut!.before).toBe(`${'y'.repeat(79)}…`);
  });

  it.each(['key', 'apiKey', 'KEY', 'clientSecret', 'password', 'newPassword', 'token', 'accessToken'])(
    'masks the values of %s, a name ending in a secret word',
    (field) => {
      expect(describeChanges({ [field]: 'old' }, { [field]: 'new' })).toEqual([
        { field, before: '******', after: '******' },
      ]);
    },
  );

  it('shows the values of names that only start with a secret word, and an emptied or missing secret as such', () => {
    expect(describeChanges({ keyType: 'RSA' }, { keyType: 'ECC' })).toEqual([
      { field: 'keyType', before: 'RSA', after: 'ECC' },
    ]);
    expect(describeChanges({ token: 'abc' }, { token: null })).toEqual([
      { field: 'token', before: '******', after: null },
    ]);
    expect(describeChanges({ nested: { password: 'a' } }, {})).toEqual([
      { field: 'nested.password', before: '******', after: null },
    ]);
  });

  it('writes numbers, booleans and lists as JSON, and compares a list with an object as values', () => {
    expect(describeChanges({ n: 1, on: true }, { n: 2, on: false })).toEqual([
      { field: 'n', before: '1', after: '2' },
      { field: 'on', before: 'true', after: 'false' },
    ]);
    expect(describeChanges({ a: [1] }, { a: { 0: 1 } })).toEqual([{ field: 'a', before: '[1]', after: '{"0":1}' }]);
    expect(describeChanges({ a: 'x' }, { a: ['x'] })).toEqual([{ field: 'a', before: 'x', after: '["x"]' }]);
    expect(describeChanges({ list: [] }, { list: ['a', 'b'] })).toEqual([
      { field: 'list.0', before: null, after: 'a' },
      { field: 'list.1', before: null, after: 'b' },
    ]);
    expect(describeChanges({ gone: { a: 1, b: [2] } }, {})).toEqual([
      { field: 'gone.a', before: '1', after: null },
      { field: 'gone.b.0', before: '2', after: null },
    ]);
    expect(describeChanges({ same: [1, { x: 2 }] }, { same: [1, { x: 2 }] })).toEqual([]);
    expect(describeChanges({ a: { b: 1 } }, { a: 'x' })).toEqual([{ field: 'a', before: '{"b":1}', after: 'x' }]);
  });

  it('takes null as a value, not as an object to walk', () => {
    expect(describeChanges({ a: null }, { a: { b: 1 } })).toEqual([{ field: 'a', before: null, after: '{"b":1}' }]);
    expect(describeChanges({ a: null }, { a: null })).toEqual([]);
  });
});
