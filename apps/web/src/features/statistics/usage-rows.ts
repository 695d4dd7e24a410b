import { formatUtc8 } from '@edgeward/contract';
import type { UsagePoint } from '../../api/traffic';

/** One time of the shown series: its value and, with the comparison on, the same moment of the previous period. */
export interface UsageRow {
  time: number;
  value: number | null;
  previous?: number | null;
}

/**
 * The rows of the chart and the table: the previous period's points are laid on the current ones by their
 * distance from the period's start (`shift` = the period's length), so a Tuesday 10:00 meets the Monday 10:00.
 */
export function usageRows(points: UsagePoint[], previous: UsagePoint[] | undefined, shift: number): UsageRow[] {
  if (!previous) return points.map(({ time, value }) => ({ time, value }));
  const before = new Map(previous.map((p) => [p.time + shift, p.value]));
  return points.map(({ time, value }) => ({ time, value, previous: before.get(time) ?? null }));
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
