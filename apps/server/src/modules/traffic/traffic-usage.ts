import { granularityMs } from '@edgeward/contract';
import type { Executor } from '../../db/connect';
import { bucketStart, rangePieces } from './buckets';
import { scopeTotals } from './traffic-read.repository';

/**
 * The bytes an account's domains served in [from, to), from the account's rollups: what a traffic package's quota
 * is counted against. The first 5-minute bucket is counted whole, so the figure can run up to five minutes early.
 */
export async function accountBytes(ex: Executor, userId: number, from: Date, to: Date): Promise<number> {
  if (to <= from) return 0;
  return (await scopeTotals(ex, { userId }, rangePieces(from.getTime(), to.getTime()))).bytes;
}

/**
 * A window widened to whole 5-minute buckets, the finest the rollups hold: windows that meet at an edge then share
 * no bucket, so traffic shared out among them (a customer's overlapping packages) is counted once.
 */
export function wholeBuckets(from: Date, to: Date): { from: Date; to: Date } {
  const end = bucketStart(to.getTime(), '5m');
  return {
    from: new Date(bucketStart(from.getTime(), '5m')),
    to: new Date(end === to.getTime() ? end : end + granularityMs['5m']),
  };
}
