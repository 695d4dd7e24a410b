import { type DomainListItem, type DomainStatus, type DomainVariant, domainStatuses } from '@edgeward/contract';
import { Flex, Typography } from 'antd';
import { useDomainStatusCounts } from '../../api/traffic';
import { DataState, LoadingState } from '../../components/DataState';
import { useI18n } from '../../i18n';
import { DomainStatusTag } from './DomainStatusTag';

function countByStatus(list: DomainListItem[]): [DomainStatus, number][] {
  const counts = new Map<DomainStatus, number>();
  for (const row of list) counts.set(row.status, (counts.get(row.status) ?? 0) + 1);
  return domainStatuses.filter((s) => counts.has(s)).map((s) => [s, counts.get(s) ?? 0]);
}

/** One variant's domains: the total and a tag per state (the overview and account info). */
export function DomainStatusCounts({ variant }: { variant: DomainVariant }) {
  const { t } = useI18n();
  const domains = useDomainStatusCounts(variant);
  return (
    <DataState
      remote={domains}
      failure={t('domain.statusCounts.failed')}
      isEmpty={(data) => data.total === 0}
      empty={t('domain.statusCounts.empty')}
      loading={<LoadingState paragraph={{ rows: 3 }} />}
    >
      {(data) => (
        <Flex vertical gap={12} data-testid="domain-status-counts" data-variant={variant}>
          <Typography.Text strong>{t('domain.statusCounts.total', { total: data.total })}</Typography.Text>
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
              {t('domain.statusCounts.countedFrom', { count: data.list.length })}
            </Typography.Text>
          ) : null}
        </Flex>
      )}
    </DataState>
  );
}
