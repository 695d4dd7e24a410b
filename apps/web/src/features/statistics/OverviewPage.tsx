import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { HomeStatistics } from '@edgeward/contract';
import { Card, Col, Flex, Row, Statistic, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { useHomeStatistics } from '../../api/traffic';
import { Authorized } from '../../components/Authorized';
import { DataState, LoadingState } from '../../components/DataState';
import { PageContainer } from '../../components/PageContainer';
import { useI18n } from '../../i18n';
import { useConsoleVariant } from '../../navigation/variant';
import { PackagesInForce } from '../commerce';
import { DomainStatusCounts } from '../domain';
import { LatestMessages } from '../message';
import { changeOf, formatBps, formatBytes, formatCount, formatRate } from './units';

type Figure = 'bytes' | 'peakBps' | 'requests' | 'hitRate';
const figures: {
  key: Figure;
  title: 'traffic' | 'bandwidth' | 'requests' | 'hitRate';
  format: (v: number) => string;
}[] = [
  { key: 'bytes', title: 'traffic', format: formatBytes },
  { key: 'peakBps', title: 'bandwidth', format: formatBps },
  { key: 'requests', title: 'requests', format: formatCount },
  { key: 'hitRate', title: 'hitRate', format: formatRate },
];

/** A change against the previous period: up in green, down in red, or why there is none. */
function Change({ change }: { change: number | null }) {
  const { t } = useI18n();
  if (change === null) return <Typography.Text type="secondary">{t('statistics.change.none')}</Typography.Text>;
  const up = change >= 0;
  return (
    <Typography.Text type={up ? 'success' : 'danger'} data-testid="figure-change">
      {up ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {formatRate(Math.abs(change))}{' '}
      <Typography.Text type="secondary">{t('statistics.change.vsPrevious')}</Typography.Text>
    </Typography.Text>
  );
}

function FigureCards({ data }: { data: HomeStatistics }) {
  const { t } = useI18n();
  return (
    <Row gutter={[16, 16]}>
      {figures.map(({ key, title, format }) => {
        const { value, previous } = data[key];
        return (
          <Col xs={24} sm={12} xl={6} key={key}>
            <Card data-testid={`figure-${key}`}>
              <Statistic title={t(`statistics.metric.${title}`)} value={value === null ? '-' : format(value)} />
              <Change change={changeOf(value, previous)} />
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}

function TopDomains({ data }: { data: HomeStatistics }) {
  const { t } = useI18n();
  return (
    <Table
      rowKey="domainId"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={data.topDomains}
      data-testid="top-domains"
      columns={[
        { title: t('statistics.field.domain'), dataIndex: 'domainName' },
        { title: t('statistics.metric.traffic'), dataIndex: 'bytes', render: formatBytes },
        { title: t('statistics.metric.requests'), dataIndex: 'requests', render: formatCount },
        { title: t('statistics.metric.hitRate'), dataIndex: 'hitRate', render: formatRate },
      ]}
    />
  );
}

/**
 * / : the last 7 days at a glance. Every widget makes its own request and shows its own loading, failure and
 * empty state, so one failed read never blanks the page.
 */
export default function OverviewPage() {
  const { t } = useI18n();
  const variant = useConsoleVariant();
  const home = useHomeStatistics(variant);
  return (
    <PageContainer subTitle={t('statistics.overview.subtitle')}>
      <Flex vertical gap={16}>
        <DataState
          remote={home}
          failure={t('statistics.overview.figuresFailed')}
          loading={<LoadingState paragraph={{ rows: 2 }} />}
        >
          {(data) => <FigureCards data={data} />}
        </DataState>
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={14}>
            <Card title={t('statistics.overview.topDomains')}>
              <DataState
                remote={home}
                failure={t('statistics.overview.figuresFailed')}
                isEmpty={(data) => data.topDomains.length === 0}
                empty={t('statistics.overview.topDomainsEmpty')}
              >
                {(data) => <TopDomains data={data} />}
              </DataState>
            </Card>
          </Col>
          <Col xs={24} lg={10}>
            <Flex vertical gap={16}>
              <Card title={t('statistics.overview.domainStatus')}>
                <DomainStatusCounts variant={variant} />
              </Card>
              <Card title={t('statistics.overview.packages')}>
                <PackagesInForce scope={variant} />
              </Card>
              <Authorized permissionId="msg">
                <Card
                  title={t('statistics.overview.messages')}
                  extra={<Link to="/msg">{t('statistics.overview.allMessages')}</Link>}
                >
                  <LatestMessages />
                </Card>
              </Authorized>
            </Flex>
          </Col>
        </Row>
      </Flex>
    </PageContainer>
  );
}
