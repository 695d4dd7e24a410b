import { Col, Flex, Row } from 'antd';
import { useStaffDashboard } from '../../../api/admin';
import { DataState, LoadingState } from '../../../components/DataState';
import { PageContainer } from '../../../components/PageContainer';
import { useAdminI18n } from '../admin-texts';
import { SummaryCards } from './DashboardCards';
import { EdgeNodesCard, TicketsCard } from './WorkCards';

/**
 * /admin: what is new (customers, revenue) and what waits for the staff (tickets, reviews, bank transfers, edge nodes
 * behind, abnormal domains, failed certificate applications). One read: loading, its failure with a retry, the
 * figures; the lists inside say when they are empty.
 */
export default function DashboardPage() {
  const { t } = useAdminI18n();
  const dashboard = useStaffDashboard();
  return (
    <PageContainer title={t('admin.menu.dashboard')} subTitle={t('admin.dashboard.subtitle')}>
      <DataState
        remote={dashboard}
        failure={t('admin.dashboard.loadFailed')}
        loading={<LoadingState paragraph={{ rows: 8 }} />}
      >
        {(data) => {
          const now = dashboard.dataUpdatedAt || Date.now();
          return (
            <Flex vertical gap={16} data-testid="admin-dashboard">
              <SummaryCards data={data} />
              <Row gutter={[16, 16]}>
                <Col xs={24} xxl={12}>
                  <TicketsCard tickets={data.tickets} now={now} />
                </Col>
                <Col xs={24} xxl={12}>
                  <EdgeNodesCard nodes={data.edgeNodes} now={now} />
                </Col>
              </Row>
            </Flex>
          );
        }}
      </DataState>
    </PageContainer>
  );
}
