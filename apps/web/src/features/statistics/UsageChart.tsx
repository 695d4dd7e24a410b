import { formatUtc8 } from '@edgeward/contract';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { UsageRow } from './usage-rows';

// Only what a line chart needs: the chunk stays small, and it is loaded only by the statistics screen (React.lazy).
use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface UsageChartProps {
  rows: UsageRow[];
  formatValue: (value: number) => string;
  currentLabel: string;
  previousLabel: string;
}

/** The shown metric over time (Beijing time), with the previous period as a dashed line when compared. */
export default function UsageChart({ rows, formatValue, currentLabel, previousLabel }: UsageChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const compared = rows.some((row) => row.previous !== undefined);

  useEffect(() => {
    if (!element.current) return;
    const chart = init(element.current);
    const times = rows.map((row) => formatUtc8(row.time).slice(5, 16));
    chart.setOption({
      grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
      legend: { top: 0 },
      tooltip: {
        trigger: 'axis',
        valueFormatter: (value: unknown) => (typeof value === 'number' ? formatValue(value) : '-'),
      },
      xAxis: { type: 'category', data: times, boundaryGap: false },
      yAxis: { type: 'value', axisLabel: { formatter: formatValue } },
      series: [
        { name: currentLabel, type: 'line', showSymbol: false, data: rows.map((row) => row.value) },
        ...(compared
          ? [
              {
                name: previousLabel,
                type: 'line',
                showSymbol: false,
                lineStyle: { type: 'dashed' },
                data: rows.map((row) => row.previous ?? null),
              },
            ]
          : []),
      ],
    });
    const resize = new ResizeObserver(() => chart.resize());
    resize.observe(element.current);
    return () => {
      resize.disconnect();
      chart.dispose();
    };
  }, [rows, formatValue, currentLabel, previousLabel, compared]);

  return <div ref={element} style={{ width: '100%', height: 360 }} data-testid="usage-chart" />;
}
