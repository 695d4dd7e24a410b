import type { CdnType, Permission, PermissionId, StaffCustomerQuery } from '@edgeward/contract';
import { and, count, desc, eq, gt, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { likePattern } from '../../db/like';
import { domains, loginLog, sessions, userPermissions, users } from '../../db/schema';

/* The operator console's reads of customer accounts (customer-desk.service.ts). */

const customerColumns = {
  id: users.id,
  userName: users.userName,
  email: users.email,
  phone: users.phone,
  cdnType: users.cdnType,
  realNameVerified: users.realNameVerified,
  createdAt: users.createdAt,
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
  const [row] = await ex.select(customerColumns).from(users).where(eq(users.id, id));
  return row ? { ...row, cdnType: row.cdnType as CdnType } : undefined;
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
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, at)));
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
