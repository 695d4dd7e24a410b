/**
 * The console's clock: UTC+8 (China Standard Time, no daylight saving), whatever zone the server or the reader is
 * in. Spec-fixed texts such as exported times and type B signed URLs read on it.
 */
const UTC8_OFFSET_MS = 8 * 3_600_000;

/** Wall-clock fields on the UTC+8 clock; month is 1 to 12. */
export interface Utc8Time {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** What a UTC+8 clock shows at an instant. */
export function utc8Time(instant: Date | number): Utc8Time {
  const t = new Date(new Date(instant).getTime() + UTC8_OFFSET_MS);
  return {
    year: t.getUTCFullYear(),
    month: t.getUTCMonth() + 1,
    day: t.getUTCDate(),
    hour: t.getUTCHours(),
    minute: t.getUTCMinutes(),
    second: t.getUTCSeconds(),
  };
}

/** The instant a UTC+8 clock shows these fields (out-of-range fields roll over, as Date.UTC does). */
export function fromUtc8Time({ year, month, day, hour, minute, second }: Utc8Time): Date {
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second) - UTC8_OFFSET_MS);
}

/** `YYYY-MM-DD HH:mm:ss` on the UTC+8 clock. */
export function formatUtc8(instant: Date | number): string {
  return new Date(new Date(instant).getTime() + UTC8_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}
