import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import {
  type DomainListItem,
  type DomainStatus,
  domainStatuses,
  type HomeStatistics,
  type MyPackage,
} from '@edgeward/contract';
import { Card, Col, Flex, List, Progress, Row, Statistic, Table, Typography } from 'antd';
import { useMyPackages } from '../../api/commerce';
import { useDomainStatusCounts, useHomeStatistics } from '../../api/traffic';
import { DataState, EmptyState, LoadingState } from '../../components/DataState';
import { PageContainer } from '../../components/PageContainer';
import { useI18n } from '../../i18n';
import { useConsoleVariant } from '../../navigation/variant';
import { formatQuantity } from '../commerce/money';
import { DomainStatusTag } from '../domain/DomainStatusTag';
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

function countByStatus(list: DomainListItem[]): [DomainStatus, number][] {
  const counts = new Map<DomainStatus, number>();
  for (const row of list) counts.set(row.status, (counts.get(row.status) ?? 0) + 1);
  return domainStatuses.filter((s) => counts.has(s)).map((s) => [s, counts.get(s) ?? 0]);
}

function DomainCounts() {
  const { t } = useI18n();
  const domains = useDomainStatusCounts(useConsoleVariant());
  return (
    <DataState
      remote={domains}
      failure={t('statistics.overview.domainStatusFailed')}
      isEmpty={(data) => data.total === 0}
      empty={t('statistics.overview.domainStatusEmpty')}
      loading={<LoadingState paragraph={{ rows: 3 }} />}
    >
      {(data) => (
        <Flex vertical gap={12} data-testid="domain-status-counts">
          <Typography.Text strong>{t('statistics.overview.domainTotal', { total: data.total })}</Typography.Text>
          <Flex wrap gap={8}>
            {countByStatus(data.list).map(([status, count]) => (
              <Flex key={status} align="center" gap={4}>
                <DomainStatusTag status={status} />
                <Typography.Text>{count}</Typography.Text>
              </Flex>
            ))}
          </Flex>
          {data.total > data.list.length ? (
            <Typography.Text type="secondary">
              {t('statistics.overview.domainCountedFrom', { count: data.list.length })}
            </Typography.Text>
          ) : null}
        </Flex>
      )}
    </DataState>
  );
}

/** A package's share used, where both sides are known. */
function usedPercent(row: MyPackage): number | null {
  if (row.quota === null || row.used === null || BigInt(row.quota) === 0n) return null;
  return Number((BigInt(row.used) * 10_000n) / BigInt(row.quota)) / 100;
}

function PackageUsage() {
  const { t } = useI18n();
  const packages = useMyPackages(useConsoleVariant());
  const inForce = (data: MyPackage[]) => data.filter((row) => row.state === 'active' || row.state === 'expiring');
  return (
    <DataState
      remote={packages}
      failure={t('statistics.overview.packagesFailed')}
      isEmpty={(data) => inForce(data).length === 0}
      empty={t('statistics.overview.packagesEmpty')}
      loading={<LoadingState paragraph={{ rows: 3 }} />}
    >
      {(data) => (
        <List
          size="small"
          dataSource={inForce(data)}
          data-testid="package-usage"
          renderItem={(row) => {
            const percent = usedPercent(row);
            const used = formatQuantity(row.type, row.used);
            const quota = formatQuantity(row.type, row.quota);
            return (
              <List.Item>
                <Flex vertical gap={2} style={{ width: '100%' }}>
                  <Typography.Text strong>{row.name}</Typography.Text>
                  {percent === null || used === null || quota === null ? (
                    <Typography.Text type="secondary">{t('statistics.overview.packageNotMeasured')}</Typography.Text>
                  ) : (
                    <>
                      <Progress percent={percent} size="small" />
                      <Typography.Text type="secondary">
                        {t('statistics.overview.packageUsed', { used, quota })}
                      </Typography.Text>
                    </>
                  )}
                </Flex>
              </List.Item>
            );
          }}
        />
      )}
    </DataState>
  );
}

/**
 * / : the last 7 days at a glance. Every widget makes its own request and shows its own loading, failure and
 * empty state, so one failed read never blanks the page.
 */
export default function OverviewPage() {
  const { t } = useI18n();
  const home = useHomeStatistics(useConsoleVariant());
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
                <DomainCounts />
              </Card>
              <Card title={t('statistics.overview.packages')}>
                <PackageUsage />
              </Card>
              <Card title={t('statistics.overview.messages')}>
                <div data-testid="latest-messages">
                  <EmptyState>{t('statistics.overview.messagesEmpty')}</EmptyState>
                </div>
              </Card>
            </Flex>
          </Col>
        </Row>
      </Flex>
    </PageContainer>
  );
}
