import { limits, type StaffCustomer } from '@edgeward/contract';
import { Card, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { useStaffCustomers } from '../../../api/admin-customer';
import { ListScreen, useListScreen } from '../../../components/ListScreen';
import { PageContainer } from '../../../components/PageContainer';
import { formatTime } from '../../../lib/time';
import { useAdminI18n } from '../admin-texts';
import { useAddressStart, useSearchInAddress } from '../layout/address-search';
import { DisabledTag, RealNameTag } from './CustomerTags';
import { customerPath } from './customer-logic';

interface Filters {
  search: string;
}

/**
 * /admin/customers: every account, newest first, searched by name, email, id or domain; the search lives in the
 * address (a link or a reload keeps it). A row opens the account's page.
 */
export default function CustomersPage() {
  const { t } = useAdminI18n();
  const screen = useListScreen<Filters>({ search: '' }, useAddressStart());
  useSearchInAddress(screen);
  const customers = useStaffCustomers(screen.query);

  const name = (customer: StaffCustomer) => (
    <Flex gap={6} align="center" wrap>
      <Link to={customerPath(customer.id)} data-testid="admin-customer-link">
        {customer.userName}
      </Link>
      {customer.disabledAt !== null ? <DisabledTag /> : null}
    </Flex>
  );
  const columns: ColumnsType<StaffCustomer> = [
    { title: t('adminCustomer.field.id'), dataIndex: 'id', width: 80 },
    { title: t('adminCustomer.field.userName'), key: 'userName', render: (_, customer) => name(customer) },
    { title: t('adminCustomer.field.email'), dataIndex: 'email' },
    { title: t('adminCustomer.field.phone'), dataIndex: 'phone', render: (phone: string | null) => phone ?? '—' },
    {
      title: t('adminCustomer.field.cdnType'),
      dataIndex: 'cdnType',
      render: (cdnType: StaffCustomer['cdnType']) => t(`adminCustomer.cdnType.${cdnType}`),
    },
    {
      title: t('adminCustomer.field.realName'),
      dataIndex: 'realNameVerified',
      render: (verified: boolean) => <RealNameTag verified={verified} />,
    },
    { title: t('adminCustomer.field.createdAt'), dataIndex: 'createdAt', render: (at: number) => formatTime(at) },
  ];
  const card = (customer: StaffCustomer) => (
    <Card size="small" data-testid="admin-customer-card">
      <Flex vertical gap={6}>
        <Flex justify="space-between" align="center" gap={8} wrap>
          {name(customer)}
          <RealNameTag verified={customer.realNameVerified} />
        </Flex>
        <Typography.Text style={{ overflowWrap: 'anywhere' }}>{customer.email}</Typography.Text>
        <Typography.Text type="secondary">
          #{customer.id} · {t(`adminCustomer.cdnType.${customer.cdnType}`)} · {formatTime(customer.createdAt)}
        </Typography.Text>
      </Flex>
    </Card>
  );

  return (
    <PageContainer title={t('adminCustomer.menu.customers')} subTitle={t('adminCustomer.list.subtitle')}>
      <ListScreen<StaffCustomer, Filters>
        screen={screen}
        remote={customers}
        failure={t('adminCustomer.list.loadFailed')}
        columns={columns}
        card={card}
        search={{
          key: 'search',
          placeholder: t('adminCustomer.list.search'),
          maxLength: limits.domain.nameMax,
          testId: 'admin-customer-search',
        }}
        empty={{
          noMatch: t('adminCustomer.list.noMatch'),
          title: t('adminCustomer.list.emptyTitle'),
          description: t('adminCustomer.list.emptyDescription'),
          testId: 'admin-customer-empty',
        }}
      />
    </PageContainer>
  );
}
