import { describe, expect, it } from 'vitest';
import { changesText, operationLogCsv, toOperationLogItem } from './operation-log.presenter';
import type { OperationListRow } from './operation-log.repository';

const at = new Date('2026-03-04T05:06:07.000Z');
const row = (over: Partial<OperationListRow> = {}): OperationListRow => ({
  id: 1,
  createdAt: at,
  userName: 'alice',
  actor: 'user',
  sessionId: 5,
  apiKeyId: null,
  address: '192.0.2.1',
  action: 'domain.create',
  targetType: 'domain',
  targetId: '9',
  targetName: 'www.example.com',
  changes: [{ field: 'type', before: null, after: 'web' }],
  sample: false,
  ...over,
});

describe('operation log presenter', () => {
  it('tells the actor: the operator, an API key over a session, a session, or nothing known', () => {
    expect(toOperationLogItem(row({ actor: 'operator', apiKeyId: 3 })).actor).toEqual({ kind: 'operator' });
    expect(toOperationLogItem(row({ apiKeyId: 3 })).actor).toEqual({ kind: 'apiKey', apiKeyId: 3 });
    expect(toOperationLogItem(row()).actor).toEqual({ kind: 'session', sessionId: 5 });
    expect(toOperationLogItem(row({ sessionId: null })).actor).toEqual({ kind: 'session', sessionId: null });
    expect(toOperationLogItem(row())).toMatchObject({ id: 1, createdAt: at.getTime(), sample: false });
  });

  it('writes the changes as one line, a missing side as a dash', () => {
    expect(
      changesText({
        changes: [
          { field: 'a', before: null, after: 'x' },
          { field: 'b', before: 'y', after: null },
        ],
      }),
    ).toBe('a: - → x; b: y → -');
  });

  it('exports CSV with a BOM, the header in the reader language, the operator by role and each actor', () => {
    const items = [
      row(),
      row({ id: 2, apiKeyId: 7, sessionId: null }),
      row({ id: 3, actor: 'operator', sessionId: null, address: null }),
      row({ id: 4, sessionId: null, targetName: '=cmd()', changes: [] }),
    ].map(toOperationLogItem);
    const csv = operationLogCsv(items, 'en-US');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Time,User,Action,Target type,Target ID,Target,Changes,Address,Made by',
      '2026-03-04T05:06:07.000Z,alice,Add domain,Domain,9,www.example.com,type: - → web,192.0.2.1,Session #5',
      '2026-03-04T05:06:07.000Z,alice,Add domain,Domain,9,www.example.com,type: - → web,192.0.2.1,API key #7',
      '2026-03-04T05:06:07.000Z,Operator,Add domain,Domain,9,www.example.com,type: - → web,,Operator',
      "2026-03-04T05:06:07.000Z,alice,Add domain,Domain,9,'=cmd(),,192.0.2.1,",
      '',
    ]);
  });
});
