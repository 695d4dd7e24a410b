import type {
  CdnType,
  PageQuery,
  Permission,
  PermissionId,
  StaffCustomerQuery,
  StaffCustomerSummary,
} from '@edgeward/contract';
import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/connect';
import { likePattern } from '../../db/like';
import {
  apiKeys,
  balances,
  certificates,
  domains,
  loginLog,
  orders,
  sessions,
  tickets,
  userPackages,
  userPermissions,
  users,
} from '../../db/schema';
import { sessionColumns, sessionOpenAt } from '../session';

/* The operator console's reads of customer accounts (customer-desk.service.ts). */

const customerColumns = {
  id: users.id,
  userName: users.userName,
  email: users.email,
  phone: users.phone,
  cdnType: users.cdnType,
  realNameVerified: users.realNameVerified,
  createdAt: users.createdAt,
  disabledAt: users.disabledAt,
};

/** By part of the name or email, the exact id, or part of one of their domains' names; newest accounts first. */
export async function search(ex: Executor, query: StaffCustomerQuery) {
  let where: SQL | undefined;
  if (query.search) {
    const like = likePattern(query.search);
    const byDomain = sql`EXISTS (SELECT 1 FROM ${domains} WHERE ${domains.userId} = ${users.id} AND ${domains.domainName} ILIKE ${like})`;
    const byId = /^\d{1,15}$/.test(query.search) ? eq(users.id, Number(query.search)) : undefined;
    where = or(ilike(users.userName, like), ilike(users.email, like), byDomain, byId);
  }
  const [rows, [total]] = await Promise.all([
    ex
      .select(customerColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    ex.select({ n: count() }).from(users).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, cdnType: r.cdnType as CdnType })), total: total?.n ?? 0 };
}

export async function find(ex: Executor, id: number) {
  const [row] = await ex
    .select({ ...customerColumns, disabledReason: users.disabledReason })
    .from(users)
    .where(eq(users.id, id));
  return row ? { ...row, cdnType: row.cdnType as CdnType } : undefined;
}

/** Disables the account when it is enabled; false when it was disabled already (decided by the row, not a read). */
export async function disable(ex: Executor, id: number, at: Date, reason: string): Promise<boolean> {
  const rows = await ex
    .update(users)
    .set({ disabledAt: at, disabledReason: reason, updatedAt: at })
    .where(and(eq(users.id, id), isNull(users.disabledAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Enables a disabled account; false when it was not disabled. */
export async function enable(ex: Executor, id: number, at: Date): Promise<boolean> {
  const rows = await ex
    .update(users)
    .set({ disabledAt: null, disabledReason: null, updatedAt: at })
    .where(and(eq(users.id, id), isNotNull(users.disabledAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

const countOf = (table: PgTable & { userId: AnyPgColumn }, userId: number, extra?: SQL) =>
  sql<number>`(SELECT count(*) FROM ${table} WHERE ${table.userId} = ${userId}${extra ? sql` AND ${extra}` : sql``})`.mapWith(
    Number,
  );

/** The customer's business in one round trip: balance, orders, packages, domains, certificates, tickets, keys. */
export async function summaryOf(ex: Executor, userId: number, at: Date): Promise<StaffCustomerSummary> {
  const [row] = await ex
    .select({
      balanceFen: sql<string>`COALESCE((SELECT ${balances.balanceFen} FROM ${balances} WHERE ${balances.userId} = ${userId}), 0)::text`,
      orders: countOf(orders, userId),
      packagesInForce: countOf(
        userPackages,
        userId,
        sql`${userPackages.revokedAt} IS NULL AND ${userPackages.effectiveAt} <= ${at} AND ${userPackages.expiresAt} > ${at}`,
      ),
      domains: countOf(domains, userId),
      domainsAbnormal: countOf(domains, userId, sql`${domains.status} = 'abnormal'`),
      certificates: countOf(certificates, userId),
      openTickets: countOf(tickets, userId, sql`${tickets.status} IN ('processing', 'appeal')`),
      apiKeys: countOf(apiKeys, userId),
    })
    .from(users)
    .where(eq(users.id, userId));
  return { ...row!, balanceFen: String(row!.balanceFen) };
}

export async function permissionsOf(ex: Executor, userId: number): Promise<Permission[]> {
  const rows = await ex
    .select({ permissionId: userPermissions.permissionId, actions: userPermissions.actions })
    .from(userPermissions)
    .where(eq(userPermissions.userId, userId))
    .orderBy(userPermissions.permissionId);
  return rows.map((r) => ({
    permissionId: r.permissionId as PermissionId,
    actionList: r.actions as Permission['actionList'],
  }));
}

export async function openSessions(ex: Executor, userId: number, at: Date): Promise<number> {
  const [row] = await ex
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), sessionOpenAt(at)));
  return row?.n ?? 0;
}

export async function lastSignIn(ex: Executor, userId: number) {
  const [row] = await ex
    .select({ at: loginLog.createdAt, ip: loginLog.ip })
    .from(loginLog)
    .where(and(eq(loginLog.userId, userId), eq(loginLog.result, 'success')))
    .orderBy(desc(loginLog.createdAt))
    .limit(1);
  return row;
}

/**
 * One page of a customer's rows, newest first, with the total: the lists of the customer's page in the console
 * (domains, certificates, tickets, open sessions). `rows` selects from `table` what the list shows; `only`, when
 * given, narrows the customer's rows (the sessions still open).
 */
async function pageOfRows<Q extends PgSelect>(
  ex: Executor,
  table: PgTable & { userId: AnyPgColumn; createdAt: AnyPgColumn; id: AnyPgColumn },
  rows: (where: SQL) => Q,
  userId: number,
  page: PageQuery,
  only?: SQL,
) {
  // `and` leaves out an `only` not given; with the user's condition it always has one.
  const where = and(eq(table.userId, userId), only)!;
  const [list, [total]] = await Promise.all([
    rows(where)
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    ex.select({ n: count() }).from(table).where(where),
  ]);
  // Ordering and paging leave the rows as `rows` selects them.
  return { rows: list as Awaited<Q>, total: total?.n ?? 0 };
}

/** The customer's domains of both consoles. */
export const domainsOf = (ex: Executor, userId: number, page: PageQuery) =>
  pageOfRows(
    ex,
    domains,
    (where) =>
      ex
        .select({
          id: domains.id,
          domainName: domains.domainName,
          variant: domains.variant,
          type: domains.type,
          status: domains.status,
          createdAt: domains.createdAt,
        })
        .from(domains)
        .where(where)
        .$dynamic(),
    userId,
    page,
  );

export const certificatesOf = (ex: Executor, userId: number, page: PageQuery) =>
  pageOfRows(
    ex,
    certificates,
    (where) =>
      ex
        .select({
          id: certificates.id,
          name: certificates.name,
          dnsNames: certificates.dnsNames,
          notAfter: certificates.notAfter,
          source: certificates.source,
        })
        .from(certificates)
        .where(where)
        .$dynamic(),
    userId,
    page,
  );

export const ticketsOf = (ex: Executor, userId: number, page: PageQuery) =>
  pageOfRows(
    ex,
    tickets,
    (where) =>
      ex
        .select({
          id: tickets.id,
          ticketNo: tickets.ticketNo,
          title: tickets.title,
          urgency: tickets.urgency,
          status: tickets.status,
          updatedAt: tickets.updatedAt,
        })
        .from(tickets)
        .where(where)
        .$dynamic(),
    userId,
    page,
  );

/** The customer's open sessions (not revoked, not expired at `at`), each with its expiry; never a token's hash. */
export const openSessionsOf = (ex: Executor, userId: number, page: PageQuery, at: Date) =>
  pageOfRows(
    ex,
    sessions,
    (where) =>
      ex
        .select({ ...sessionColumns, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(where)
        .$dynamic(),
    userId,
    page,
    sessionOpenAt(at),
  );
