import { type Order, type OrderKind, type OrderStatus, orderKinds, orderStatuses } from '@edgeward/contract';
import { Button, Card, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useNavigate } from 'react-router';
import { useOrderList } from '../../api/commerce';
import { DateRangeFilter, ListFilter, ListSearch, type TimeRange, useListState } from '../../components/ListFilters';
import { PageContainer } from '../../components/PageContainer';
import { PageTable } from '../../components/PageTable';
import { useI18n } from '../../i18n';
import { formatTime } from '../../lib/time';
import { yuan } from './money';
import { OrderActions } from './OrderActions';
import { OrderStatusTag } from './OrderStatusTag';

interface Filters extends TimeRange {
  orderNo: string;
  status?: OrderStatus;
  kind?: OrderKind;
}

/** The contract's longest order number filter. */
const ORDER_NO_MAX = 64;

/** /order: my orders, newest first, with status, kind, number and time filters; unpaid ones can be paid or cancelled. */
export default function OrderListPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { pageState, search, setSearch, filters, change } = useListState<Filters>({ orderNo: '' });
  const list = useOrderList({
    page: pageState.page,
    size: pageState.size,
    ...(filters.orderNo ? { orderNo: filters.orderNo } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.from !== undefined ? { from: filters.from } : {}),
    ...(filters.to !== undefined ? { to: filters.to } : {}),
  });
  const method = (row: Order) => (row.paymentMethod ? t(`commerce.paymentMethod.${row.paymentMethod}`) : '-');
  const numberCell = (row: Order) => (
    <Link to={`/order/${row.id}`} data-testid="order-no">
      {row.orderNo}
    </Link>
  );

  const columns: ColumnsType<Order> = [
    { title: t('commerce.field.orderNo'), key: 'orderNo', render: (_, row) => numberCell(row) },
    { title: t('commerce.field.product'), dataIndex: 'productName' },
    { title: t('commerce.field.amount'), key: 'amount', align: 'right', render: (_, row) => yuan(row.amountFen) },
    { title: t('commerce.field.status'), key: 'status', render: (_, row) => <OrderStatusTag status={row.status} /> },
    { title: t('commerce.field.paymentMethod'), key: 'method', render: (_, row) => method(row) },
    { title: t('commerce.field.createdAt'), dataIndex: 'createdAt', render: (at: number) => formatTime(at) },
    {
      title: t('commerce.field.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => <OrderActions order={row} detail size="small" />,
    },
  ];

  const card = (row: Order) => (
    <Card size="small" data-testid="order-card">
      <Flex vertical gap={6}>
        <Flex justify="space-between" align="center" gap={8}>
          {numberCell(row)}
          <OrderStatusTag status={row.status} />
        </Flex>
        <Typography.Text>
          {row.productName} · <strong>{yuan(row.amountFen)}</strong>
        </Typography.Text>
        <Typography.Text type="secondary">
          {formatTime(row.createdAt)} · {method(row)}
        </Typography.Text>
        <OrderActions order={row} detail size="small" />
      </Flex>
    </Card>
  );

  return (
    <PageContainer
      extra={
        <Button type="primary" onClick={() => navigate('/plan/buy')}>
          {t('menu.plan.buy')}
        </Button>
      }
    >
      <PageTable<Order>
        rowKey="id"
        remote={list}
        failure={t('commerce.order.listLoadFailed')}
        pageState={pageState}
        columns={columns}
        card={card}
        emptyText={t('commerce.order.empty')}
        toolbar={
          <>
            <ListSearch
              text={search}
              onText={setSearch}
              committed={filters.orderNo}
              onCommit={(orderNo) => change({ orderNo })}
              placeholder={t('commerce.order.searchPlaceholder')}
              maxLength={ORDER_NO_MAX}
              testId="order-search"
            />
            <ListFilter<OrderStatus>
              value={filters.status}
              onChange={(status) => change({ status })}
              values={orderStatuses}
              label={(status) => t(`commerce.orderStatus.${status}`)}
              placeholder={t('commerce.order.statusFilter')}
              width={140}
              testId="order-status-filter"
            />
            <ListFilter<OrderKind>
              value={filters.kind}
              onChange={(kind) => change({ kind })}
              values={orderKinds}
              label={(kind) => t(`commerce.orderKind.${kind}`)}
              placeholder={t('commerce.order.kindFilter')}
              width={160}
              testId="order-kind-filter"
            />
            <DateRangeFilter
              testId="order-time-filter"
              onChange={(range) => change({ from: range.from, to: range.to })}
            />
          </>
        }
      />
    </PageContainer>
  );
}
