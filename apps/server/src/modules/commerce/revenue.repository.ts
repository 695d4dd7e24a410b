import type { RevenueGranularity } from '@edgeward/contract';
import { and, count, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/connect';
import { balanceLedger, orders } from '../../db/schema';

/** One period's count and sum (fen as decimal text), keyed by the period's label. */
export type PeriodSums = Map<string, { count: number; fen: string }>;

const labelFormats: Record<RevenueGranularity, string> = { day: 'YYYY-MM-DD', month: 'YYYY-MM' };

/**
 * The UTC+8 day ('2026-03-14') or month ('2026-03') of an instant, whatever the session's time zone. The format is
 * written into the SQL, not bound, so that the select and the GROUP BY are the same expression.
 */
function periodOf(column: PgColumn, granularity: RevenueGranularity): SQL<string> {
  return sql<string>`to_char((${column} AT TIME ZONE 'UTC') + interval '8 hours', ${sql.raw(`'${labelFormats[granularity]}'`)})`;
}

async function sums(
  db: Executor,
  table: typeof orders | typeof balanceLedger,
  at: PgColumn,
  amount: PgColumn,
  where: SQL | undefined,
  granularity: RevenueGranularity,
): Promise<PeriodSums> {
  const period = periodOf(at, granularity);
  const rows = await db
    .select({ period, count: count(), fen: sql<string>`coalesce(sum(${amount}), 0)::text` })
    .from(table)
    .where(where)
    .groupBy(period);
  return new Map(rows.map((r) => [r.period, { count: r.count, fen: r.fen }]));
}

/**
 * The money of [from, to) by UTC+8 period: package orders by the time they were paid (a later refund counts in the
 * refund's period, so a refunded order stays paid here); money credited to balances (recharges, a bank transfer as
 * received, and gateway payments that came after their order closed) and refunds by their ledger rows.
 */
export async function revenueByPeriod(db: Executor, from: Date, to: Date, granularity: RevenueGranularity) {
  const [packageOrders, recharges, refunds] = await Promise.all([
    sums(
      db,
      orders,
      orders.paidAt,
      orders.amountFen,
      and(
        eq(orders.kind, 'package'),
        inArray(orders.status, ['paid', 'refunded']),
        gte(orders.paidAt, from),
        lt(orders.paidAt, to),
      ),
      granularity,
    ),
    sums(
      db,
      balanceLedger,
      balanceLedger.createdAt,
      balanceLedger.amountFen,
      and(
        inArray(balanceLedger.kind, ['recharge', 'credit']),
        gte(balanceLedger.createdAt, from),
        lt(balanceLedger.createdAt, to),
      ),
      granularity,
    ),
    sums(
      db,
      balanceLedger,
      balanceLedger.createdAt,
      balanceLedger.amountFen,
      and(eq(balanceLedger.kind, 'refund'), gte(balanceLedger.createdAt, from), lt(balanceLedger.createdAt, to)),
      granularity,
    ),
  ]);
  return { packageOrders, recharges, refunds };
}
