import type { Locale, OperationLogItem } from '@edgeward/contract';
import { translate } from '../../http/i18n';
import { csvCell } from '../../lib/csv';
import type { OperationListRow } from './operation-log.repository';

export function toOperationLogItem(row: OperationListRow): OperationLogItem {
  return {
    id: row.id,
    createdAt: row.createdAt.getTime(),
    userName: row.userName,
    action: row.action as OperationLogItem['action'],
    targetType: row.targetType as OperationLogItem['targetType'],
    targetId: row.targetId,
    targetName: row.targetName,
    changes: row.changes,
    address: row.address,
    actor:
      row.actor === 'operator'
        ? { kind: 'operator' }
        : row.apiKeyId !== null
          ? { kind: 'apiKey', apiKeyId: row.apiKeyId }
          : { kind: 'session', sessionId: row.sessionId },
    sample: row.sample,
  };
}

function actorText(item: OperationLogItem, locale: Locale): string {
  const { actor } = item;
  if (actor.kind === 'operator') return translate(locale, 'operationLog.actor.operator');
  if (actor.kind === 'apiKey') return translate(locale, 'operationLog.actor.apiKey', { id: actor.apiKeyId });
  return actor.sessionId === null ? '' : translate(locale, 'operationLog.actor.session', { id: actor.sessionId });
}

/** The summary as one line of text: `field: before → after; ...`. */
export function changesText(item: Pick<OperationLogItem, 'changes'>): string {
  return item.changes.map((c) => `${c.field}: ${c.before ?? '-'} → ${c.after ?? '-'}`).join('; ');
}

const csvColumns = ['time', 'user', 'action', 'targetType', 'targetId', 'targetName', 'changes', 'address', 'actor'];

/** The CSV export in the caller's language, with a BOM so spreadsheets read it as UTF-8. */
export function operationLogCsv(items: OperationLogItem[], locale: Locale): string {
  const header = csvColumns.map((h) => csvCell(translate(locale, `operationLog.csv.${h}`)));
  const lines = items.map((item) =>
    [
      new Date(item.createdAt).toISOString(),
      item.actor.kind === 'operator' ? translate(locale, 'operationLog.actor.operator') : item.userName,
      translate(locale, `operationLog.action.${item.action}`),
      translate(locale, `operationLog.target.${item.targetType}`),
      item.targetId,
      item.targetName,
      changesText(item),
      item.address,
      actorText(item, locale),
    ]
      .map(csvCell)
      .join(','),
  );
  return `\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`;
}
