import type { Revenue, RevenueFigures, RevenueGranularity, RevenuePeriod } from '@edgeward/contract';
import { DatePicker, Flex, Segmented, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { downloadRevenue, useRevenue } from '../../../api/admin-finance';
import { DataState } from '../../../components/DataState';
import { ExportButton } from '../../../components/ExportButton';
import { useAdminI18n } from '../admin-texts';
import { yuanOf as yuan } from '../dashboard/dashboard-figures';
import { type CalendarDay, defaultRevenueDays, revenueRange } from './finance-logic';

const dayOf = (date: Dayjs): CalendarDay => ({ year: date.year(), month: date.month() + 1, day: date.date() });
const dateOf = ({ year, month, day }: CalendarDay) => dayjs(new Date(year, month - 1, day));

type Figure = keyof RevenueFigures;
const figures: readonly Figure[] = ['packageOrders', 'recharges', 'refunds'];

/**
 * The revenue statement: the money of the chosen UTC+8 days or months (the last 30 days or 12 months to start
 * with), one row per period and the total row, exported as CSV with the same range.
 */
export function RevenueTab() {
  const { t } = useAdminI18n();
  const [granularity, setGranularity] = useState<RevenueGranularity>('day');
  const [days, setDays] = useState(() => defaultRevenueDays('day', Date.now()));
  const query = { granularity, ...revenueRange(granularity, days[0], days[1]) };
  const revenue = useRevenue(query);

  const choose = (next: RevenueGranularity) => {
    setGranularity(next);
    setDays(defaultRevenueDays(next, Date.now()));
  };
  const columns: ColumnsType<RevenuePeriod> = [
    { title: t('admin.finance.revenue.period'), dataIndex: 'period', fixed: 'left' },
    ...figures.map((figure) => ({
      title: t(`admin.finance.revenue.${figure}`),
      children: [
        {
          title: t('admin.finance.revenue.sum'),
          key: `${figure}-fen`,
          align: 'right' as const,
          render: (_: unknown, row: RevenuePeriod) => yuan(row[figure].fen),
        },
        {
          title: t('admin.finance.revenue.count'),
          key: `${figure}-count`,
          align: 'right' as const,
          render: (_: unknown, row: RevenuePeriod) => row[figure].count,
        },
      ],
    })),
  ];
  const totalRow = (data: Revenue) => (
    <Table.Summary>
      <Table.Summary.Row data-testid="admin-finance-revenue-total">
        <Table.Summary.Cell index={0}>
          <strong>{t('admin.finance.revenue.total')}</strong>
        </Table.Summary.Cell>
        {figures.flatMap((figure, i) => [
          <Table.Summary.Cell key={`${figure}-fen`} index={1 + i * 2} align="right">
            <strong>{yuan(data.total[figure].fen)}</strong>
          </Table.Summary.Cell>,
          <Table.Summary.Cell key={`${figure}-count`} index={2 + i * 2} align="right">
            <strong>{data.total[figure].count}</strong>
          </Table.Summary.Cell>,
        ])}
      </Table.Summary.Row>
    </Table.Summary>
  );

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Flex gap={8} wrap align="center">
          <Segmented<RevenueGranularity>
            value={granularity}
            onChange={choose}
            options={[
              { value: 'day', label: t('admin.finance.revenue.day') },
              { value: 'month', label: t('admin.finance.revenue.month') },
            ]}
            data-testid="admin-finance-revenue-granularity"
          />
          <DatePicker.RangePicker
            picker={granularity === 'day' ? 'date' : 'month'}
            value={[dateOf(days[0]), dateOf(days[1])]}
            allowClear={false}
            onChange={(range) => {
              const [start, end] = range ?? [];
              if (start && end) setDays([dayOf(start), dayOf(end)]);
            }}
            aria-label={t('admin.finance.revenue.range')}
            data-testid="admin-finance-revenue-range"
          />
        </Flex>
        <ExportButton
          download={() => downloadRevenue(query)}
          label={t('admin.finance.revenue.export')}
          testId="admin-finance-revenue-export"
        />
      </Flex>
      <DataState remote={revenue} failure={t('admin.finance.revenue.loadFailed')}>
        {(data) => (
          <Table<RevenuePeriod>
            rowKey="period"
            dataSource={data.periods}
            columns={columns}
            pagination={false}
            bordered
            size="small"
            loading={revenue.isFetching && revenue.isPlaceholderData}
            scroll={{ x: 'max-content' }}
            summary={() => totalRow(data)}
            data-testid="admin-finance-revenue-table"
          />
        )}
      </DataState>
    </Flex>
  );
}
