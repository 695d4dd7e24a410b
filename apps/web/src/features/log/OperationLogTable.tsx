import {
  type OperationAction,
  type OperationLogItem,
  type OperationTargetType,
  operationActions,
  operationTargetTypes,
} from '@edgeward/contract';
import { Alert, Card, Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { downloadOperationLog, useOperationLog } from '../../api/operation-log';
import { Authorized, useAuthorized } from '../../components/Authorized';
import { Clipped } from '../../components/Clipped';
import { ExportButton } from '../../components/ExportButton';
import type { TimeRange } from '../../components/ListFilters';
import { ListScreen, useListScreen } from '../../components/ListScreen';
import { SampleTag } from '../../components/SampleTag';
import { useI18n } from '../../i18n';
import { formatTime } from '../../lib/time';

interface Filters extends TimeRange {
  search: string;
  targetType?: OperationTargetType;
  action?: OperationAction;
}

/** The server takes a target's name or id of up to 255 characters. */
const SEARCH_MAX = 255;

/** The actions of one target type (each is named `<target type>.<verb>`), or all of them. */
const actionsOf = (type: OperationTargetType | undefined) =>
  type ? operationActions.filter((a) => a.startsWith(`${type}.`)) : operationActions;

function Changes({ row }: { row: OperationLogItem }) {
  const { t } = useI18n();
  if (row.changes.length === 0)
    return <Typography.Text type="secondary">{t('operationLog.noChanges')}</Typography.Text>;
  return (
    <Flex vertical gap={2} data-testid="operation-changes">
      {row.changes.map((c) => (
        <Clipped key={c.field} maxWidth={360} text={`${c.field}: ${c.before ?? '-'} → ${c.after ?? '-'}`} />
      ))}
    </Flex>
  );
}

/**
 * The operation-log tab of /log: every change made to the account and its objects, newest first, with who made it
 * (a session, an API key, or the operator), from which address and what changed; filtered and exported as CSV.
 */
export function OperationLogTable() {
  const { t } = useI18n();
  const allowed = useAuthorized('log', 'query');
  const screen = useListScreen<Filters>({ search: '' });
  const log = useOperationLog(screen.query, allowed);
  // Without the query action the read never starts: say why instead of loading forever.
  if (!allowed) return <Alert type="warning" showIcon title={t('common.forbidden.subTitle')} />;

  const actor = (row: OperationLogItem) => {
    if (row.actor.kind === 'operator') return <Tag color="orange">{t('operationLog.actor.operator')}</Tag>;
    if (row.actor.kind === 'apiKey') return t('operationLog.actor.apiKey', { id: row.actor.apiKeyId });
    return row.actor.sessionId === null ? '-' : t('operationLog.actor.session', { id: row.actor.sessionId });
  };
  const user = (row: OperationLogItem) =>
    row.actor.kind === 'operator' ? <Tag color="orange">{t('operationLog.actor.operator')}</Tag> : row.userName;
  const target = (row: OperationLogItem) => (
    <Flex vertical gap={2}>
      <Typography.Text type="secondary">{t(`operationLog.target.${row.targetType}`)}</Typography.Text>
      <Clipped text={row.targetName ?? (row.targetId ? `#${row.targetId}` : '-')} maxWidth={220} />
    </Flex>
  );
  const actionCell = (row: OperationLogItem) => (
    <Flex gap={4} align="center">
      <span data-testid="operation-action">{t(`operationLog.action.${row.action}`)}</span>
      {row.sample ? <SampleTag /> : null}
    </Flex>
  );

  const columns: ColumnsType<OperationLogItem> = [
    { title: t('operationLog.field.time'), dataIndex: 'createdAt', render: (at: number) => formatTime(at) },
    { title: t('operationLog.field.user'), key: 'user', render: (_, row) => user(row) },
    { title: t('operationLog.field.action'), key: 'action', render: (_, row) => actionCell(row) },
    { title: t('operationLog.field.target'), key: 'target', render: (_, row) => target(row) },
    { title: t('operationLog.field.changes'), key: 'changes', render: (_, row) => <Changes row={row} /> },
    { title: t('operationLog.field.address'), dataIndex: 'address', render: (ip: string | null) => ip ?? '-' },
    { title: t('operationLog.field.actor'), key: 'actor', render: (_, row) => actor(row) },
  ];
  const card = (row: OperationLogItem) => (
    <Card size="small" data-testid="operation-card">
      <Flex vertical gap={6}>
        <Flex justify="space-between" gap={8}>
          {actionCell(row)}
          <Typography.Text type="secondary">{formatTime(row.createdAt)}</Typography.Text>
        </Flex>
        {target(row)}
        <Changes row={row} />
        <Typography.Text type="secondary">
          {user(row)} · {row.address ?? '-'} · {actor(row)}
        </Typography.Text>
      </Flex>
    </Card>
  );

  const { action } = screen.filters;
  return (
    <ListScreen<OperationLogItem, Filters>
      screen={screen}
      remote={log}
      failure={t('operationLog.loadFailed')}
      columns={columns}
      card={card}
      search={{
        key: 'search',
        placeholder: t('operationLog.search'),
        maxLength: SEARCH_MAX,
        testId: 'operation-log-search',
      }}
      choices={[
        {
          key: 'targetType',
          values: operationTargetTypes,
          label: (type) => t(`operationLog.target.${type}`),
          placeholder: t('operationLog.filter.targetType'),
          width: 170,
          testId: 'operation-log-target-filter',
          alongside: (type) => ({ action: action && actionsOf(type).includes(action) ? action : undefined }),
        },
        {
          key: 'action',
          values: actionsOf(screen.filters.targetType),
          label: (value) => t(`operationLog.action.${value}`),
          placeholder: t('operationLog.filter.action'),
          width: 210,
          testId: 'operation-log-action-filter',
        },
      ]}
      timeFilter="operation-log-time-filter"
      empty={{
        noMatch: t('operationLog.noMatch'),
        title: t('operationLog.emptyTitle'),
        description: t('operationLog.emptyDescription'),
        testId: 'operation-log-empty',
      }}
      actions={
        <Authorized permissionId="log" action="export">
          <ExportButton
            download={() => downloadOperationLog(screen.filterQuery)}
            label={t('operationLog.export')}
            testId="operation-log-export"
          />
        </Authorized>
      }
    />
  );
}
