import type { StaffNoticeRecord } from '@edgeward/contract';
import { Card, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useSentNotices } from '../../../api/admin-notice';
import { PageTable, usePageState } from '../../../components/PageTable';
import { formatTime } from '../../../lib/time';
import { useAdminI18n } from '../admin-texts';
import { recipientOf } from './notice-logic';

/** The notices sent, newest first (the audit log's records of them): loading, failure, empty and rows apart. */
export function SentNotices() {
  const { t } = useAdminI18n();
  const pageState = usePageState();
  const sent = useSentNotices({ page: pageState.page, size: pageState.size });
  const to = (notice: StaffNoticeRecord) => recipientOf(notice.to, t('adminNotice.list.toAll'));

  const columns: ColumnsType<StaffNoticeRecord> = [
    {
      title: t('adminNotice.list.noticeTitle'),
      dataIndex: 'title',
      render: (title: string) => <span data-testid="admin-notice-row-title">{title}</span>,
    },
    { title: t('adminNotice.list.to'), key: 'to', render: (_, notice) => to(notice) },
    { title: t('adminNotice.list.recipients'), dataIndex: 'recipients', align: 'right' },
    { title: t('adminNotice.list.staff'), dataIndex: 'staffName' },
    { title: t('adminNotice.list.sentAt'), dataIndex: 'sentAt', render: (at: number) => formatTime(at) },
  ];
  const card = (notice: StaffNoticeRecord) => (
    <Card size="small" data-testid="admin-notice-card">
      <Flex vertical gap={4}>
        <Typography.Text strong data-testid="admin-notice-row-title">
          {notice.title}
        </Typography.Text>
        <Typography.Text>
          {t('adminNotice.list.to')}: {to(notice)} · {t('adminNotice.list.recipients')}: {notice.recipients}
        </Typography.Text>
        <Typography.Text type="secondary">
          {notice.staffName} · {formatTime(notice.sentAt)}
        </Typography.Text>
      </Flex>
    </Card>
  );

  return (
    <Card title={t('adminNotice.list.title')} size="small">
      <PageTable<StaffNoticeRecord>
        rowKey="id"
        remote={sent}
        pageState={pageState}
        columns={columns}
        card={card}
        failure={t('adminNotice.list.loadFailed')}
        emptyText={t('adminNotice.list.empty')}
        data-testid="admin-notice-table"
      />
    </Card>
  );
}
