import type { StaffCustomerDetail } from '@edgeward/contract';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAdminI18n } from '../admin-texts';
import { yuanOf } from '../dashboard/dashboard-figures';
import { useCurrentStaff } from '../layout/current-staff';
import { deskSearchPath } from './customer-logic';

interface Figure {
  key: string;
  title: string;
  value: number | string;
  suffix?: ReactNode;
  /** The desk that lists them, for a member whose role opens it. */
  link?: string;
}

/**
 * The account's business at a glance, a card per figure (stacked on a phone); orders and open tickets lead to their
 * desks, searched for the customer.
 */
export function CustomerSummary({ customer }: { customer: StaffCustomerDetail }) {
  const { t } = useAdminI18n();
  const { capabilities } = useCurrentStaff();
  const { summary, userName } = customer;
  const figures: Figure[] = [
    { key: 'balance', title: t('adminCustomer.summary.balance'), value: yuanOf(summary.balanceFen) },
    {
      key: 'orders',
      title: t('adminCustomer.summary.orders'),
      value: summary.orders,
      link: capabilities.includes('orders') ? deskSearchPath('/admin/finance', userName) : undefined,
    },
    { key: 'packages', title: t('adminCustomer.summary.packagesInForce'), value: summary.packagesInForce },
    {
      key: 'domains',
      title: t('adminCustomer.summary.domains'),
      value: summary.domains,
      suffix:
        summary.domainsAbnormal > 0 ? (
          <Typography.Text type="danger" style={{ fontSize: 14 }} data-testid="admin-customer-abnormal">
            {t('adminCustomer.summary.abnormal', { count: summary.domainsAbnormal })}
          </Typography.Text>
        ) : undefined,
    },
    { key: 'certificates', title: t('adminCustomer.summary.certificates'), value: summary.certificates },
    {
      key: 'tickets',
      title: t('adminCustomer.summary.openTickets'),
      value: summary.openTickets,
      link: capabilities.includes('tickets') ? deskSearchPath('/admin/tickets', userName) : undefined,
    },
    { key: 'apiKeys', title: t('adminCustomer.summary.apiKeys'), value: summary.apiKeys },
  ];
  return (
    <Row gutter={[16, 16]} data-testid="admin-customer-summary">
      {figures.map((figure) => (
        <Col key={figure.key} xs={24} sm={12} lg={8} xl={6}>
          <Card
            size="small"
            style={{ height: '100%' }}
            extra={
              figure.link ? (
                <Link to={figure.link} data-testid={`admin-customer-${figure.key}-link`}>
                  {t('adminCustomer.summary.view')}
                </Link>
              ) : null
            }
            title={figure.title}
            data-testid={`admin-customer-${figure.key}`}
          >
            <Statistic value={figure.value} suffix={figure.suffix} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
