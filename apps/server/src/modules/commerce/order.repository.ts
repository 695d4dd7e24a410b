import type { OrderListQuery } from '@edgeward/contract';
import { and, asc, count, desc, eq, gte, isNotNull, lt, lte } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { type OrderRow, orders } from '../../db/schema';

export type NewOrder = typeof orders.$inferInsert;

export async function insertOrder(db: Executor, order: NewOrder): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(order).returning();
  return row!;
}

/** The caller's order, optionally locked for the rest of the transaction; undefined for a foreign or missing id. */
export async function findOwnedOrder(
  db: Executor,
  userId: number,
  id: number,
  options: { lock?: boolean } = {},
): Promise<OrderRow | undefined> {
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Operator and gateway lookups: by order number or by bank-transfer reference, locked. */
export async function lockOrderBy(
  db: Executor,
  by: { orderNo: string } | { transferReference: string },
): Promise<OrderRow | undefined> {
  const where = 'orderNo' in by ? eq(orders.orderNo, by.orderNo) : eq(orders.transferReference, by.transferReference);
  const [row] = await db.select().from(orders).where(where).for('update');
  return row;
}

export async function updateOrder(db: Executor, id: number, set: Partial<NewOrder>): Promise<OrderRow> {
  const [row] = await db.update(orders).set(set).where(eq(orders.id, id)).returning();
  return row!;
}

export async function listOrders(
  db: Executor,
  userId: number,
  query: OrderListQuery,
): Promise<{ rows: OrderRow[]; total: number }> {
  const where = and(
    eq(orders.userId, userId),
    query.status ? eq(orders.status, query.status) : undefined,
    query.kind ? eq(orders.kind, query.kind) : undefined,
    query.orderNo ? eq(orders.orderNo, query.orderNo) : undefined,
    query.from !== undefined ? gte(orders.createdAt, new Date(query.from)) : undefined,
    query.to !== undefined ? lt(orders.createdAt, new Date(query.to)) : undefined,
  );
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  return { rows, total: Number(total!.n) };
}

/** Cancels every unpaid order whose close time has passed; answers them with their gateway trades. */
export async function closeOverdueOrders(
  db: Executor,
  at: Date,
): Promise<Pick<OrderRow, 'id' | 'gateway' | 'gatewayTradeNo'>[]> {
  return db
    .update(orders)
    .set({ status: 'cancelled', cancelledAt: at })
    .where(and(eq(orders.status, 'unpaid'), isNotNull(orders.closeAt), lte(orders.closeAt, at)))
    .returning({ id: orders.id, gateway: orders.gateway, gatewayTradeNo: orders.gatewayTradeNo });
}

/** Bank-transfer recharges waiting for the operator, oldest first. */
export async function listPendingTransfers(db: Executor): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'unpaid'), eq(orders.paymentMethod, 'bank_transfer')))
    .orderBy(asc(orders.createdAt), asc(orders.id));
}
