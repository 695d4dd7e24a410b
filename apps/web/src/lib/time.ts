import dayjs from 'dayjs';

/** An API time (epoch milliseconds) as the tables show it, in the browser's time zone. */
export function formatTime(epochMs: number | null | undefined): string {
  return epochMs === null || epochMs === undefined ? '-' : dayjs(epochMs).format('YYYY-MM-DD HH:mm:ss');
}

/** The day of an API time, for dates where the hour does not matter (a certificate's expiry in a list). */
export function formatDate(epochMs: number): string {
  return dayjs(epochMs).format('YYYY-MM-DD');
}
