import type { StaffAuditQuery, StaffRole } from '@edgeward/contract';
import { and, asc, count, desc, eq, gt, gte, ilike, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { likePattern } from '../../db/like';
import { staff, staffAuditLog, staffChallenges, staffSessions } from '../../db/schema';

export type StaffRow = typeof staff.$inferSelect;

export async function findByName(db: Executor, userName: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.userName, userName));
  return row;
}

export async function findById(db: Executor, id: number): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.id, id));
  return row;
}

export async function list(db: Executor): Promise<StaffRow[]> {
  return db.select().from(staff).orderBy(asc(staff.id));
}

export async function insert(
  db: Executor,
  values: { userName: string; passwordHash: string; role: StaffRole; twoFactorExempt?: boolean; createdAt: Date },
): Promise<number> {
  const [row] = await db.insert(staff).values(values).returning({ id: staff.id });
  return row!.id;
}

export async function update(db: Executor, id: number, values: Partial<Omit<StaffRow, 'id'>>): Promise<void> {
  await db.update(staff).set(values).where(eq(staff.id, id));
}

/**
 * The enabled admins, locked until the transaction ends: two admins disabling or demoting each other at the same
 * moment are taken one after the other, so the second sees the first's change and the last admin stays.
 */
export async function lockEnabledAdmins(tx: Executor): Promise<number[]> {
  const rows = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.role, 'admin'), isNull(staff.disabledAt)))
    .for('update');
  return rows.map((r) => r.id);
}

/** One wrong password or code: counted within the window (a count older than it starts again), locked at the limit. */
export async function addFailure(
  db: Executor,
  id: number,
  at: Date,
  policy: { max: number; windowMs: number; lockMs: number },
): Promise<void> {
  const windowStart = new Date(at.getTime() - policy.windowMs);
  const lockedUntil = new Date(at.getTime() + policy.lockMs);
  await db
    .update(staff)
    .set({
      failures: sql`CASE WHEN ${staff.failuresSince} IS NULL OR ${staff.failuresSince} < ${windowStart} THEN 1 ELSE ${staff.failures} + 1 END`,
      failuresSince: sql`CASE WHEN ${staff.failuresSince} IS NULL OR ${staff.failuresSince} < ${windowStart} THEN ${at} ELSE ${staff.failuresSince} END`,
      lockedUntil: sql`CASE WHEN ${staff.failuresSince} IS NOT NULL AND ${staff.failuresSince} >= ${windowStart} AND ${staff.failures} + 1 >= ${policy.max} THEN ${lockedUntil} ELSE ${staff.lockedUntil} END`,
    })
    .where(eq(staff.id, id));
}

/** Moves the member's last TOTP step forward; false when the step was already used (a code is good once). */
export async function useStep(db: Executor, id: number, step: number): Promise<boolean> {
  const rows = await db
    .update(staff)
    .set({ totpLastStep: step })
    .where(and(eq(staff.id, id), lt(staff.totpLastStep, step)))
    .returning({ id: staff.id });
  return rows.length === 1;
}

/** Stores the seed a first sign-in set up; false when another sign-in set one up first. */
export async function saveSecret(db: Executor, id: number, sealed: string, step: number): Promise<boolean> {
  const rows = await db
    .update(staff)
    .set({ totpSecretSealed: sealed, totpLastStep: step })
    .where(and(eq(staff.id, id), isNull(staff.totpSecretSealed)))
    .returning({ id: staff.id });
  return rows.length === 1;
}

export async function insertChallenge(db: Executor, values: typeof staffChallenges.$inferInsert): Promise<void> {
  await db.insert(staffChallenges).values(values);
}

/** Takes one try of an open challenge (attempts below the limit, not expired, not used), or nothing. */
export async function takeChallengeTry(db: Executor, tokenHash: string, at: Date, maxAttempts: number) {
  const [row] = await db
    .update(staffChallenges)
    .set({ attempts: sql`${staffChallenges.attempts} + 1` })
    .where(
      and(
        eq(staffChallenges.tokenHash, tokenHash),
        isNull(staffChallenges.usedAt),
        gt(staffChallenges.expiresAt, at),
        lt(staffChallenges.attempts, maxAttempts),
      ),
    )
    .returning();
  return row;
}

export async function closeChallenge(db: Executor, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(staffChallenges)
    .set({ usedAt: at })
    .where(and(eq(staffChallenges.id, id), isNull(staffChallenges.usedAt)))
    .returning({ id: staffChallenges.id });
  return rows.length === 1;
}

export async function purgeExpired(db: Executor, at: Date): Promise<void> {
  await db.delete(staffChallenges).where(lt(staffChallenges.expiresAt, at));
  await db.delete(staffSessions).where(lt(staffSessions.expiresAt, at));
}

export async function insertSession(db: Executor, values: typeof staffSessions.$inferInsert): Promise<number> {
  const [row] = await db.insert(staffSessions).values(values).returning({ id: staffSessions.id });
  return row!.id;
}

/** The session and its member in one round trip; a disabled member's sessions are never found. */
export async function findActiveSession(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      sessionId: staffSessions.id,
      lastSeenAt: staffSessions.lastSeenAt,
      expiresAt: staffSessions.expiresAt,
      id: staff.id,
      userName: staff.userName,
      role: staff.role,
      twoFactorExempt: staff.twoFactorExempt,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, tokenHash), isNull(staffSessions.revokedAt), isNull(staff.disabledAt)));
  return row;
}

export async function touchSession(db: Executor, sessionId: number, at: Date): Promise<void> {
  await db.update(staffSessions).set({ lastSeenAt: at }).where(eq(staffSessions.id, sessionId));
}

export async function revokeSession(db: Executor, sessionId: number, at: Date): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: at })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)));
}

export async function revokeSessionsOf(db: Executor, staffId: number, at: Date): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: at })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)));
}

function auditFilter(query: Omit<StaffAuditQuery, 'page' | 'size'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.staffName) conditions.push(ilike(staffAuditLog.staffName, likePattern(query.staffName)));
  if (query.action) conditions.push(eq(staffAuditLog.action, query.action));
  if (query.from !== undefined) conditions.push(gte(staffAuditLog.createdAt, new Date(query.from)));
  if (query.to !== undefined) conditions.push(lte(staffAuditLog.createdAt, new Date(query.to)));
  return conditions.length ? and(...conditions) : undefined;
}

export async function listAudit(db: Executor, query: StaffAuditQuery) {
  const where = auditFilter(query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(staffAuditLog)
      .where(where)
      .orderBy(desc(staffAuditLog.createdAt), desc(staffAuditLog.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ n: count() }).from(staffAuditLog).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** At most `max` rows of the export, newest first. */
export async function exportAudit(db: Executor, query: Omit<StaffAuditQuery, 'page' | 'size'>, max: number) {
  return db
    .select()
    .from(staffAuditLog)
    .where(auditFilter(query))
    .orderBy(desc(staffAuditLog.createdAt), desc(staffAuditLog.id))
    .limit(max);
}
