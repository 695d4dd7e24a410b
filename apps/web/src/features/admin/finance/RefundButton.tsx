import { type StaffOrder, StaffReasonSchema } from '@edgeward/contract';
import { App } from 'antd';
import { useRefundOrder } from '../../../api/admin-finance';
import { ReasonConfirmButton } from '../../../components/ReasonConfirmButton';
import { useAdminI18n } from '../admin-texts';
import { yuanOf as yuan } from '../dashboard/dashboard-figures';
import { useCurrentStaff } from '../layout/current-staff';
import { canRefund } from './finance-logic';

const reasonSchema = StaffReasonSchema.shape.reason;

/**
 * Refund a paid package order to the customer's balance, with a reason; offered only where it applies and to a
 * member holding `refunds`. A refusal (the order changed meanwhile) is the server's message, and the dialog stays.
 */
export function RefundButton({ order, onDone }: { order: StaffOrder; onDone?: () => void }) {
  const { t } = useAdminI18n();
  const { message } = App.useApp();
  const me = useCurrentStaff();
  const refund = useRefundOrder();
  if (!canRefund(order, me.capabilities)) return null;
  const { orderNo } = order;
  return (
    <ReasonConfirmButton
      type="link"
      size="small"
      danger
      dangerous
      title={t('admin.finance.orders.refundConfirm', { orderNo })}
      description={t('admin.finance.orders.refundHint', { amount: yuan(order.amountFen), name: order.userName })}
      reasonLabel={t('admin.finance.reason')}
      reasonSchema={reasonSchema}
      okText={t('admin.finance.orders.refund')}
      onConfirm={(reason) =>
        refund.mutateAsync({ id: order.id, reason }).then(() => {
          message.success(t('admin.finance.orders.refunded', { orderNo }));
          onDone?.();
        })
      }
      data-testid="admin-finance-refund"
    >
      {t('admin.finance.orders.refund')}
    </ReasonConfirmButton>
  );
}
