import type { Executor } from '../../db/connect';
import { rangePieces } from './buckets';
import { scopeTotals } from './traffic-read.repository';

/**
 * The bytes an account's domains served in [from, to), from the account's rollups: what a traffic package's quota
 * is counted against. The first 5-minute bucket is counted whole, so the figure can run up to five minutes early.
 */
export async function accountBytes(ex: Executor, userId: number, from: Date, to: Date): Promise<number> {
  if (to <= from) return 0;
  return (await scopeTotals(ex, { userId }, rangePieces(from.getTime(), to.getTime()))).bytes;
}
