import { StaffReasonSchema, type StaffTransfer } from '@edgeward/contract';
import { App, Button, Card, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useRejectTransfer, useStaffTransfers } from '../../../api/admin-finance';
import { PageTable, usePageState } from '../../../components/PageTable';
import { ReasonConfirmButton } from '../../../components/ReasonConfirmButton';
import { formatTime } from '../../../lib/time';
import { useAdminI18n } from '../admin-texts';
import { yuanOf as yuan } from '../dashboard/dashboard-figures';
import { ConfirmTransferModal } from './ConfirmTransferModal';

const reasonSchema = StaffReasonSchema.shape.reason;

/** Reject a transfer whose money never came, with a reason the customer reads. */
function RejectButton({ transfer }: { transfer: StaffTransfer }) {
  const { t } = useAdminI18n();
  const { message } = App.useApp();
  const reject = useRejectTransfer();
  const { reference } = transfer;
  return (
    <ReasonConfirmButton
      type="link"
      size="small"
      danger
      dangerous
      title={t('admin.finance.transfers.rejectConfirm', { reference })}
      description={t('admin.finance.transfers.rejectHint')}
      reasonLabel={t('admin.finance.reason')}
      reasonSchema={reasonSchema}
      okText={t('admin.finance.transfers.reject')}
      onConfirm={(reason) =>
        reject
          .mutateAsync({ id: transfer.id, reason })
          .then(() => message.success(t('admin.finance.transfers.rejected', { reference })))
      }
      data-testid="admin-finance-transfer-reject"
    >
      {t('admin.finance.transfers.reject')}
    </ReasonConfirmButton>
  );
}

/** The bank transfers waiting for their money, oldest first: confirm the amount received, or reject. */
export function TransfersTab() {
  const { t } = useAdminI18n();
  const pageState = usePageState();
  const transfers = useStaffTransfers({ page: pageState.page, size: pageState.size });
  const [confirming, setConfirming] = useState<StaffTransfer | null>(null);

  const actions = (transfer: StaffTransfer) => (
    <Flex gap={4} wrap>
      <Button
        type="link"
        size="small"
        onClick={() => setConfirming(transfer)}
        data-testid="admin-finance-transfer-confirm"
      >
        {t('admin.finance.transfers.confirm')}
      </Button>
      <RejectButton transfer={transfer} />
    </Flex>
  );
  const columns: ColumnsType<StaffTransfer> = [
    {
      title: t('admin.finance.transfers.reference'),
      dataIndex: 'reference',
      render: (reference: string) => <Typography.Text copyable>{reference}</Typography.Text>,
    },
    { title: t('admin.finance.customer'), dataIndex: 'userName' },
    {
      title: t('admin.finance.transfers.announced'),
      dataIndex: 'announcedFen',
      align: 'right',
      render: (fen: string) => yuan(fen),
    },
    { title: t('admin.finance.orders.orderNo'), dataIndex: 'orderNo' },
    { title: t('admin.finance.createdAt'), dataIndex: 'createdAt', render: (at: number) => formatTime(at) },
    { title: t('admin.finance.actions'), key: 'actions', fixed: 'right', render: (_, row) => actions(row) },
  ];
  const card = (transfer: StaffTransfer) => (
    <Card size="small" data-testid="admin-finance-transfer-card">
      <Flex vertical gap={6}>
        <Flex justify="space-between" gap={8} wrap>
          <Typography.Text strong copyable>
            {transfer.reference}
          </Typography.Text>
          <span>{yuan(transfer.announcedFen)}</span>
        </Flex>
        <Typography.Text type="secondary">
          {transfer.userName} · {formatTime(transfer.createdAt)}
        </Typography.Text>
        {actions(transfer)}
      </Flex>
    </Card>
  );

  return (
    <>
      <Typography.Paragraph type="secondary">{t('admin.finance.transfers.subtitle')}</Typography.Paragraph>
      <PageTable<StaffTransfer>
        rowKey="id"
        remote={transfers}
        pageState={pageState}
        columns={columns}
        card={card}
        failure={t('admin.finance.transfers.loadFailed')}
        emptyText={t('admin.finance.transfers.empty')}
        data-testid="admin-finance-transfers-table"
      />
      <ConfirmTransferModal transfer={confirming} onClose={() => setConfirming(null)} />
    </>
  );
}
