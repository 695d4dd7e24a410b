import { formatUtc8 } from '@edgeward/contract';
import type { UsagePoint } from '../../api/traffic';

/** One time of the shown series: its value and, with the comparison on, the same moment of the previous period. */
export interface UsageRow {
  time: number;
  value: number | null;
  previous?: number | null;
}

export interface UsageRowsOptions {
  /** How far back the previous period lies: a Tuesday 10:00 meets the Monday 10:00 one day earlier. */
  shift: number;
  /** The end of the shown span (now, for a range that runs to now) and the length of a bucket. */
  endTime: number;
  step: number;
}

/**
 * The rows of the chart and the table: whole buckets only (the one still under way would read as a sudden drop, an
 * outage that is not one), each with the previous period's point at the same clock time.
 */
export function usageRows(
  points: UsagePoint[],
  previous: UsagePoint[] | undefined,
  { shift, endTime, step }: UsageRowsOptions,
): UsageRow[] {
  const whole = points.filter(({ time }) => time + step <= endTime);
  if (!previous) return whole.map(({ time, value }) => ({ time, value }));
  const before = new Map(previous.map((p) => [p.time + shift, p.value]));
  return whole.map(({ time, value }) => ({ time, value, previous: before.get(time) ?? null }));
}

/** A CSV field: quoted when it holds a comma, quote or line break. */
function field(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export interface UsageCsvHeader {
  /** The time column's title; it names the time zone, since the times are Beijing time. */
  time: string;
  value: string;
  previous: string;
}

/** The shown series as CSV: raw figures (bytes, bits per second, requests, a 0-1 rate), times on the UTC+8 clock. */
export function usageCsv(rows: UsageRow[], header: UsageCsvHeader): string {
  const compared = rows.some((row) => row.previous !== undefined);
  const titles = compared ? [header.time, header.value, header.previous] : [header.time, header.value];
  const cell = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  const lines = rows.map((row) =>
    [formatUtc8(row.time), cell(row.value), ...(compared ? [cell(row.previous)] : [])].map(field).join(','),
  );
  return `${[titles.map(field).join(','), ...lines].join('\r\n')}\r\n`;
}
