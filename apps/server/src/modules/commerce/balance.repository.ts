import type { LedgerKind, StatementQuery } from '@edgeward/contract';
import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/connect';
import { balanceLedger, balances, orders } from '../../db/schema';

export interface BalanceChange {
  userId: number;
  kind: LedgerKind;
  /** Positive fen; credit adds it, debit takes it. */
  amountFen: bigint;
  orderId: number | null;
  note?: string;
  at: Date;
}

async function writeLedger(tx: Tx, change: BalanceChange, signed: bigint, after: bigint): Promise<void> {
  await tx.insert(balanceLedger).values({
    userId: change.userId,
    kind: change.kind,
    amountFen: signed,
    balanceAfterFen: after,
    orderId: change.orderId,
    note: change.note ?? '',
    createdAt: change.at,
  });
}

/** Adds to a balance with its ledger row, in the caller's transaction; answers the balance after it. */
export async function credit(tx: Tx, change: BalanceChange): Promise<bigint> {
  const [row] = await tx
    .insert(balances)
    .values({ userId: change.userId, balanceFen: change.amountFen, updatedAt: change.at })
    .onConflictDoUpdate({
      target: balances.userId,
      set: { balanceFen: sql`${balances.balanceFen} + excluded.balance_fen`, updatedAt: change.at },
    })
    .returning({ balanceFen: balances.balanceFen });
  await writeLedger(tx, change, change.amountFen, row!.balanceFen);
  return row!.balanceFen;
}

/**
 * Takes from a balance only if it holds enough: one conditional UPDATE, so concurrent debits queue on the row and
 * each sees the balance the one before left; the balance never goes below zero. Answers the balance after it, or
 * null when it was short (nothing written).
 */
export async function debit(tx: Tx, change: BalanceChange): Promise<bigint | null> {
  const [row] = await tx
    .update(balances)
    .set({ balanceFen: sql`${balances.balanceFen} - ${change.amountFen}`, updatedAt: change.at })
    .where(and(eq(balances.userId, change.userId), gte(balances.balanceFen, change.amountFen)))
    .returning({ balanceFen: balances.balanceFen });
  if (!row) return null;
  await writeLedger(tx, change, -change.amountFen, row.balanceFen);
  return row.balanceFen;
}

export async function balanceOf(db: Executor, userId: number): Promise<bigint> {
  const [row] = await db.select({ balanceFen: balances.balanceFen }).from(balances).where(eq(balances.userId, userId));
  return row?.balanceFen ?? 0n;
}

function statementWhere(userId: number, query: Omit<StatementQuery, 'page' | 'size'>) {
  return and(
    eq(balanceLedger.userId, userId),
    query.kind ? eq(balanceLedger.kind, query.kind) : undefined,
    query.from !== undefined ? gte(balanceLedger.createdAt, new Date(query.from)) : undefined,
    query.to !== undefined ? lt(balanceLedger.createdAt, new Date(query.to)) : undefined,
  );
}

const entryColumns = {
  id: balanceLedger.id,
  kind: balanceLedger.kind,
  amountFen: balanceLedger.amountFen,
  balanceAfterFen: balanceLedger.balanceAfterFen,
  note: balanceLedger.note,
  createdAt: balanceLedger.createdAt,
  orderNo: orders.orderNo,
};

export type LedgerRow = {
  id: number;
  kind: LedgerKind;
  amountFen: bigint;
  balanceAfterFen: bigint;
  note: string;
  createdAt: Date;
  orderNo: string | null;
};

/** The user's ledger, newest first; `limit` absent reads every row (the CSV export). */
export async function statement(
  db: Executor,
  userId: number,
  query: Omit<StatementQuery, 'page' | 'size'>,
  page?: { limit: number; offset: number },
): Promise<{ rows: LedgerRow[]; total: number }> {
  const where = statementWhere(userId, query);
  const base = db
    .select(entryColumns)
    .from(balanceLedger)
    .leftJoin(orders, eq(orders.id, balanceLedger.orderId))
    .where(where)
    .orderBy(desc(balanceLedger.createdAt), desc(balanceLedger.id));
  const rows = page ? await base.limit(page.limit).offset(page.offset) : await base;
  const [total] = await db.select({ n: count() }).from(balanceLedger).where(where);
  return { rows, total: Number(total!.n) };
}
