import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { rowsOf } from '../../db/migrate';
import { sessions } from '../../db/schema';

export interface SessionRow {
  sessionId: number;
  lastSeenAt: Date;
  expiresAt: Date;
  userId: number;
  userName: string;
  email: string;
  avatar: string | null;
  cdnType: string;
  realNameVerified: boolean;
  permissions: { permissionId: string; actionList: string[] }[];
}

/** One round trip: the session, its user and the user's permission list, as every authenticated call needs. */
export async function findActiveByTokenHash(db: Executor, tokenHash: string): Promise<SessionRow | undefined> {
  const result = await db.execute(sql`
    SELECT s.id AS "sessionId", s.last_seen_at AS "lastSeenAt", s.expires_at AS "expiresAt",
           u.id AS "userId", u.user_name AS "userName", u.email, u.avatar, u.cdn_type AS "cdnType",
           u.real_name_verified AS "realNameVerified",
           COALESCE((SELECT json_agg(json_build_object('permissionId', p.permission_id, 'actionList', p.actions)
                                     ORDER BY p.permission_id)
                       FROM user_permissions p WHERE p.user_id = u.id), '[]'::json) AS permissions
      FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = ${tokenHash} AND s.revoked_at IS NULL`);
  const row = rowsOf<SessionRow & { sessionId: number | string; userId: number | string }>(result)[0];
  if (!row) return undefined;
  return {
    ...row,
    sessionId: Number(row.sessionId),
    userId: Number(row.userId),
    lastSeenAt: new Date(row.lastSeenAt),
    expiresAt: new Date(row.expiresAt),
    permissions: typeof row.permissions === 'string' ? JSON.parse(row.permissions) : row.permissions,
  };
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

export async function listOpenOfUser(db: Executor, userId: number, now: Date) {
  return db
    .select({
      id: sessions.id,
      kind: sessions.kind,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > ${now}`))
    .orderBy(desc(sessions.lastSeenAt));
}
