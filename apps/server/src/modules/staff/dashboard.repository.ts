import { type TicketUrgency, ticketUrgencies } from '@edgeward/contract';
import { and, asc, count, eq, gte, inArray, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { certificateApplications, domains, orders, realNameAttempts, tickets, users } from '../../db/schema';

// The dashboard reads across the areas' tables in one place, read-only: counts for the staff's start page. What a
// screen changes goes through the area that owns it.

/** Tickets the staff owe an answer: new or reopened by an appeal. */
const waitingTicket = inArray(tickets.status, ['processing', 'appeal']);

export async function customerCounts(db: Executor, todayStart: Date, weekStart: Date) {
  const [row] = await db
    .select({
      total: count(),
      today: sql<number>`count(*) FILTER (WHERE ${users.createdAt} >= ${todayStart})`.mapWith(Number),
      week: sql<number>`count(*) FILTER (WHERE ${users.createdAt} >= ${weekStart})`.mapWith(Number),
    })
    .from(users);
  return { total: row?.total ?? 0, newToday: row?.today ?? 0, newLast7Days: row?.week ?? 0 };
}

/** Paid amounts by kind since `weekStart`, and since `todayStart`: fen as decimal text. */
export async function revenue(db: Executor, todayStart: Date, weekStart: Date) {
  const rows = await db
    .select({
      kind: orders.kind,
      today: sql<string>`coalesce(sum(${orders.amountFen}) FILTER (WHERE ${orders.paidAt} >= ${todayStart}), 0)::text`,
      week: sql<string>`coalesce(${sum(orders.amountFen)}, 0)::text`,
    })
    .from(orders)
    .where(and(inArray(orders.status, ['paid', 'refunded']), gte(orders.paidAt, weekStart)))
    .groupBy(orders.kind);
  const of = (kind: 'package' | 'recharge') => {
    const row = rows.find((r) => r.kind === kind);
    return { todayFen: row?.today ?? '0', last7DaysFen: row?.week ?? '0' };
  };
  return { paidOrders: of('package'), recharges: of('recharge') };
}

export async function ticketsWaiting(db: Executor, oldest: number) {
  const byUrgencyRows = await db
    .select({ urgency: tickets.urgency, n: count() })
    .from(tickets)
    .where(waitingTicket)
    .groupBy(tickets.urgency);
  const byUrgency = Object.fromEntries(ticketUrgencies.map((u) => [u, 0])) as Record<TicketUrgency, number>;
  for (const row of byUrgencyRows) byUrgency[row.urgency] = row.n;
  const oldestRows = await db
    .select({
      id: tickets.id,
      ticketNo: tickets.ticketNo,
      title: tickets.title,
      urgency: tickets.urgency,
      userName: users.userName,
      createdAt: tickets.createdAt,
    })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(waitingTicket)
    .orderBy(asc(tickets.createdAt), asc(tickets.id))
    .limit(oldest);
  return {
    waiting: byUrgencyRows.reduce((total, row) => total + row.n, 0),
    byUrgency,
    oldest: oldestRows.map((r) => ({ ...r, createdAt: r.createdAt.getTime() })),
  };
}

export async function waitingCounts(db: Executor) {
  const [realName] = await db
    .select({ n: count() })
    .from(realNameAttempts)
    .where(eq(realNameAttempts.status, 'pending'));
  const [wholeSite] = await db
    .select({ n: count() })
    .from(domains)
    .where(and(eq(domains.status, 'under_review'), eq(domains.wholeSite, true)));
  const [transfers] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.paymentMethod, 'bank_transfer'), eq(orders.status, 'unpaid')));
  const [abnormal] = await db.select({ n: count() }).from(domains).where(eq(domains.status, 'abnormal'));
  const [failedApplications] = await db
    .select({ n: count() })
    .from(certificateApplications)
    .where(eq(certificateApplications.status, 'failed'));
  return {
    reviews: { realName: realName?.n ?? 0, wholeSiteDomains: wholeSite?.n ?? 0 },
    bankTransfersWaiting: transfers?.n ?? 0,
    domainsAbnormal: abnormal?.n ?? 0,
    certificateApplicationsFailed: failedApplications?.n ?? 0,
  };
}
