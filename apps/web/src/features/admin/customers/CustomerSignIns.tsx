import type { LoginLogItem, StaffCustomerSession } from '@edgeward/contract';
import { Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { Clipped } from '../../../components/Clipped';
import { useAdminI18n } from '../admin-texts';
import { CustomerList, colouredTag, time } from './CustomerLists';

/* The sign-ins tab of a customer's page: the sessions open now above the login log. */

/** Where a session or a sign-in attempt came from: the address and the browser's user agent as recorded. */
function whereFrom<T extends { ip: string | null; userAgent: string | null }>(
  t: ReturnType<typeof useAdminI18n>['t'],
): ColumnsType<T> {
  return [
    { title: t('account.log.ip'), key: 'ip', render: (_, row) => row.ip ?? '—' },
    {
      title: t('account.log.device'),
      key: 'userAgent',
      render: (_, row) => <Clipped text={row.userAgent ?? '—'} maxWidth={320} />,
    },
  ];
}

/** The sessions open now, as the customer's own console lists them; one an operator opened is marked a simulation. */
function CustomerSessions({ id }: { id: number }) {
  const { t } = useAdminI18n();
  const kind = (row: StaffCustomerSession) =>
    row.kind === 'simulation'
      ? colouredTag('processing', t('account.sessions.simulation'))
      : t('adminCustomer.lists.sessionKind.login');
  const columns: ColumnsType<StaffCustomerSession> = [
    { title: t('account.sessions.createdAt'), key: 'createdAt', render: (_, row) => time(row.createdAt) },
    { title: t('account.sessions.lastSeenAt'), key: 'lastSeenAt', render: (_, row) => time(row.lastSeenAt) },
    ...whereFrom<StaffCustomerSession>(t),
    { title: t('adminCustomer.lists.sessionKind'), key: 'kind', render: (_, row) => kind(row) },
    { title: t('adminCustomer.lists.expires'), key: 'expiresAt', render: (_, row) => time(row.expiresAt) },
  ];
  return <CustomerList id={id} list="sessions" columns={columns} />;
}

/** The sign-in attempts as the customer's own login log shows them, refusals of a disabled account included. */
function CustomerLoginLog({ id }: { id: number }) {
  const { t } = useAdminI18n();
  const result = (row: LoginLogItem) => (
    <Flex gap={4} wrap align="center">
      {colouredTag(
        row.result === 'success' ? 'success' : 'error',
        t(row.result === 'success' ? 'account.log.success' : 'account.log.failure'),
      )}
      {row.reason ? <Typography.Text type="secondary">{t(`account.log.reason.${row.reason}`)}</Typography.Text> : null}
    </Flex>
  );
  const columns: ColumnsType<LoginLogItem> = [
    { title: t('adminCustomer.lists.time'), key: 'createdAt', render: (_, row) => time(row.createdAt) },
    ...whereFrom<LoginLogItem>(t),
    { title: t('account.log.result'), key: 'result', render: (_, row) => result(row) },
  ];
  return <CustomerList id={id} list="logins" columns={columns} />;
}

/** The sign-ins tab: the sessions open now, then the login log, each under its heading and paged on its own. */
export function CustomerLogins({ id }: { id: number }) {
  const { t } = useAdminI18n();
  const section = (title: string, testId: string, list: ReactNode) => (
    <section data-testid={testId}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {list}
    </section>
  );
  return (
    <Flex vertical gap={24}>
      {section(t('adminCustomer.lists.sessionsTitle'), 'admin-customer-sessions-section', <CustomerSessions id={id} />)}
      {section(t('adminCustomer.lists.loginsTitle'), 'admin-customer-logins-section', <CustomerLoginLog id={id} />)}
    </Flex>
  );
}
