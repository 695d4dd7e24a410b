import type { OrderListQuery, StaffOrderQuery } from '@edgeward/contract';
import { and, asc, count, desc, eq, gte, ilike, isNotNull, lt, lte, or } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { likePattern } from '../../db/like';
import { type OrderRow, orders, users } from '../../db/schema';

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

/** Operator, staff and gateway lookups: by order number, bank-transfer reference or id, locked. */
export async function lockOrderBy(
  db: Executor,
  by: { orderNo: string } | { transferReference: string } | { id: number },
): Promise<OrderRow | undefined> {
  const where =
    'orderNo' in by
      ? eq(orders.orderNo, by.orderNo)
      : 'id' in by
        ? eq(orders.id, by.id)
        : eq(orders.transferReference, by.transferReference);
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

const waitingTransfer = and(eq(orders.status, 'unpaid'), eq(orders.paymentMethod, 'bank_transfer'));

/** Bank-transfer recharges waiting for the operator, oldest first. */
export async function listPendingTransfers(db: Executor): Promise<OrderRow[]> {
  return db.select().from(orders).where(waitingTransfer).orderBy(asc(orders.createdAt), asc(orders.id));
}

/** One page of the bank transfers waiting, oldest first, with their customers' names (the staff's list). */
export async function pendingTransfersPage(db: Executor, page: { page: number; size: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: orders, userName: users.userName })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(waitingTransfer)
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    db.select({ n: count() }).from(orders).where(waitingTransfer),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Every customer's orders for the staff, newest first, with the customer's name: by status, kind, time placed, and
 * part of the order number or of the customer's name.
 */
export async function listAllOrders(db: Executor, query: StaffOrderQuery) {
  const where = and(
    query.status ? eq(orders.status, query.status) : undefined,
    query.kind ? eq(orders.kind, query.kind) : undefined,
    query.search
      ? or(ilike(orders.orderNo, likePattern(query.search)), ilike(users.userName, likePattern(query.search)))
      : undefined,
    query.from !== undefined ? gte(orders.createdAt, new Date(query.from)) : undefined,
    query.to !== undefined ? lt(orders.createdAt, new Date(query.to)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: orders, userName: users.userName })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ n: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Any customer's order with the customer's name (the staff read them all). */
export async function findOrderWithCustomer(db: Executor, id: number) {
  const [row] = await db
    .select({ order: orders, userName: users.userName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, id));
  return row;
}

/** A customer's name, for the staff's lists of one customer's business; undefined for an unknown id. */
export async function customerNameOf(db: Executor, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ userName: users.userName }).from(users).where(eq(users.id, userId));
  return row?.userName;
}
