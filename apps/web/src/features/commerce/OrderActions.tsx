import type { Order } from '@edgeward/contract';
import { App, Button, Space } from 'antd';
import { useNavigate } from 'react-router';
import { useCancelOrder } from '../../api/commerce';
import { Authorized } from '../../components/Authorized';
import { ConfirmButton } from '../../components/ConfirmButton';
import { useI18n } from '../../i18n';

/** The request function has already shown why a cancellation failed (paid meanwhile, closed). */
const quiet = () => undefined;

/** Pay and cancel an unpaid order; `detail` adds the link to its detail page (the list's rows). */
export function OrderActions({ order, detail, size }: { order: Order; detail?: boolean; size?: 'small' | 'middle' }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const cancel = useCancelOrder();
  const link = size === 'small';
  return (
    <Space size={link ? 0 : 8} wrap={!link}>
      {detail ? (
        <Button type="link" size="small" onClick={() => navigate(`/order/${order.id}`)} data-testid="order-detail-open">
          {t('commerce.order.detail')}
        </Button>
      ) : null}
      {order.status === 'unpaid' ? (
        <Authorized permissionId="order" action="edit">
          <Button
            type={link ? 'link' : 'primary'}
            size={size}
            onClick={() => navigate(`/order/${order.id}/pay`)}
            data-testid="order-pay"
          >
            {t(order.paymentMethod === 'bank_transfer' ? 'commerce.order.transferDetails' : 'commerce.order.pay')}
          </Button>
          <ConfirmButton
            type={link ? 'link' : 'default'}
            size={size}
            danger
            dangerous
            title={t('commerce.order.cancelConfirm', { orderNo: order.orderNo })}
            okText={t('commerce.order.cancel')}
            onConfirm={() =>
              cancel.mutateAsync(order.id).then(() => message.success(t('commerce.order.cancelled')), quiet)
            }
            data-testid="order-cancel"
          >
            {t('commerce.order.cancel')}
          </ConfirmButton>
        </Authorized>
      ) : null}
    </Space>
  );
}
