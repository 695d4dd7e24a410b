import type {
  LedgerEntry,
  MyPackage,
  OperationLogItem,
  StaffCustomerCertificate,
  StaffCustomerDomain,
  StaffCustomerTicket,
  StaffOrder,
} from '@edgeward/contract';
import { Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type CustomerListName, useCustomerList } from '../../../api/admin-customer';
import { Clipped } from '../../../components/Clipped';
import { type PageData, PageTable, usePageState } from '../../../components/PageTable';
import type { Remote } from '../../../lib/remote-state';
import { formatTime } from '../../../lib/time';
import { useAdminI18n } from '../admin-texts';
import { yuanOf as yuan } from '../dashboard/dashboard-figures';
import { quotaOf } from '../finance/finance-logic';
import { OrderStatusTag } from '../finance/OrderStatusTag';
import { useCurrentStaff } from '../layout/current-staff';
import { urgencyColors } from '../tickets/ticket-display';
import { deskSearchPath, domainStatusColors, packageStateColors } from './customer-logic';

/**
 * One list of the customer's page, a page at a time: the console's one table (a skeleton while loading, the failure
 * with its request id and a retry, the empty text only for an empty answer), scrolling sideways on a phone.
 */
export function CustomerList<T extends object>({
  id,
  list,
  columns,
}: {
  id: number;
  list: CustomerListName;
  columns: ColumnsType<T>;
}) {
  const { t } = useAdminI18n();
  const pageState = usePageState();
  // Every list answers a page of its own rows (contract pageOf); the route table types each one.
  const remote = useCustomerList(list, id, { page: pageState.page, size: pageState.size }) as Remote<PageData<T>>;
  return (
    <PageTable<T>
      rowKey="id"
      remote={remote}
      pageState={pageState}
      columns={columns}
      failure={t(`adminCustomer.lists.${list}.loadFailed`)}
      emptyText={t(`adminCustomer.lists.${list}.empty`)}
      data-testid={`admin-customer-${list}-table`}
    />
  );
}

export const time = (at: number | null) => (at === null ? '—' : formatTime(at));
export const colouredTag = (color: string, text: ReactNode) => (
  <Tag color={color} style={{ marginInlineEnd: 0 }}>
    {text}
  </Tag>
);

/** The orders of every kind and status; an order number leads to the finance desk, where its actions are. */
export function CustomerOrders({ id }: { id: number }) {
  const { t } = useAdminI18n();
  const { capabilities } = useCurrentStaff();
  const orderNo = (order: StaffOrder) =>
    capabilities.includes('orders') ? (
      <Link to={deskSearchPath('/admin/finance', order.orderNo)} data-testid="admin-customer-order-link">
        {order.orderNo}
      </Link>
    ) : (
      order.orderNo
    );
  const columns: ColumnsType<StaffOrder> = [
    { title: t('admin.finance.orders.orderNo'), key: 'orderNo', render: (_, order) => orderNo(order) },
    { title: t('admin.finance.orders.kind'), key: 'kind', render: (_, order) => t(`commerce.orderKind.${order.kind}`) },
    { title: t('admin.finance.orders.product'), dataIndex: 'productName' },
    { title: t('admin.finance.orders.amount'), key: 'amount', align: 'right', render: (_, o) => yuan(o.amountFen) },
    { title: t('admin.finance.orders.status'), key: 'status', render: (_, o) => <OrderStatusTag status={o.status} /> },
    { title: t('admin.finance.createdAt'), key: 'createdAt', render: (_, o) => time(o.createdAt) },
    { title: t('adminCustomer.lists.paidAt'), key: 'paidAt', render: (_, o) => time(o.paidAt) },
  ];
  return <CustomerList id={id} list="orders" columns={columns} />;
}

/** The packages of both consoles with their use (unmeasured use said so, not shown as 0). */
export function CustomerPackages({ id }: { id: number }) {
  const { t } = useAdminI18n();
  const quota = (row: MyPackage) => {
    const total = quotaOf(row.type, row.quota);
    if (total === null) return <Typography.Text type="secondary">{t('commerce.myPlan.noQuota')}</Typography.Text>;
    return `${quotaOf(row.type, row.used) ?? t('commerce.myPlan.notMeasured')} / ${total}`;
  };
  const columns: ColumnsType<MyPackage> = [
    {
      title: t('adminCustomer.lists.package'),
      key: 'name',
      render: (_, row) => (
        <Flex vertical gap={2}>
          <Typography.Text strong>{row.name}</Typography.Text>
          <Typography.Text type="secondary">{t(`commerce.packageType.${row.type}`)}</Typography.Text>
        </Flex>
      ),
    },
    { title: t('adminCustomer.lists.quota'), key: 'quota', render: (_, row) => quota(row) },
    { title: t('adminCustomer.lists.validUntil'), key: 'expiresAt', render: (_, row) => time(row.expiresAt) },
    {
      title: t('adminCustomer.lists.status'),
      key: 'state',
      render: (_, row) => colouredTag(packageStateColors[row.state], t(`commerce.packageState.${row.state}`)),
    },
  ];
  return <CustomerList id={id} list="packages" columns={columns} />;
}

/** The balance movements with the balance after each. */
export function CustomerStatement({ id }: { id: number }) {
  const { t } = useAdminI18n();
  const columns: ColumnsType<LedgerEntry> = [
    { title: t('adminCustomer.lists.time'), key: 'createdAt', render: (_, row) => time(row.createdAt) },
    { title: t('commerce.field.ledgerKind'), key: 'kind', render: (_, row) => t(`commerce.ledger.${row.kind}`) },
    { title: t('commerce.field.amount'), key: 'amount', align: 'right', render: (_, row) => yuan(row.amountFen) },
    {
      title: t('commerce.field.balanceAfter'),
      key: 'after',
      align: 'right',
      render: (_, row) => yuan(row.balanceAfterFen),
    },
    { title: t('commerce.field.orderNo'), key: 'orderNo', render: (_, row) => row.orderNo ?? '—' },
    { title: t('commerce.field.note'), key: 'note', render: (_, row) => row.note || '—' },
  ];
  return <CustomerList id={id} list="statement" columns={columns} />;
}

/** The domains of both consoles. */
export function CustomerDomains({ id }: { id: number }) {
  const { t } = useAdminI18n();
  const columns: ColumnsType<StaffCustomerDomain> = [
    {
      title: t('adminDesk.domains.domain'),
      key: 'domainName',
      render: (_, row) => <Clipped text={row.domainName} maxWidth={320} testId="admin-customer-domain-name" />,
    },
    {
      title: t('adminDesk.domains.variant'),
      key: 'variant',
      render: (_, row) => t(`adminDesk.domains.variant.${row.variant}`),
    },
    { title: t('adminDesk.domains.type'), key: 'type', render: (_, row) => t(`domain.type.${row.type}`) },
    {
      title: t('adminCustomer.lists.status'),
      key: 'status',
      render: (_, row) => colouredTag(domainStatusColors[row.status], t(`domain.status.${row.status}`)),
    },
    { title: t('adminCustomer.lists.createdAt'), key: 'createdAt', render: (_, row) => time(row.createdAt) },
  ];
  return <CustomerList id={id} list="domains" columns={columns} />;
}

/** The certificates with the names they cover and their expiry. */
export function CustomerCertificates({ id }: { id: number }) {
  const { t } = useAdminI18n();
  const columns: ColumnsType<StaffCustomerCertificate> = [
    {
      title: t('adminCustomer.lists.name'),
      key: 'name',
      render: (_, row) => <Clipped text={row.name} maxWidth={240} />,
    },
    {
      title: t('adminCustomer.lists.dnsNames'),
      key: 'dnsNames',
      render: (_, row) => <Clipped text={row.dnsNames.join(', ')} maxWidth={320} />,
    },
    { title: t('adminCustomer.lists.expires'), key: 'notAfter', render: (_, row) => time(row.notAfter) },
    {
      title: t('adminCustomer.lists.source'),
      key: 'source',
      render: (_, row) => t(`certificate.source.${row.source}`),
    },
  ];
  return <CustomerList id={id} list="certificates" columns={columns} />;
}

/** The tickets; a ticket number opens the ticket in the console for a member who handles tickets. */
export function CustomerTickets({ id }: { id: number }) {
  const { t } = useAdminI18n();
  const { capabilities } = useCurrentStaff();
  const ticketNo = (row: StaffCustomerTicket) =>
    capabilities.includes('tickets') ? (
      <Link to={`/admin/tickets/${row.id}`} data-testid="admin-customer-ticket-link">
        {row.ticketNo}
      </Link>
    ) : (
      row.ticketNo
    );
  const columns: ColumnsType<StaffCustomerTicket> = [
    { title: t('adminCustomer.lists.ticketNo'), key: 'ticketNo', render: (_, row) => ticketNo(row) },
    {
      title: t('adminCustomer.lists.title'),
      key: 'title',
      render: (_, row) => <Clipped text={row.title} maxWidth={320} />,
    },
    {
      title: t('adminCustomer.lists.urgency'),
      key: 'urgency',
      render: (_, row) => colouredTag(urgencyColors[row.urgency], t(`support.urgency.${row.urgency}`)),
    },
    { title: t('adminCustomer.lists.status'), key: 'status', render: (_, row) => t(`support.status.${row.status}`) },
    { title: t('adminCustomer.lists.updatedAt'), key: 'updatedAt', render: (_, row) => time(row.updatedAt) },
  ];
  return <CustomerList id={id} list="tickets" columns={columns} />;
}

/** The customer's operation log, in the customer's words; what an operator changed is marked so. */
export function CustomerOperations({ id }: { id: number }) {
  const { t } = useAdminI18n();
  const actor = (row: OperationLogItem) => {
    if (row.actor.kind === 'operator') return colouredTag('orange', t('operationLog.actor.operator'));
    if (row.actor.kind === 'apiKey') return t('operationLog.actor.apiKey', { id: row.actor.apiKeyId });
    return row.actor.sessionId === null ? '—' : t('operationLog.actor.session', { id: row.actor.sessionId });
  };
  const columns: ColumnsType<OperationLogItem> = [
    { title: t('operationLog.field.time'), key: 'createdAt', render: (_, row) => time(row.createdAt) },
    {
      title: t('operationLog.field.action'),
      key: 'action',
      render: (_, row) => t(`operationLog.action.${row.action}`),
    },
    {
      title: t('operationLog.field.target'),
      key: 'target',
      render: (_, row) => (
        <Flex vertical gap={2}>
          <Typography.Text type="secondary">{t(`operationLog.target.${row.targetType}`)}</Typography.Text>
          <Clipped text={row.targetName ?? (row.targetId ? `#${row.targetId}` : '—')} maxWidth={220} />
        </Flex>
      ),
    },
    { title: t('operationLog.field.address'), key: 'address', render: (_, row) => row.address ?? '—' },
    { title: t('operationLog.field.actor'), key: 'actor', render: (_, row) => actor(row) },
  ];
  return <CustomerList id={id} list="operations" columns={columns} />;
}
