import { limits, type StaffAuditAction, type StaffAuditEntry, staffAuditActions } from '@edgeward/contract';
import { Card, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { downloadStaffAudit, useStaffAudit } from '../../../api/admin';
import { Clipped } from '../../../components/Clipped';
import { ExportButton } from '../../../components/ExportButton';
import type { TimeRange } from '../../../components/ListFilters';
import { ListScreen, useListScreen } from '../../../components/ListScreen';
import { PageContainer } from '../../../components/PageContainer';
import { formatTime } from '../../../lib/time';
import { useAdminI18n } from '../admin-texts';
import { auditActionKey, changesOf } from './audit-display';

interface Filters extends TimeRange {
  staffName: string;
  action?: StaffAuditAction;
}

/** What an entry's before and after differ in, one line per field. */
function Changes({ entry }: { entry: StaffAuditEntry }) {
  const changes = changesOf(entry.before, entry.after);
  if (changes.length === 0) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Flex vertical gap={2} data-testid="admin-audit-changes">
      {changes.map((line) => (
        <Clipped key={line} maxWidth={320} text={line} />
      ))}
    </Flex>
  );
}

/**
 * /admin/audit: what every staff member did, newest first: who, what, to what, why and from where; filtered by
 * name, action and time, and exported as CSV with the same filters.
 */
export default function AuditLogPage() {
  const { t } = useAdminI18n();
  const screen = useListScreen<Filters>({ staffName: '' });
  const log = useStaffAudit(screen.query);

  const actionLabel = (action: string) => {
    const key = auditActionKey(action);
    return key ? t(key) : action;
  };
  const action = (entry: StaffAuditEntry) => <span data-testid="admin-audit-action">{actionLabel(entry.action)}</span>;
  const target = (entry: StaffAuditEntry) => (
    <Clipped text={entry.targetName ?? (entry.targetId ? `#${entry.targetId}` : entry.targetType)} maxWidth={220} />
  );
  const reason = (entry: StaffAuditEntry) => (
    <Clipped text={entry.reason ?? '-'} maxWidth={280} testId="admin-audit-reason" />
  );

  const columns: ColumnsType<StaffAuditEntry> = [
    { title: t('admin.audit.time'), dataIndex: 'createdAt', render: (at: number) => formatTime(at) },
    { title: t('admin.audit.staff'), dataIndex: 'staffName' },
    { title: t('admin.audit.action'), key: 'action', render: (_, entry) => action(entry) },
    { title: t('admin.audit.target'), key: 'target', render: (_, entry) => target(entry) },
    { title: t('admin.audit.reason'), key: 'reason', render: (_, entry) => reason(entry) },
    { title: t('admin.audit.changes'), key: 'changes', render: (_, entry) => <Changes entry={entry} /> },
    { title: t('admin.audit.address'), dataIndex: 'address', render: (ip: string | null) => ip ?? '-' },
  ];
  const card = (entry: StaffAuditEntry) => (
    <Card size="small" data-testid="admin-audit-card">
      <Flex vertical gap={6}>
        <Flex justify="space-between" gap={8} wrap>
          {action(entry)}
          <Typography.Text type="secondary">{formatTime(entry.createdAt)}</Typography.Text>
        </Flex>
        {target(entry)}
        {entry.reason ? reason(entry) : null}
        <Changes entry={entry} />
        <Typography.Text type="secondary">
          {entry.staffName} · {entry.address ?? '-'}
        </Typography.Text>
      </Flex>
    </Card>
  );

  return (
    <PageContainer title={t('admin.menu.audit')} subTitle={t('admin.audit.subtitle')}>
      <ListScreen<StaffAuditEntry, Filters>
        screen={screen}
        remote={log}
        failure={t('admin.audit.loadFailed')}
        columns={columns}
        card={card}
        search={{
          key: 'staffName',
          placeholder: t('admin.audit.searchStaff'),
          maxLength: limits.account.userNameMax,
          testId: 'admin-audit-search',
        }}
        choices={[
          {
            key: 'action',
            values: staffAuditActions,
            label: actionLabel,
            placeholder: t('admin.audit.action'),
            width: 220,
            testId: 'admin-audit-action-filter',
          },
        ]}
        timeFilter="admin-audit-time-filter"
        empty={{
          noMatch: t('admin.audit.noMatch'),
          title: t('admin.audit.emptyTitle'),
          description: t('admin.audit.emptyDescription'),
          testId: 'admin-audit-empty',
        }}
        actions={
          <ExportButton
            download={() => downloadStaffAudit(screen.filterQuery)}
            label={t('admin.audit.export')}
            testId="admin-audit-export"
          />
        }
      />
    </PageContainer>
  );
}
