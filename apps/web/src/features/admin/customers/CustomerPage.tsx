import type { StaffCustomerDetail } from '@edgeward/contract';
import { Alert, Card, Descriptions, Flex, Result, Tabs, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, matchPath, useLocation, useSearchParams } from 'react-router';
import { useStaffCustomer } from '../../../api/admin-customer';
import { DataState } from '../../../components/DataState';
import { PageContainer } from '../../../components/PageContainer';
import { formatTime } from '../../../lib/time';
import { useAdminI18n } from '../admin-texts';
import { CustomerActions } from './CustomerActions';
import {
  CustomerCertificates,
  CustomerDomains,
  CustomerOperations,
  CustomerOrders,
  CustomerPackages,
  CustomerStatement,
  CustomerTickets,
} from './CustomerLists';
import { CustomerPermissions } from './CustomerPermissions';
import { CustomerLogins } from './CustomerSignIns';
import { CustomerSummary } from './CustomerSummary';
import { DisabledTag, RealNameTag } from './CustomerTags';
import { type CustomerTab, customerIdOf, customerTabOf, customerTabSearch, customerTabs } from './customer-logic';

/** Why the account is closed, and since when; what that means for the customer. */
function DisabledBanner({ customer }: { customer: StaffCustomerDetail }) {
  const { t } = useAdminI18n();
  if (customer.disabledAt === null) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={t('adminCustomer.detail.disabledTitle', { time: formatTime(customer.disabledAt) })}
      description={
        <Flex vertical gap={4}>
          {customer.disabledReason ? (
            <span data-testid="admin-customer-disabled-reason" style={{ overflowWrap: 'anywhere' }}>
              {t('adminCustomer.detail.disabledReason', { reason: customer.disabledReason })}
            </span>
          ) : null}
          <span>{t('adminCustomer.detail.disabledHint')}</span>
        </Flex>
      }
      data-testid="admin-customer-disabled"
    />
  );
}

function Profile({ customer }: { customer: StaffCustomerDetail }) {
  const { t } = useAdminI18n();
  const lastSignIn =
    customer.lastSignInAt === null
      ? t('adminCustomer.never')
      : customer.lastSignInIp
        ? t('adminCustomer.lastSignInFrom', { time: formatTime(customer.lastSignInAt), ip: customer.lastSignInIp })
        : formatTime(customer.lastSignInAt);
  const item = (label: string, value: ReactNode, testId?: string) => ({
    key: label,
    label,
    children: (
      <span data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </span>
    ),
  });
  return (
    <Card title={t('adminCustomer.detail.profile')} size="small">
      <Descriptions
        column={{ xs: 1, md: 2, xl: 3 }}
        size="small"
        data-testid="admin-customer-profile"
        items={[
          item(t('adminCustomer.field.id'), customer.id, 'admin-customer-id'),
          item(t('adminCustomer.field.userName'), customer.userName, 'admin-customer-name'),
          item(t('adminCustomer.field.email'), customer.email),
          item(t('adminCustomer.field.phone'), customer.phone ?? '—'),
          item(t('adminCustomer.field.createdAt'), formatTime(customer.createdAt)),
          item(t('adminCustomer.field.lastSignIn'), lastSignIn),
          item(t('adminCustomer.field.openSessions'), customer.openSessions, 'admin-customer-sessions'),
          item(
            t('adminCustomer.field.twoFactor'),
            <Tag color={customer.twoFactorEnabled ? 'green' : 'default'}>
              {t(customer.twoFactorEnabled ? 'adminCustomer.twoFactor.on' : 'adminCustomer.twoFactor.off')}
            </Tag>,
            'admin-customer-two-factor',
          ),
          item(t('adminCustomer.field.realName'), <RealNameTag verified={customer.realNameVerified} />),
        ]}
      />
    </Card>
  );
}

/** The account tab: profile, actions, the business at a glance and the permissions. */
function AccountTab({ customer }: { customer: StaffCustomerDetail }) {
  const { t } = useAdminI18n();
  return (
    <Flex vertical gap={16}>
      <Profile customer={customer} />
      <CustomerActions customer={customer} />
      <div>
        <Typography.Title level={5}>{t('adminCustomer.summary.title')}</Typography.Title>
        <CustomerSummary customer={customer} />
      </div>
      <CustomerPermissions customer={customer} />
    </Flex>
  );
}

const lists: Record<Exclude<CustomerTab, 'account'>, (props: { id: number }) => React.JSX.Element> = {
  orders: CustomerOrders,
  packages: CustomerPackages,
  statement: CustomerStatement,
  domains: CustomerDomains,
  certificates: CustomerCertificates,
  tickets: CustomerTickets,
  logins: CustomerLogins,
  operations: CustomerOperations,
};

/**
 * The account and its lists, a tab each, the tab in view kept in the address (`?tab=orders`, so that a link or a
 * reload keeps it). Only the tab in view is drawn, so only its list is read.
 */
function CustomerTabs({ customer }: { customer: StaffCustomerDetail }) {
  const { t } = useAdminI18n();
  const [params, setParams] = useSearchParams();
  const active = customerTabOf(params.get('tab'));
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => setParams((current) => customerTabSearch(current, customerTabOf(key)), { replace: true })}
      destroyOnHidden
      items={customerTabs.map((tab) => {
        const List = tab === 'account' ? null : lists[tab];
        return {
          key: tab,
          label: <span data-testid={`admin-customer-tab-${tab}`}>{t(`adminCustomer.tab.${tab}`)}</span>,
          children: List ? <List id={customer.id} /> : <AccountTab customer={customer} />,
        };
      })}
      data-testid="admin-customer-tabs"
    />
  );
}

/**
 * /admin/customers/:id: an account's profile, its business at a glance, its permissions and what the member may do
 * on it (each action shown only to a role holding it); and its business in place, a list per tab.
 */
export default function CustomerPage() {
  const { t } = useAdminI18n();
  const id = customerIdOf(matchPath({ path: '/admin/customers/:id', end: true }, useLocation().pathname)?.params.id);
  const customer = useStaffCustomer(id);
  return (
    <PageContainer
      title={
        <Flex gap={8} align="center" wrap>
          <span>{customer.data?.userName ?? t('adminCustomer.menu.customer')}</span>
          {customer.data && customer.data.disabledAt !== null ? <DisabledTag /> : null}
        </Flex>
      }
    >
      <Flex vertical gap={16} style={{ minWidth: 0 }}>
        <Link to="/admin/customers" data-testid="admin-customer-back">
          {t('adminCustomer.detail.back')}
        </Link>
        {Number.isNaN(id) ? (
          <Result status="404" title="404" subTitle={t('common.notFound.subTitle')} />
        ) : (
          <DataState remote={customer} failure={t('adminCustomer.detail.loadFailed')}>
            {(data) => (
              <Flex vertical gap={16} data-testid="admin-customer-page">
                <DisabledBanner customer={data} />
                <CustomerTabs customer={data} />
              </Flex>
            )}
          </DataState>
        )}
      </Flex>
    </PageContainer>
  );
}
