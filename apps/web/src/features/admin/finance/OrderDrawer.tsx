import type { StaffOrder } from '@edgeward/contract';
import { Descriptions, Drawer, Grid } from 'antd';
import { useI18n } from '../../../i18n';
import { formatTime } from '../../../lib/time';
import { useAdminI18n } from '../admin-texts';
import { yuanOf as yuan } from '../dashboard/dashboard-figures';
import { OrderStatusTag } from './OrderStatusTag';
import { RefundButton } from './RefundButton';

/** An order in full: its customer, product, money and each moment of its life; the refund where it applies. */
export function OrderDrawer({ order, onClose }: { order: StaffOrder | null; onClose: () => void }) {
  const { t } = useAdminI18n();
  const { locale } = useI18n();
  const screens = Grid.useBreakpoint();
  const item = (label: string, value: React.ReactNode) => ({ key: label, label, children: value ?? '-' });
  return (
    <Drawer
      open={order !== null}
      onClose={onClose}
      title={order ? t('admin.finance.orders.detailTitle', { orderNo: order.orderNo }) : null}
      size={screens.md ? 560 : '100%'}
      extra={order ? <RefundButton order={order} onDone={onClose} /> : null}
      data-testid="admin-finance-order-drawer"
    >
      {order ? (
        <Descriptions
          column={1}
          bordered
          size="small"
          items={[
            item(t('admin.finance.orders.orderNo'), order.orderNo),
            item(t('admin.finance.customer'), `${order.userName} (#${order.userId})`),
            item(t('admin.finance.orders.kind'), t(`commerce.orderKind.${order.kind}`)),
            item(t('admin.finance.orders.product'), order.productName),
            item(t('admin.finance.orders.spec'), order.spec),
            item(
              t('admin.finance.orders.validity'),
              order.validityMonths === null ? null : t('admin.finance.months', { count: order.validityMonths }),
            ),
            item(t('admin.finance.orders.amount'), yuan(order.amountFen)),
            item(t('admin.finance.orders.status'), <OrderStatusTag status={order.status} />),
            item(
              t('admin.finance.orders.method'),
              order.paymentMethod ? t(`commerce.paymentMethod.${order.paymentMethod}`) : null,
            ),
            item(t('admin.finance.orders.reference'), order.bankTransfer?.reference),
            item(t('admin.finance.createdAt'), formatTime(order.createdAt)),
            item(t('admin.finance.orders.paidAt'), formatTime(order.paidAt)),
            item(t('admin.finance.orders.cancelledAt'), formatTime(order.cancelledAt)),
            item(t('admin.finance.orders.refundedAt'), formatTime(order.refundedAt)),
          ]}
          key={locale}
        />
      ) : null}
    </Drawer>
  );
}
