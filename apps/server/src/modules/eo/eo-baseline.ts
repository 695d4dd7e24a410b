import { limits, type RateBaseline } from '@edgeward/contract';

const FIVE_MINUTES_IN_10S = 30;

/**
 * The adaptive frequency control's baseline from a domain's requests per 5-minute bucket over the last 7 days:
 * the busiest bucket and the average, both per 10 s (the period of the recommended level).
 */
export function baselineOf(requestsPer5m: readonly number[], computedAt: number): RateBaseline {
  const buckets = (limits.eo.baselineDays * 24 * 60) / 5;
  const total = requestsPer5m.reduce((sum, n) => sum + n, 0);
  const peak = requestsPer5m.reduce((max, n) => Math.max(max, n), 0);
  return {
    peakPer10s: Math.ceil(peak / FIVE_MINUTES_IN_10S),
    averagePer10s: Math.ceil(total / (buckets * FIVE_MINUTES_IN_10S)),
    computedAt,
  };
}
