import { and, count, eq, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { loginChallenges, twoFactorRecoveryCodes, userTwoFactor } from '../../db/schema';

export async function findOfUser(db: Executor, userId: number) {
  const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  return row;
}

export async function isEnabled(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: userTwoFactor.userId })
    .from(userTwoFactor)
    .where(and(eq(userTwoFactor.userId, userId), isNotNull(userTwoFactor.enabledAt)));
  return row !== undefined;
}

/** Starts (or restarts) a setup; false when two-factor sign-in is already on, which a setup must not replace. */
export async function savePending(db: Executor, userId: number, secretSealed: string, at: Date): Promise<boolean> {
  const rows = await db
    .insert(userTwoFactor)
    .values({ userId, secretSealed, createdAt: at })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: { secretSealed, createdAt: at, lastStep: 0 },
      setWhere: isNull(userTwoFactor.enabledAt),
    })
    .returning({ userId: userTwoFactor.userId });
  return rows.length > 0;
}

export async function enable(db: Executor, userId: number, step: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(userTwoFactor)
    .set({ enabledAt: at, lastStep: step })
    .where(and(eq(userTwoFactor.userId, userId), isNull(userTwoFactor.enabledAt)))
    .returning({ userId: userTwoFactor.userId });
  return rows.length > 0;
}

/** Records the step of an accepted code; false when it (or a later one) was already used, even by a racing call. */
export async function useStep(db: Executor, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(userTwoFactor)
    .set({ lastStep: step })
    .where(and(eq(userTwoFactor.userId, userId), lt(userTwoFactor.lastStep, step)))
    .returning({ userId: userTwoFactor.userId });
  return rows.length > 0;
}

export async function remove(db: Executor, userId: number): Promise<void> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
}

export async function replaceRecoveryCodes(db: Executor, userId: number, codeHashes: string[]): Promise<void> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.insert(twoFactorRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses a recovery code up; false when it is not one of the user's or was used already. */
export async function useRecoveryCode(db: Executor, userId: number, codeHash: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, codeHash),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return rows.length > 0;
}

export async function recoveryCodesLeft(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function insertChallenge(
  db: Executor,
  values: { tokenHash: string; userId: number; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(loginChallenges).values(values);
}

/**
 * Takes one try of an open challenge (not used, not expired, tries left) in one statement, so racing tries cannot
 * exceed the limit; answers its user and the tries taken, or undefined.
 */
export async function takeChallengeTry(db: Executor, tokenHash: string, at: Date, maxAttempts: number) {
  const [row] = await db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(
      and(
        eq(loginChallenges.tokenHash, tokenHash),
        isNull(loginChallenges.usedAt),
        gt(loginChallenges.expiresAt, at),
        lt(loginChallenges.attempts, maxAttempts),
      ),
    )
    .returning({ id: loginChallenges.id, userId: loginChallenges.userId, attempts: loginChallenges.attempts });
  return row;
}

export async function closeChallenge(db: Executor, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(loginChallenges)
    .set({ usedAt: at })
    .where(and(eq(loginChallenges.id, id), isNull(loginChallenges.usedAt)))
    .returning({ id: loginChallenges.id });
  return rows.length > 0;
}

/**
 * Takes one of the account's second-step tries before its code is checked, in one statement, so that parallel
 * requests cannot check more codes than the limit: the count restarts once its window has passed; no try is given
 * while the step is locked or once the window's tries are taken. Answers the tries taken in the window, this one
 * included, or undefined when refused.
 */
export async function takeAccountTry(
  db: Executor,
  userId: number,
  at: Date,
  limit: { max: number; windowMs: number },
): Promise<number | undefined> {
  const t = userTwoFactor;
  const windowStart = new Date(at.getTime() - limit.windowMs);
  const fresh = or(isNull(t.failuresSince), lte(t.failuresSince, windowStart));
  const [row] = await db
    .update(t)
    .set({
      failures: sql`CASE WHEN ${fresh} THEN 1 ELSE ${t.failures} + 1 END`,
      failuresSince: sql`CASE WHEN ${fresh} THEN ${at.toISOString()}::timestamptz ELSE ${t.failuresSince} END`,
    })
    .where(
      and(
        eq(t.userId, userId),
        or(isNull(t.lockedUntil), lte(t.lockedUntil, at)),
        or(fresh, lt(t.failures, limit.max)),
      ),
    )
    .returning({ failures: t.failures });
  return row?.failures;
}

/** A right code: the wrong ones before it no longer count. */
export async function clearAccountTries(db: Executor, userId: number): Promise<void> {
  await db.update(userTwoFactor).set({ failures: 0, failuresSince: null }).where(eq(userTwoFactor.userId, userId));
}

export async function lockAccount(db: Executor, userId: number, until: Date): Promise<void> {
  await db
    .update(userTwoFactor)
    .set({ lockedUntil: until, failures: 0, failuresSince: null })
    .where(eq(userTwoFactor.userId, userId));
}

/** When the second step takes codes again: the end of a lock, or of a window whose tries are all taken. */
export async function accountRetryAt(db: Executor, userId: number, windowMs: number): Promise<Date | undefined> {
  const [row] = await db
    .select({ lockedUntil: userTwoFactor.lockedUntil, failuresSince: userTwoFactor.failuresSince })
    .from(userTwoFactor)
    .where(eq(userTwoFactor.userId, userId));
  const windowEnd = row?.failuresSince && new Date(row.failuresSince.getTime() + windowMs);
  const ends = [row?.lockedUntil, windowEnd].filter((d): d is Date => d instanceof Date);
  return ends.length ? new Date(Math.max(...ends.map((d) => d.getTime()))) : undefined;
}
