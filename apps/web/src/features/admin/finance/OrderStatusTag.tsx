import type { OrderStatus } from '@edgeward/contract';
import { Tag } from 'antd';
import { useAdminI18n } from '../admin-texts';

const colours: Record<OrderStatus, string> = {
  unpaid: 'warning',
  paid: 'success',
  cancelled: 'default',
  refunded: 'purple',
};

/**
 * An order's status, in the customer console's words. The console's own, not the commerce area's tag: sharing a
 * customer module would cut it out of the customer's chunks into one of its own (admin-routes.ts).
 */
export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useAdminI18n();
  return (
    <Tag color={colours[status]} data-testid="admin-finance-order-status" style={{ marginInlineEnd: 0 }}>
      {t(`commerce.orderStatus.${status}`)}
    </Tag>
  );
}
