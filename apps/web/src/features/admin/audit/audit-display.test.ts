import { describe, expect, it } from 'vitest';
import { auditActionKey, changesOf } from './audit-display';

describe('audit entry changes', () => {
  it('lists the fields that differ, before and after', () => {
    expect(changesOf({ role: 'support', userName: 'ann' }, { role: 'admin', userName: 'ann' })).toEqual([
      'role: support → admin',
    ]);
  });

  it('shows a field only one side has against a dash, and values that are not text as JSON', () => {
    expect(changesOf(null, { disabled: true, role: 'finance' })).toEqual(['disabled: - → true', 'role: - → finance']);
    expect(changesOf({ tags: ['a'] }, null)).toEqual(['tags: ["a"] → -']);
  });

  it('has nothing to show without a difference', () => {
    expect(changesOf(null, null)).toEqual([]);
    expect(changesOf({ a: 1 }, { a: 1 })).toEqual([]);
  });
});

describe('audit action labels', () => {
  it('names the label of a known action, none for one this console does not know', () => {
    expect(auditActionKey('staff.disable')).toBe('admin.audit.action.staff.disable');
    expect(auditActionKey('refund.approve.someday')).toBeUndefined();
    expect(auditActionKey('staff')).toBeUndefined();
  });
});
