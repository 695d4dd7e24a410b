import { DownloadOutlined } from '@ant-design/icons';
import { formatUtc8, type StatisticsGranularity } from '@edgeward/contract';
import { Button, Flex, Segmented, Table } from 'antd';
import { lazy, Suspense } from 'react';
import { saveFile } from '../../api/client';
import type { UsageMetric } from '../../api/traffic';
import { LoadingState } from '../../components/DataState';
import { useI18n } from '../../i18n';
import { formatBps, formatBytes, formatCount, formatRate } from './units';
import { type UsageRow, usageCsv } from './usage-rows';

// ECharts is its own chunk, fetched when a chart is first drawn: never part of the first load.
const UsageChart = lazy(() => import('./UsageChart'));

const formats: Record<UsageMetric, (value: number) => string> = {
  traffic: formatBytes,
  bandwidth: formatBps,
  requests: formatCount,
  hitRate: formatRate,
};

export type UsageView = 'chart' | 'table';

interface UsageSeriesViewProps {
  rows: UsageRow[];
  metric: UsageMetric;
  compared: boolean;
  /** The start of the range and the granularity, which name the exported file. */
  startTime: number;
  granularity: StatisticsGranularity;
  /** The page keeps the view while another series loads. */
  view: UsageView;
  onView: (view: UsageView) => void;
}

/** The loaded series as a line chart or a table, and its export as CSV. */
export function UsageSeriesView({
  rows,
  metric,
  compared,
  startTime,
  granularity,
  view,
  onView,
}: UsageSeriesViewProps) {
  const { t } = useI18n();

  const exportCsv = () => {
    const csv = usageCsv(rows, {
      time: t('statistics.usage.csvTime'),
      value: t(`statistics.usage.csvUnit.${metric}`),
      previous: t('statistics.usage.csvPrevious'),
    });
    const stamp = formatUtc8(startTime).slice(0, 10);
    // The byte-order mark lets spreadsheet programs read the Chinese headers as UTF-8.
    saveFile({
      blob: new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }),
      fileName: `${metric}-${stamp}-${granularity}.csv`,
    });
  };

  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={8} justify="space-between">
        <Segmented<UsageView>
          value={view}
          onChange={onView}
          options={[
            { value: 'chart', label: t('statistics.usage.chartView') },
            { value: 'table', label: t('statistics.usage.tableView') },
          ]}
          data-testid="usage-view"
        />
        <Button icon={<DownloadOutlined />} onClick={exportCsv} data-testid="usage-export">
          {t('statistics.usage.export')}
        </Button>
      </Flex>
      {view === 'chart' ? (
        <Suspense fallback={<LoadingState />}>
          <UsageChart
            rows={rows}
            formatValue={formats[metric]}
            currentLabel={t('statistics.usage.current')}
            previousLabel={t('statistics.usage.previous')}
          />
        </Suspense>
      ) : (
        <UsageTable rows={rows} metric={metric} compared={compared} />
      )}
    </Flex>
  );
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
