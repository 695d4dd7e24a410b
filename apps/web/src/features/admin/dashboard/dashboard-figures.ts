import { formatFen } from '@edgeward/contract';

/** An amount in fen (decimal text) as the dashboard shows it: ¥123.45, exact. */
export function yuanOf(fen: string): string {
  return fen.startsWith('-') ? `-¥${formatFen(fen.slice(1))}` : `¥${formatFen(fen)}`;
}

const units = [
  { unit: 'day', ms: 86_400_000 },
  { unit: 'hour', ms: 3_600_000 },
  { unit: 'minute', ms: 60_000 },
] as const;

/** How long ago `at` was, in the largest whole unit ('3 hours ago', '3 小时前'); under a minute counts as one. */
export function ageOf(at: number, now: number, locale: string): string {
  const elapsed = Math.max(0, now - at);
  const { unit, ms } = units.find((u) => elapsed >= u.ms) ?? units[2];
  const count = Math.max(1, Math.floor(elapsed / ms));
  return new Intl.RelativeTimeFormat(locale, { numeric: 'always' }).format(-count, unit);
}
