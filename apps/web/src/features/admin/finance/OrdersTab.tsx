import {
  limits,
  type OrderKind,
  type OrderStatus,
  orderKinds,
  orderStatuses,
  type StaffOrder,
} from '@edgeward/contract';
import { Button, Card, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useStaffOrders } from '../../../api/admin-finance';
import type { TimeRange } from '../../../components/ListFilters';
import { ListScreen, useListScreen } from '../../../components/ListScreen';
import { formatTime } from '../../../lib/time';
import { useAdminI18n } from '../admin-texts';
import { yuanOf as yuan } from '../dashboard/dashboard-figures';
import { useAddressStart, useSearchInAddress } from '../layout/address-search';
import { OrderDrawer } from './OrderDrawer';
import { OrderStatusTag } from './OrderStatusTag';
import { RefundButton } from './RefundButton';

interface Filters extends TimeRange {
  search: string;
  status?: OrderStatus;
  kind?: OrderKind;
}

/** Every customer's orders, newest first, filtered by status, kind, order number or customer and time placed. */
export function OrdersTab() {
  const { t } = useAdminI18n();
  const screen = useListScreen<Filters>({ search: '' }, useAddressStart());
  useSearchInAddress(screen);
  const orders = useStaffOrders(screen.query);
  const [open, setOpen] = useState<StaffOrder | null>(null);

  const orderNo = (order: StaffOrder) => (
    <Button type="link" size="small" onClick={() => setOpen(order)} data-testid="admin-finance-order-no">
      {order.orderNo}
    </Button>
  );
  const actions = (order: StaffOrder) => (
    <Flex gap={4} wrap>
      <Button type="link" size="small" onClick={() => setOpen(order)} data-testid="admin-finance-order-details">
        {t('admin.finance.orders.details')}
      </Button>
      <RefundButton order={order} />
    </Flex>
  );
  const columns: ColumnsType<StaffOrder> = [
    { title: t('admin.finance.orders.orderNo'), key: 'orderNo', render: (_, order) => orderNo(order) },
    { title: t('admin.finance.customer'), dataIndex: 'userName' },
    {
      title: t('admin.finance.orders.kind'),
      dataIndex: 'kind',
      render: (kind: OrderKind) => t(`commerce.orderKind.${kind}`),
    },
    { title: t('admin.finance.orders.product'), dataIndex: 'productName' },
    {
      title: t('admin.finance.orders.amount'),
      dataIndex: 'amountFen',
      align: 'right',
      render: (fen: string) => yuan(fen),
    },
    {
      title: t('admin.finance.orders.status'),
      dataIndex: 'status',
      render: (status: OrderStatus) => <OrderStatusTag status={status} />,
    },
    { title: t('admin.finance.createdAt'), dataIndex: 'createdAt', render: (at: number) => formatTime(at) },
  ];
  const card = (order: StaffOrder) => (
    <Card size="small" data-testid="admin-finance-order-card">
      <Flex vertical gap={6}>
        <Flex justify="space-between" align="center" gap={8} wrap>
          {orderNo(order)}
          <OrderStatusTag status={order.status} />
        </Flex>
        <Typography.Text>
          {order.productName} · {yuan(order.amountFen)}
        </Typography.Text>
        <Typography.Text type="secondary">
          {order.userName} · {formatTime(order.createdAt)}
        </Typography.Text>
        {actions(order)}
      </Flex>
    </Card>
  );

  return (
    <>
      <ListScreen<StaffOrder, Filters>
        screen={screen}
        remote={orders}
        failure={t('admin.finance.orders.loadFailed')}
        columns={columns}
        rowActions={{ title: t('admin.finance.actions'), render: actions }}
        card={card}
        search={{
          key: 'search',
          placeholder: t('admin.finance.orders.search'),
          maxLength: limits.finance.orderSearchMax,
          testId: 'admin-finance-order-search',
        }}
        choices={[
          {
            key: 'status',
            values: orderStatuses,
            label: (status) => t(`commerce.orderStatus.${status}`),
            placeholder: t('admin.finance.orders.status'),
            width: 140,
            testId: 'admin-finance-order-status',
          },
          {
            key: 'kind',
            values: orderKinds,
            label: (kind) => t(`commerce.orderKind.${kind}`),
            placeholder: t('admin.finance.orders.kind'),
            width: 140,
            testId: 'admin-finance-order-kind',
          },
        ]}
        timeFilter="admin-finance-order-time"
        empty={{
          noMatch: t('admin.finance.orders.noMatch'),
          title: t('admin.finance.orders.emptyTitle'),
          description: t('admin.finance.orders.emptyDescription'),
          testId: 'admin-finance-orders-empty',
        }}
      />
      <OrderDrawer order={open} onClose={() => setOpen(null)} />
    </>
  );
}
