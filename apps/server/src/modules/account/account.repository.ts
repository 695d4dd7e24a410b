import type { LoginLogReason, Permission } from '@edgeward/contract';
import { and, asc, count, desc, eq, gt, isNull, lt, max, ne, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/connect';
import { rowsOf } from '../../db/migrate';
import { preparedQuery } from '../../db/prepared';
import {
  captchas,
  emailCodes,
  loginChallenges,
  loginLog,
  passwordResetTokens,
  simulationTokens,
  userPermissions,
  users,
} from '../../db/schema';

/** Names and emails compare case-insensitively, matching the lower() unique indexes. */
const sameText = (column: AnyPgColumn, value: string) => sql`lower(${column}) = lower(${value})`;

// ---- users

export async function findUserByName(db: Executor, userName: string) {
  const [row] = await db
    .select({ id: users.id, userName: users.userName, passwordHash: users.passwordHash, disabledAt: users.disabledAt })
    .from(users)
    .where(sameText(users.userName, userName));
  return row;
}

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ id: users.id, userName: users.userName, email: users.email })
    .from(users)
    .where(sameText(users.email, email));
  return row;
}

/** Which of the name and email already belong to another user (case-insensitive). */
export async function findTaken(db: Executor, values: { userName: string; email: string }, exceptUserId?: number) {
  const matches = or(sameText(users.userName, values.userName), sameText(users.email, values.email));
  const rows = await db
    .select({ userName: users.userName, email: users.email })
    .from(users)
    .where(exceptUserId === undefined ? matches : and(matches, ne(users.id, exceptUserId)));
  return {
    userName: rows.some((r) => r.userName.toLowerCase() === values.userName.toLowerCase()),
    email: rows.some((r) => r.email.toLowerCase() === values.email.toLowerCase()),
  };
}

export async function insertUser(
  db: Executor,
  values: {
    userName: string;
    email: string;
    phone: string | null;
    passwordHash: string;
    realNameVerified: boolean;
    createdAt: Date;
  },
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ ...values, updatedAt: values.createdAt })
    .returning({ id: users.id });
  return row!.id;
}

const profileColumns = {
  id: users.id,
  userName: users.userName,
  email: users.email,
  phone: users.phone,
  avatar: users.avatar,
  cdnType: users.cdnType,
  realNameVerified: users.realNameVerified,
  createdAt: users.createdAt,
};

/** Every signed-in page asks for the profile. */
const findProfileQuery = preparedQuery((db) =>
  db
    .select(profileColumns)
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('account_find_profile'),
);

export async function findProfile(db: Executor, userId: number) {
  const [row] = await findProfileQuery(db).execute({ userId });
  return row;
}

export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

export async function updateProfile(
  db: Executor,
  userId: number,
  values: { userName: string; email: string; updatedAt: Date },
) {
  await db.update(users).set(values).where(eq(users.id, userId));
}

export async function findPasswordHash(db: Executor, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.hash;
}

export async function updatePasswordHash(db: Executor, userId: number, passwordHash: string, at: Date) {
  await db.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, userId));
}

/** Sets the avatar and answers the one it replaces, so its file can be removed. */
export async function replaceAvatar(db: Executor, userId: number, avatar: string, at: Date) {
  // Raw: one statement that also answers the old value, which UPDATE ... RETURNING alone cannot see.
  const result = await db.execute(sql`
    UPDATE users u SET avatar = ${avatar}, updated_at = ${at.toISOString()}::timestamptz
      FROM (SELECT id, avatar FROM users WHERE id = ${userId} FOR UPDATE) old
     WHERE u.id = old.id
    RETURNING old.avatar AS "previous"`);
  return rowsOf<{ previous: string | null }>(result)[0]?.previous ?? null;
}

export async function listUsers(db: Executor) {
  return db
    .select({
      id: users.id,
      userName: users.userName,
      email: users.email,
      phone: users.phone,
      realNameVerified: users.realNameVerified,
      createdAt: users.createdAt,
    })
    .from(users)
    .orderBy(asc(users.id));
}

// ---- permissions

export async function insertPermissions(db: Executor, userId: number, permissions: readonly Permission[]) {
  if (permissions.length === 0) return;
  await db
    .insert(userPermissions)
    .values(permissions.map((p) => ({ userId, permissionId: p.permissionId, actions: [...p.actionList] })));
}

export async function findPermissionActions(db: Executor, userId: number, permissionId: string) {
  const [row] = await db
    .select({ actions: userPermissions.actions })
    .from(userPermissions)
    .where(and(eq(userPermissions.userId, userId), eq(userPermissions.permissionId, permissionId)))
    .for('update');
  return row?.actions;
}

export async function upsertPermission(db: Executor, userId: number, permissionId: string, actions: string[]) {
  await db
    .insert(userPermissions)
    .values({ userId, permissionId, actions })
    .onConflictDoUpdate({ target: [userPermissions.userId, userPermissions.permissionId], set: { actions } });
}

export async function deletePermission(db: Executor, userId: number, permissionId: string) {
  await db
    .delete(userPermissions)
    .where(and(eq(userPermissions.userId, userId), eq(userPermissions.permissionId, permissionId)));
}

// ---- email codes (email is always lower-cased by the caller)

/** Serializes code requests for one address, so two at once cannot both pass the resend check. */
export async function lockEmail(db: Executor, email: string) {
  // Raw: a function call with no table, which the query builder has no form for.
  await db.execute(sql`SELECT pg_advisory_xact_lock(7263002, hashtext(${email}))`);
}

export async function latestEmailCodeAt(db: Executor, email: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: emailCodes.createdAt })
    .from(emailCodes)
    .where(eq(emailCodes.email, email))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  return row?.createdAt;
}

/** A new code replaces the open ones for the same address and purpose. */
export async function closeEmailCodes(db: Executor, email: string, purpose: string, at: Date) {
  await db
    .update(emailCodes)
    .set({ usedAt: at })
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)));
}

export async function insertEmailCode(
  db: Executor,
  values: { email: string; purpose: string; codeHash: string; createdAt: Date; expiresAt: Date },
): Promise<number> {
  const [row] = await db.insert(emailCodes).values(values).returning({ id: emailCodes.id });
  return row!.id;
}

export async function deleteEmailCode(db: Executor, id: number) {
  await db.delete(emailCodes).where(eq(emailCodes.id, id));
}

export async function findOpenEmailCode(
  db: Executor,
  values: { email: string; purpose: string; now: Date; maxAttempts: number },
) {
  const [row] = await db
    .select({ id: emailCodes.id, codeHash: emailCodes.codeHash })
    .from(emailCodes)
    .where(
      and(
        eq(emailCodes.email, values.email),
        eq(emailCodes.purpose, values.purpose),
        isNull(emailCodes.usedAt),
        gt(emailCodes.expiresAt, values.now),
        lt(emailCodes.attempts, values.maxAttempts),
      ),
    )
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  return row;
}

export async function countEmailCodeAttempt(db: Executor, id: number) {
  await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(eq(emailCodes.id, id));
}

/** Marks the code used; false when another request used it first. */
export async function consumeEmailCode(db: Executor, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(emailCodes)
    .set({ usedAt: at })
    .where(and(eq(emailCodes.id, id), isNull(emailCodes.usedAt)))
    .returning({ id: emailCodes.id });
  return rows.length > 0;
}

// ---- login log

export async function insertLoginLog(
  db: Executor,
  values: {
    userName: string;
    userId: number | null;
    ip: string | null;
    ipKey: string | null;
    userAgent: string | null;
    result: 'success' | 'failure';
    reason: LoginLogReason | null;
    createdAt: Date;
  },
): Promise<number> {
  const [row] = await db.insert(loginLog).values(values).returning({ id: loginLog.id });
  return row!.id;
}

/** Writes the outcome of an attempt recorded before it was decided. */
export async function settleLoginLog(
  db: Executor,
  id: number,
  values: { userName: string; userId: number | null; result: 'success' | 'failure'; reason: LoginLogReason },
): Promise<void> {
  await db.update(loginLog).set(values).where(eq(loginLog.id, id));
}

export async function deleteLoginLog(db: Executor, id: number): Promise<void> {
  await db.delete(loginLog).where(eq(loginLog.id, id));
}

/**
 * Failures since `since` for the name (only those after its last successful login: a success proves the owner)
 * and, separately, for the address's budget key (an IPv6 client's whole /64). Attempts still being decided are
 * recorded as failures, so they count; `excludeId` leaves out the caller's own.
 */
export async function countRecentFailures(
  db: Executor,
  values: { userName: string; ipKey: string; since: Date; excludeId?: number },
) {
  const recent = and(
    eq(loginLog.result, 'failure'),
    gt(loginLog.createdAt, values.since),
    values.excludeId === undefined ? undefined : ne(loginLog.id, values.excludeId),
  );
  const lastSuccess = db
    .select({ id: max(loginLog.id) })
    .from(loginLog)
    .where(
      and(
        sameText(loginLog.userName, values.userName),
        eq(loginLog.result, 'success'),
        gt(loginLog.createdAt, values.since),
      ),
    );
  const [[byName], [byIp]] = await Promise.all([
    db
      .select({ n: count() })
      .from(loginLog)
      .where(
        and(recent, sameText(loginLog.userName, values.userName), gt(loginLog.id, sql`COALESCE((${lastSuccess}), 0)`)),
      ),
    db
      .select({ n: count() })
      .from(loginLog)
      .where(and(recent, eq(loginLog.ipKey, values.ipKey))),
  ]);
  return { byName: byName?.n ?? 0, byIp: byIp?.n ?? 0 };
}

/** The user's entries: by user id, plus attempts on their name that matched no account at the time. */
export async function listLoginLog(
  db: Executor,
  values: { userId: number; userName: string; limit: number; offset: number },
) {
  const mine = or(
    eq(loginLog.userId, values.userId),
    and(isNull(loginLog.userId), sameText(loginLog.userName, values.userName)),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: loginLog.id,
        userName: loginLog.userName,
        ip: loginLog.ip,
        userAgent: loginLog.userAgent,
        result: loginLog.result,
        reason: loginLog.reason,
        createdAt: loginLog.createdAt,
      })
      .from(loginLog)
      .where(mine)
      .orderBy(desc(loginLog.createdAt), desc(loginLog.id))
      .limit(values.limit)
      .offset(values.offset),
    db.select({ total: count() }).from(loginLog).where(mine),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

// ---- one-time tokens (password reset, simulation)

export {
  closeTokensOfUser,
  consumeToken,
  countTokensSince,
  findOpenToken,
  insertToken,
  latestTokenAt,
} from '../../db/token-table';

// ---- housekeeping

/** Deletes captchas, codes and tokens that expired before `before`; they can never answer again. */
export async function purgeExpired(db: Executor, before: Date) {
  await db.delete(captchas).where(lt(captchas.expiresAt, before));
  await db.delete(emailCodes).where(lt(emailCodes.expiresAt, before));
  await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, before));
  await db.delete(simulationTokens).where(lt(simulationTokens.expiresAt, before));
  await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, before));
}

/** Which of 'any successful sign-in' and 'a successful sign-in from this address key' the user has had. */
export async function signInHistory(db: Executor, userId: number, ipKey: string) {
  const [row] = await db
    .select({
      any: sql<boolean>`bool_or(true)`,
      fromHere: sql<boolean>`COALESCE(bool_or(${loginLog.ipKey} = ${ipKey}), false)`,
    })
    .from(loginLog)
    .where(and(eq(loginLog.userId, userId), eq(loginLog.result, 'success')));
  return { any: row?.any === true, fromHere: row?.fromHere === true };
}
