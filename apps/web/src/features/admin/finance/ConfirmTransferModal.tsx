import { formatFen, type StaffTransfer, StaffTransferConfirmSchema } from '@edgeward/contract';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useConfirmTransfer } from '../../../api/admin-finance';
import { useAdminI18n } from '../admin-texts';
import { yuanOf as yuan } from '../dashboard/dashboard-figures';
import { yuanRule, yuanToFen } from './finance-logic';

const receivedSchema = StaffTransferConfirmSchema.shape.receivedFen;

/**
 * The money of a bank transfer arrived: the amount received in CNY (the announced one to start with, shown beside
 * it), converted to fen exactly. A different amount is allowed, and said plainly before the button credits it.
 */
export function ConfirmTransferModal({ transfer, onClose }: { transfer: StaffTransfer | null; onClose: () => void }) {
  const { t, translate } = useAdminI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ received: string }>();
  const confirm = useConfirmTransfer();
  const received = Form.useWatch('received', form);
  const fen = yuanToFen(received ?? '');
  const positive = fen !== null && BigInt(fen) > 0n;

  const submit = ({ received: text }: { received: string }) => {
    const receivedFen = yuanToFen(text);
    if (!transfer || receivedFen === null) return;
    confirm.mutate(
      { id: transfer.id, receivedFen },
      {
        onSuccess: () => {
          message.success(
            t('admin.finance.transfers.confirmed', { amount: yuan(receivedFen), name: transfer.userName }),
          );
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={transfer !== null}
      title={transfer ? t('admin.finance.transfers.confirmTitle', { reference: transfer.reference }) : null}
      okText={
        positive && fen
          ? t('admin.finance.transfers.confirmOk', { amount: yuan(fen) })
          : t('admin.finance.transfers.confirm')
      }
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={confirm.isPending}
      okButtonProps={{ 'data-testid': 'admin-finance-transfer-confirm-ok' }}
      destroyOnHidden
    >
      {transfer ? (
        <Form
          noValidate
          form={form}
          layout="vertical"
          name="transfer-confirm"
          initialValues={{ received: formatFen(transfer.announcedFen) }}
          onFinish={submit}
          preserve={false}
        >
          <Form.Item
            name="received"
            label={t('admin.finance.transfers.received')}
            extra={t('admin.finance.transfers.announcedHint', {
              name: transfer.userName,
              amount: yuan(transfer.announcedFen),
            })}
            rules={[yuanRule(receivedSchema, t('admin.finance.transfers.receivedInvalid'), translate)]}
          >
            <Input
              inputMode="decimal"
              addonAfter="CNY"
              autoFocus
              autoComplete="off"
              data-testid="admin-finance-received"
            />
          </Form.Item>
          {positive && fen !== transfer.announcedFen ? (
            <Alert
              type="warning"
              showIcon
              title={t('admin.finance.transfers.differs', {
                received: yuan(fen),
                announced: yuan(transfer.announcedFen),
              })}
              style={{ marginBottom: 12 }}
              data-testid="admin-finance-received-differs"
            />
          ) : null}
          {positive ? (
            <Typography.Paragraph type="secondary">
              {t('admin.finance.transfers.credit', { amount: yuan(fen), name: transfer.userName })}
            </Typography.Paragraph>
          ) : null}
        </Form>
      ) : null}
    </Modal>
  );
}
