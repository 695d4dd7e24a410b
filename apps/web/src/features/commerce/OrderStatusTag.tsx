import type { OrderStatus } from '@edgeward/contract';
import { Tag } from 'antd';
import { useI18n } from '../../i18n';

const colours: Record<OrderStatus, string> = {
  unpaid: 'warning',
  paid: 'success',
  cancelled: 'default',
  refunded: 'purple',
};

/** An order's status (spec section 4: paid, unpaid, cancelled, refunded). */
export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useI18n();
  return (
    <Tag color={colours[status]} data-testid="order-status" style={{ marginInlineEnd: 0 }}>
      {t(`commerce.orderStatus.${status}`)}
    </Tag>
  );
}
