import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { preparedQuery } from '../../db/prepared';
import { sessions, users } from '../../db/schema';
import { signedInUserColumns } from '../../lib/signed-in-user';

/** One round trip: the session, its user and the user's permission list, as every authenticated call needs. */
const findActiveQuery = preparedQuery((db) =>
  db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      sessionKind: sessions.kind,
      ...signedInUserColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt)))
    .prepare('session_find_active'),
);

export async function findActiveByTokenHash(db: Executor, tokenHash: string) {
  const [row] = await findActiveQuery(db).execute({ tokenHash });
  return row;
}

export async function insert(
  db: Executor,
  values: {
    userId: number;
    tokenHash: string;
    kind: string;
    ip?: string;
    userAgent?: string;
    createdAt: Date;
    lastSeenAt: Date;
    expiresAt: Date;
  },
): Promise<number> {
  const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
  return row!.id;
}

export async function touch(db: Executor, sessionId: number, at: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, sessionId));
}

export async function revoke(db: Executor, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every open session of the user, except `keepSessionId` when given. */
export async function revokeAllOfUser(db: Executor, userId: number, keepSessionId?: number): Promise<void> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId !== undefined) conditions.push(ne(sessions.id, keepSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(...conditions));
}

/** What a list of sessions shows of each: where and on what it signed in, and when; never its token's hash. */
export const sessionColumns = {
  id: sessions.id,
  kind: sessions.kind,
  ip: sessions.ip,
  userAgent: sessions.userAgent,
  createdAt: sessions.createdAt,
  lastSeenAt: sessions.lastSeenAt,
};

/** A session still open at `at`: not revoked and not past its absolute expiry. */
export const openAt = (at: Date) => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, at));

export async function listOpenOfUser(db: Executor, userId: number, now: Date) {
  return db
    .select(sessionColumns)
    .from(sessions)
    .where(and(eq(sessions.userId, userId), openAt(now)))
    .orderBy(desc(sessions.lastSeenAt));
}
