import { granularityMs, type StatisticsGranularity } from '@edgeward/contract';
import { Card, Flex, Grid, Segmented, Select } from 'antd';
import { useMemo, useState } from 'react';
import {
  type UsageMetric,
  type UsageQuery,
  usageMetrics,
  useStatisticsDomains,
  useUsageSeries,
} from '../../api/traffic';
import { DataState } from '../../components/DataState';
import { PageContainer } from '../../components/PageContainer';
import { useI18n } from '../../i18n';
import { bothOf, type Remote } from '../../lib/remote-state';
import { useConsoleVariant } from '../../navigation/variant';
import { UsageFilters } from './UsageFilters';
import { UsageSeriesView, type UsageView } from './UsageSeriesView';
import { fittingGranularity, previousSpan } from './usage-range';
import { type UsageRow, usageRows } from './usage-rows';
import { useUsageRange } from './use-usage-range';

/**
 * /statistics/usage: one metric of the chosen domains over a range, as a line chart or a table, optionally against
 * the period just before; the shown series exports as CSV. Days and times are Beijing time, as the server counts.
 */
export default function UsageStatisticsPage() {
  const { t } = useI18n();
  const range = useUsageRange();
  const [chosenGranularity, setGranularity] = useState<StatisticsGranularity>('5m');
  const [domainNames, setDomainNames] = useState<string[]>([]);
  const [metric, setMetric] = useState<UsageMetric>('traffic');
  const [compare, setCompare] = useState(false);
  const [view, setView] = useState<UsageView>('chart');

  const { span } = range;
  const granularity = fittingGranularity(span, chosenGranularity);
  const query: UsageQuery = { ...span, granularity, domainNames };
  const before = previousSpan(span);
  const variant = useConsoleVariant();
  const domains = useStatisticsDomains(span.startTime, span.endTime, variant);
  const current = useUsageSeries(metric, query, variant);
  const previous = useUsageSeries(metric, compare ? { ...query, ...before } : null, variant);
  const shift = span.startTime - before.startTime;
  const earlier = compare ? previous.data : undefined;
  const step = granularityMs[granularity];
  const rows = useMemo(
    () => (current.data ? usageRows(current.data, earlier, { shift, endTime: span.endTime, step }) : undefined),
    [current.data, earlier, shift, span.endTime, step],
  );
  const pair = compare ? bothOf(current, previous) : current;
  // Compared, the rows wait for both periods; a failure of either shows in place.
  const remote: Remote<UsageRow[]> = { ...pair, data: pair.data === undefined ? undefined : rows };

  return (
    <PageContainer subTitle={t('statistics.usage.subtitle')}>
      <Flex vertical gap={16}>
        <UsageFilters
          domains={domains}
          domainNames={domainNames}
          onDomainNames={setDomainNames}
          range={range}
          granularity={granularity}
          onGranularity={setGranularity}
          compare={compare}
          onCompare={setCompare}
        />
        <Card title={<MetricChoice value={metric} onChange={setMetric} />}>
          <DataState
            remote={remote}
            failure={t('statistics.usage.seriesFailed')}
            isEmpty={(data) => data.length === 0}
            empty={t('statistics.usage.seriesEmpty')}
          >
            {(data) => (
              <UsageSeriesView
                rows={data}
                metric={metric}
                compared={compare}
                startTime={span.startTime}
                granularity={granularity}
                view={view}
                onView={setView}
              />
            )}
          </DataState>
        </Card>
      </Flex>
    </PageContainer>
  );
}

function MetricChoice({ value, onChange }: { value: UsageMetric; onChange: (metric: UsageMetric) => void }) {
  const { t } = useI18n();
  const phone = Grid.useBreakpoint().sm === false;
  const options = usageMetrics.map((m) => ({ value: m, label: t(`statistics.metric.${m}`) }));
  // Four metrics side by side are wider than a phone: there they are a choice in a list.
  return phone ? (
    <Select<UsageMetric>
      value={value}
      onChange={onChange}
      aria-label={t('statistics.usage.metric')}
      options={options}
      style={{ width: '100%' }}
      data-testid="usage-metric"
    />
  ) : (
    <Segmented<UsageMetric> value={value} onChange={onChange} options={options} data-testid="usage-metric" />
  );
}
