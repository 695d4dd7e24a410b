import type { StaffRealNameQuery } from '@edgeward/contract';
import { and, asc, count, desc, eq, gte, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { likePattern } from '../../db/like';
import { faceCheckNotifications, type RealNameAttemptRow, realNameAttempts, users } from '../../db/schema';

/*
 * Real-name verification's SQL. The account's users.real_name_verified flag is what every guard reads; this area is
 * its only writer, always in the transaction that changes the attempt it follows from.
 */

export type NewAttempt = Pick<
  RealNameAttemptRow,
  'userId' | 'realNameSealed' | 'idNumberSealed' | 'realNameMasked' | 'idNumberMasked' | 'provider' | 'status'
> &
  Partial<Pick<RealNameAttemptRow, 'operatorReview' | 'sample' | 'createdAt' | 'finishedAt'>>;

/** The account's verification flag, its row locked until the transaction ends: one submission at a time per user. */
export async function lockAccount(tx: Executor, userId: number): Promise<{ realNameVerified: boolean } | null> {
  const [row] = await tx
    .select({ realNameVerified: users.realNameVerified })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row ?? null;
}

export async function findAccountByName(ex: Executor, userName: string) {
  const [row] = await ex
    .select({ id: users.id, userName: users.userName, realNameVerified: users.realNameVerified })
    .from(users)
    .where(sql`lower(${users.userName}) = lower(${userName})`);
  return row ?? null;
}

export async function findAccountById(ex: Executor, userId: number) {
  const [row] = await ex
    .select({ id: users.id, userName: users.userName, realNameVerified: users.realNameVerified })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/**
 * The reviewer's list: `waiting` is every account not verified whose newest submission is pending or failed,
 * `verified` every verified account; each with that newest submission (or none), oldest submission first.
 */
export async function listForReview(ex: Executor, query: StaffRealNameQuery) {
  const newest = sql`(SELECT a.id FROM real_name_attempts a WHERE a.user_id = ${users.id} ORDER BY a.id DESC LIMIT 1)`;
  const conditions: (SQL | undefined)[] = [
    query.state === 'verified'
      ? eq(users.realNameVerified, true)
      : and(eq(users.realNameVerified, false), inArray(realNameAttempts.status, ['pending', 'failed'])),
  ];
  if (query.search) conditions.push(ilike(users.userName, likePattern(query.search)));
  const where = and(...conditions);
  const from = ex
    .select({ userId: users.id, userName: users.userName, verified: users.realNameVerified, attempt: realNameAttempts })
    .from(users)
    .leftJoin(realNameAttempts, eq(realNameAttempts.id, newest))
    .where(where);
  const [rows, [total]] = await Promise.all([
    from
      .orderBy(asc(realNameAttempts.createdAt), asc(users.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    ex.select({ n: count() }).from(users).leftJoin(realNameAttempts, eq(realNameAttempts.id, newest)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function setAccountVerified(tx: Executor, userId: number, verified: boolean, at: Date): Promise<void> {
  await tx.update(users).set({ realNameVerified: verified, updatedAt: at }).where(eq(users.id, userId));
}

export async function accountVerified(ex: Executor, userId: number): Promise<boolean> {
  const [row] = await ex.select({ v: users.realNameVerified }).from(users).where(eq(users.id, userId));
  return row?.v ?? false;
}

export async function insertAttempt(tx: Executor, attempt: NewAttempt): Promise<RealNameAttemptRow> {
  const [row] = await tx.insert(realNameAttempts).values(attempt).returning();
  return row!;
}

export async function deleteAttempt(ex: Executor, id: number): Promise<void> {
  await ex.delete(realNameAttempts).where(eq(realNameAttempts.id, id));
}

export async function setCheck(ex: Executor, id: number, check: { checkId: string; checkUrl: string }) {
  await ex.update(realNameAttempts).set(check).where(eq(realNameAttempts.id, id));
}

/** The caller's attempt; another user's id finds nothing. */
export async function findOwn(ex: Executor, userId: number, id: number): Promise<RealNameAttemptRow | null> {
  const [row] = await ex
    .select()
    .from(realNameAttempts)
    .where(and(eq(realNameAttempts.id, id), eq(realNameAttempts.userId, userId)));
  return row ?? null;
}

/** Any user's attempt, locked: the service's callback names it by our reference. */
export async function lockSystem(tx: Executor, id: number): Promise<RealNameAttemptRow | null> {
  const [row] = await tx.select().from(realNameAttempts).where(eq(realNameAttempts.id, id)).for('update');
  return row ?? null;
}

export async function latest(
  ex: Executor,
  userId: number,
  statuses: RealNameAttemptRow['status'][],
): Promise<RealNameAttemptRow | null> {
  const [row] = await ex
    .select()
    .from(realNameAttempts)
    .where(and(eq(realNameAttempts.userId, userId), inArray(realNameAttempts.status, statuses)))
    .orderBy(desc(realNameAttempts.id))
    .limit(1);
  return row ?? null;
}

export async function failuresSince(ex: Executor, userId: number, since: Date): Promise<number> {
  const [row] = await ex
    .select({ n: sql<string>`count(*)` })
    .from(realNameAttempts)
    .where(
      and(
        eq(realNameAttempts.userId, userId),
        eq(realNameAttempts.status, 'failed'),
        gte(realNameAttempts.finishedAt, since),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Moves the user's attempts in `from` to `to` (a new submission supersedes the pending one; a revocation). */
export async function moveAll(
  tx: Executor,
  userId: number,
  from: RealNameAttemptRow['status'],
  to: RealNameAttemptRow['status'],
  at: Date,
): Promise<number> {
  const rows = await tx
    .update(realNameAttempts)
    .set({ status: to, finishedAt: at })
    .where(and(eq(realNameAttempts.userId, userId), eq(realNameAttempts.status, from)))
    .returning({ id: realNameAttempts.id });
  return rows.length;
}

export async function finishAttempt(
  tx: Executor,
  id: number,
  change: { status: 'passed' | 'failed'; at: Date; operatorReview?: boolean },
): Promise<void> {
  await tx
    .update(realNameAttempts)
    .set({ status: change.status, finishedAt: change.at, operatorReview: change.operatorReview ?? false })
    .where(eq(realNameAttempts.id, id));
}

/** Records a callback's id; false when it was seen before (a replay). */
export async function recordNotification(
  tx: Executor,
  entry: { provider: string; notifyId: string; attemptId: number | null; at: Date },
): Promise<boolean> {
  const fresh = await tx
    .insert(faceCheckNotifications)
    .values({ provider: entry.provider, notifyId: entry.notifyId, attemptId: entry.attemptId, receivedAt: entry.at })
    .onConflictDoNothing()
    .returning({ notifyId: faceCheckNotifications.notifyId });
  return fresh.length > 0;
}
