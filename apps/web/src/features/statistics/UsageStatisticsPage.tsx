import { DownloadOutlined } from '@ant-design/icons';
import { formatUtc8, granularityMs, type StatisticsGranularity, utc8Time } from '@edgeward/contract';
import { Button, Card, DatePicker, Flex, Grid, Segmented, Select, Switch, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useMemo, useState } from 'react';
import { saveFile } from '../../api/client';
import {
  type UsageMetric,
  type UsageQuery,
  usageMetrics,
  useStatisticsDomains,
  useUsageSeries,
} from '../../api/traffic';
import { DataState, LoadingState } from '../../components/DataState';
import { PageContainer } from '../../components/PageContainer';
import { useI18n } from '../../i18n';
import { bothOf, type Remote } from '../../lib/remote-state';
import { useConsoleVariant } from '../../navigation/variant';
import { formatBps, formatBytes, formatCount, formatRate } from './units';
import {
  type CalendarDay,
  fittingGranularity,
  granularitiesFor,
  isPickableDay,
  previousSpan,
  type UsageRange,
  type UsageRangeKind,
  usageRangeKinds,
  usageSpan,
} from './usage-range';
import { type UsageRow, usageCsv, usageRows } from './usage-rows';

// ECharts is its own chunk, fetched when a chart is first drawn: never part of the first load.
const UsageChart = lazy(() => import('./UsageChart'));

const formats: Record<UsageMetric, (value: number) => string> = {
  traffic: formatBytes,
  bandwidth: formatBps,
  requests: formatCount,
  hitRate: formatRate,
};

const calendarDay = (value: Dayjs): CalendarDay => ({
  year: value.year(),
  month: value.month() + 1,
  day: value.date(),
});

/** Today's date on the Beijing clock, for the custom range's first choice. */
function beijingToday(now: number): CalendarDay {
  const { year, month, day } = utc8Time(now);
  return { year, month, day };
}

function UsageTable({ rows, metric, compared }: { rows: UsageRow[]; metric: UsageMetric; compared: boolean }) {
  const { t } = useI18n();
  const format = (value: number | null | undefined) =>
    value === null || value === undefined ? '-' : formats[metric](value);
  return (
    <Table<UsageRow>
      rowKey="time"
      size="small"
      scroll={{ x: 'max-content' }}
      dataSource={rows}
      pagination={{ pageSize: 24, showSizeChanger: false }}
      data-testid="usage-table"
      columns={[
        { title: t('statistics.usage.csvTime'), dataIndex: 'time', render: (time: number) => formatUtc8(time) },
        { title: t(`statistics.metric.${metric}`), dataIndex: 'value', render: format },
        ...(compared ? [{ title: t('statistics.usage.previous'), dataIndex: 'previous', render: format }] : []),
      ]}
    />
  );
}

/**
 * /statistics/usage: one metric of the chosen domains over a range, as a line chart or a table, optionally against
 * the period just before; the shown series exports as CSV. Days and times are Beijing time, as the server counts.
 */
export default function UsageStatisticsPage() {
  const { t } = useI18n();
  const [now, setNow] = useState(() => Date.now());
  const [range, setRange] = useState<UsageRange>({ kind: 'today' });
  const [chosenGranularity, setGranularity] = useState<StatisticsGranularity>('5m');
  const [domainNames, setDomainNames] = useState<string[]>([]);
  const [metric, setMetric] = useState<UsageMetric>('traffic');
  const [compare, setCompare] = useState(false);
  const [view, setView] = useState<'chart' | 'table'>('chart');

  const phone = Grid.useBreakpoint().sm === false;
  const metricOptions = usageMetrics.map((m) => ({ value: m, label: t(`statistics.metric.${m}`) }));
  const span = useMemo(() => usageSpan(range, now), [range, now]);
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

  const chooseRange = (kind: UsageRangeKind) => {
    const at = Date.now();
    setNow(at);
    if (kind === 'custom') {
      const today = beijingToday(at);
      setRange({ kind, from: today, to: today });
    } else {
      setRange({ kind });
    }
  };

  const exportCsv = (rows: UsageRow[]) => {
    const csv = usageCsv(rows, {
      time: t('statistics.usage.csvTime'),
      value: t(`statistics.usage.csvUnit.${metric}`),
      previous: t('statistics.usage.csvPrevious'),
    });
    const stamp = formatUtc8(span.startTime).slice(0, 10);
    // The byte-order mark lets spreadsheet programs read the Chinese headers as UTF-8.
    saveFile({
      blob: new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }),
      fileName: `${metric}-${stamp}-${granularity}.csv`,
    });
  };

  const filters = (
    <Flex wrap gap={12} align="center">
      <Select
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        style={{ minWidth: 240, maxWidth: '100%' }}
        placeholder={t('statistics.usage.allDomains')}
        aria-label={t('statistics.usage.domains')}
        value={domainNames}
        onChange={setDomainNames}
        loading={domains.isLoading}
        status={domains.isError ? 'error' : undefined}
        options={(domains.data?.list ?? []).map((d) => ({ value: d.domainName, label: d.domainName }))}
        data-testid="usage-domains"
      />
      <Select<UsageRangeKind>
        style={{ width: 150 }}
        aria-label={t('statistics.usage.range')}
        value={range.kind}
        onChange={chooseRange}
        options={usageRangeKinds.map((kind) => ({ value: kind, label: t(`statistics.range.${kind}`) }))}
        data-testid="usage-range"
      />
      {range.kind === 'custom' ? (
        <DatePicker.RangePicker
          allowClear={false}
          value={[
            dayjs(`${range.from.year}-${range.from.month}-${range.from.day}`),
            dayjs(`${range.to.year}-${range.to.month}-${range.to.day}`),
          ]}
          disabledDate={(value) => !isPickableDay(calendarDay(value), Date.now())}
          onChange={(picked) => {
            if (!picked?.[0] || !picked[1]) return;
            setNow(Date.now());
            setRange({ kind: 'custom', from: calendarDay(picked[0]), to: calendarDay(picked[1]) });
          }}
          data-testid="usage-custom-range"
        />
      ) : null}
      <Select<StatisticsGranularity>
        style={{ width: 120 }}
        aria-label={t('statistics.usage.granularity')}
        value={granularity}
        onChange={setGranularity}
        options={granularitiesFor(span).map((g) => ({ value: g, label: t(`statistics.granularity.${g}`) }))}
        data-testid="usage-granularity"
      />
      <Flex align="center" gap={8}>
        <Switch
          id="usage-compare"
          checked={compare}
          onChange={setCompare}
          aria-label={t('statistics.usage.compare')}
          data-testid="usage-compare"
        />
        <label htmlFor="usage-compare">{t('statistics.usage.compare')}</label>
      </Flex>
    </Flex>
  );

  return (
    <PageContainer subTitle={t('statistics.usage.subtitle')}>
      <Flex vertical gap={16}>
        {filters}
        <Card
          title={
            phone ? (
              // Four metrics side by side are wider than a phone: there they are a choice in a list.
              <Select<UsageMetric>
                value={metric}
                onChange={setMetric}
                aria-label={t('statistics.usage.metric')}
                options={metricOptions}
                style={{ width: '100%' }}
                data-testid="usage-metric"
              />
            ) : (
              <Segmented<UsageMetric>
                value={metric}
                onChange={setMetric}
                options={metricOptions}
                data-testid="usage-metric"
              />
            )
          }
        >
          <DataState
            remote={remote}
            failure={t('statistics.usage.seriesFailed')}
            isEmpty={(data) => data.length === 0}
            empty={t('statistics.usage.seriesEmpty')}
          >
            {(data) => (
              <Flex vertical gap={12}>
                <Flex wrap gap={8} justify="space-between">
                  <Segmented<'chart' | 'table'>
                    value={view}
                    onChange={setView}
                    options={[
                      { value: 'chart', label: t('statistics.usage.chartView') },
                      { value: 'table', label: t('statistics.usage.tableView') },
                    ]}
                    data-testid="usage-view"
                  />
                  <Button icon={<DownloadOutlined />} onClick={() => exportCsv(data)} data-testid="usage-export">
                    {t('statistics.usage.export')}
                  </Button>
                </Flex>
                {view === 'chart' ? (
                  <Suspense fallback={<LoadingState />}>
                    <UsageChart
                      rows={data}
                      formatValue={formats[metric]}
                      currentLabel={t('statistics.usage.current')}
                      previousLabel={t('statistics.usage.previous')}
                    />
                  </Suspense>
                ) : (
                  <UsageTable rows={data} metric={metric} compared={compare} />
                )}
              </Flex>
            )}
          </DataState>
        </Card>
      </Flex>
    </PageContainer>
  );
}
