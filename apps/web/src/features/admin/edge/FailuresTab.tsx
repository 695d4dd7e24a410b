import type { StaffEdgeFailure } from '@edgeward/contract';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEdgeFailures } from '../../../api/admin-edge';
import { RemoteTable } from '../../../components/PageTable';
import { formatTime } from '../../../lib/time';
import { useAdminI18n } from '../admin-texts';

const rowsOf = (list: StaffEdgeFailure[]) => list;

/** nginx's message as it wrote it: monospace, its line breaks kept, long words broken rather than widening the table. */
const messageStyle = {
  fontFamily: 'monospace',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  minWidth: 240,
  maxWidth: 520,
  margin: 0,
} as const;

/** The configurations the nodes could not apply (domains abnormal), newest first, with nginx's message. */
export function FailuresTab() {
  const { t } = useAdminI18n();
  const failures = useEdgeFailures();
  const columns: ColumnsType<StaffEdgeFailure> = [
    { title: t('adminEdge.failures.node'), dataIndex: 'node' },
    { title: t('adminEdge.failures.domain'), dataIndex: 'domainName' },
    { title: t('adminEdge.failures.customer'), dataIndex: 'userName' },
    { title: t('adminEdge.failures.version'), dataIndex: 'version', align: 'right' },
    {
      title: t('adminEdge.failures.reason'),
      dataIndex: 'reason',
      render: (reason: string | null) =>
        reason === null ? (
          <Typography.Text type="secondary">{t('adminEdge.failures.noReason')}</Typography.Text>
        ) : (
          <Typography.Paragraph style={messageStyle} data-testid="admin-edge-failure-reason">
            {reason}
          </Typography.Paragraph>
        ),
    },
    {
      title: t('adminEdge.failures.reportedAt'),
      dataIndex: 'reportedAt',
      render: (at: number) => formatTime(at),
    },
  ];
  return (
    <RemoteTable<StaffEdgeFailure, StaffEdgeFailure[]>
      rowKey={(failure) => `${failure.node}:${failure.domainId}:${failure.version}`}
      remote={failures}
      rows={rowsOf}
      columns={columns}
      failure={t('adminEdge.failures.loadFailed')}
      emptyText={t('adminEdge.failures.empty')}
      data-testid="admin-edge-failures-table"
    />
  );
}
