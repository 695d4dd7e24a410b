import type { Order } from '@edgeward/contract';
import { Alert, Descriptions } from 'antd';
import { useI18n } from '../../i18n';
import { yuan } from './money';

/** Where a bank-transfer recharge goes and the reference that ties the transfer to it. */
export function BankTransferDetails({ order }: { order: Order }) {
  const { t } = useI18n();
  const transfer = order.bankTransfer;
  if (!transfer) return null;
  return (
    <Alert
      type="info"
      showIcon
      data-testid="bank-transfer"
      title={t('commerce.bankTransfer.title')}
      description={
        <Descriptions column={1} size="small" style={{ marginTop: 8 }}>
          <Descriptions.Item label={t('commerce.bankTransfer.amount')}>{yuan(order.amountFen)}</Descriptions.Item>
          <Descriptions.Item label={t('commerce.bankTransfer.accountName')}>{transfer.accountName}</Descriptions.Item>
          <Descriptions.Item label={t('commerce.bankTransfer.bankName')}>{transfer.bankName}</Descriptions.Item>
          <Descriptions.Item label={t('commerce.bankTransfer.accountNumber')}>
            {transfer.accountNumber}
          </Descriptions.Item>
          <Descriptions.Item label={t('commerce.bankTransfer.reference')}>
            <strong data-testid="bank-transfer-reference">{transfer.reference}</strong>
          </Descriptions.Item>
          <Descriptions.Item label={t('commerce.bankTransfer.note')}>
            {t('commerce.bankTransfer.hint')}
          </Descriptions.Item>
        </Descriptions>
      }
    />
  );
}
