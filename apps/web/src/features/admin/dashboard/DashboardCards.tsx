import type { StaffDashboard } from '@edgeward/contract';
import { Card, Col, Flex, Row, Statistic, Typography } from 'antd';
import { useAdminI18n } from '../admin-texts';
import { yuanOf } from './dashboard-figures';

/** A card of a few figures side by side, each titled. */
function FigureCard({
  title,
  figures,
  testId,
}: {
  title: string;
  figures: { label: string; value: number; testId: string }[];
  testId: string;
}) {
  return (
    <Card title={title} size="small" style={{ height: '100%' }} data-testid={testId}>
      <Flex gap={16} wrap>
        {figures.map((figure) => (
          <Statistic
            key={figure.testId}
            title={figure.label}
            value={figure.value}
            style={{ minWidth: 96 }}
            data-testid={figure.testId}
          />
        ))}
      </Flex>
    </Card>
  );
}

/** Money of one kind (paid orders, recharges) today and over 7 days. */
function RevenueRow({ label, today, week }: { label: string; today: string; week: string }) {
  const { t } = useAdminI18n();
  return (
    <Flex justify="space-between" gap={12} wrap>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Typography.Text>
        {t('admin.dashboard.today')} <strong>{yuanOf(today)}</strong> · {t('admin.dashboard.last7Days')}{' '}
        <strong>{yuanOf(week)}</strong>
      </Typography.Text>
    </Flex>
  );
}

/** The top row: customers, revenue, what waits for review and what needs attention. */
export function SummaryCards({ data }: { data: StaffDashboard }) {
  const { t } = useAdminI18n();
  const { customers, revenue, reviews } = data;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={12} xl={6}>
        <FigureCard
          title={t('admin.dashboard.customers')}
          testId="admin-dashboard-customers"
          figures={[
            { label: t('admin.dashboard.total'), value: customers.total, testId: 'customers-total' },
            { label: t('admin.dashboard.newToday'), value: customers.newToday, testId: 'customers-today' },
            { label: t('admin.dashboard.newLast7Days'), value: customers.newLast7Days, testId: 'customers-week' },
          ]}
        />
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Card
          title={t('admin.dashboard.revenue')}
          size="small"
          style={{ height: '100%' }}
          data-testid="admin-dashboard-revenue"
        >
          <Flex vertical gap={8}>
            <RevenueRow
              label={t('admin.dashboard.paidOrders')}
              today={revenue.paidOrders.todayFen}
              week={revenue.paidOrders.last7DaysFen}
            />
            <RevenueRow
              label={t('admin.dashboard.recharges')}
              today={revenue.recharges.todayFen}
              week={revenue.recharges.last7DaysFen}
            />
          </Flex>
        </Card>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <FigureCard
          title={t('admin.dashboard.waiting')}
          testId="admin-dashboard-waiting"
          figures={[
            { label: t('admin.dashboard.realName'), value: reviews.realName, testId: 'reviews-real-name' },
            { label: t('admin.dashboard.wholeSite'), value: reviews.wholeSiteDomains, testId: 'reviews-whole-site' },
            { label: t('admin.dashboard.bankTransfers'), value: data.bankTransfersWaiting, testId: 'bank-transfers' },
          ]}
        />
      </Col>
      <Col xs={24} md={12} xl={6}>
        <FigureCard
          title={t('admin.dashboard.attention')}
          testId="admin-dashboard-attention"
          figures={[
            { label: t('admin.dashboard.domainsAbnormal'), value: data.domainsAbnormal, testId: 'domains-abnormal' },
            {
              label: t('admin.dashboard.certificatesFailed'),
              value: data.certificateApplicationsFailed,
              testId: 'certificates-failed',
            },
          ]}
        />
      </Col>
    </Row>
  );
}
