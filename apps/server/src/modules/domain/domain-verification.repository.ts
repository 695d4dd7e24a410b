import type { VerificationStatus } from '@edgeward/contract';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { domainVerifications, users } from '../../db/schema';

// Proof of ownership: one TXT record per user and apex. Every function puts the user's id in its WHERE clause.

const verificationColumns = {
  id: domainVerifications.id,
  domain: domainVerifications.domain,
  recordName: domainVerifications.recordName,
  recordValue: domainVerifications.recordValue,
  status: domainVerifications.status,
  verifiedAt: domainVerifications.verifiedAt,
};

export type VerificationRow = {
  [K in keyof typeof verificationColumns]: (typeof domainVerifications.$inferSelect)[K];
};

export async function findVerification(ex: Executor, userId: number, apex: string): Promise<VerificationRow | null> {
  const [row] = await ex
    .select(verificationColumns)
    .from(domainVerifications)
    .where(and(eq(domainVerifications.userId, userId), eq(domainVerifications.domain, apex)));
  return row ?? null;
}

/** The user's record for the apex; created with `value` the first time, the same one on every later call. */
export async function ensureVerification(
  ex: Executor,
  userId: number,
  apex: string,
  recordName: string,
  value: string,
): Promise<VerificationRow> {
  await ex
    .insert(domainVerifications)
    .values({ userId, domain: apex, recordName, recordValue: value })
    .onConflictDoNothing({ target: [domainVerifications.userId, domainVerifications.domain] });
  return (await findVerification(ex, userId, apex))!;
}

export async function setVerificationStatus(
  ex: Executor,
  userId: number,
  id: number,
  status: VerificationStatus,
  at: Date,
): Promise<void> {
  await ex
    .update(domainVerifications)
    .set({ status, checkedAt: at, verifiedAt: status === 'success' ? at : undefined })
    .where(and(eq(domainVerifications.id, id), eq(domainVerifications.userId, userId)));
}

/** The accounts that asked for a record for the apex, for the operator who verifies one by hand. */
export function listRequestersSystem(ex: Executor, apex: string): Promise<{ userId: number; userName: string }[]> {
  return ex
    .select({ userId: domainVerifications.userId, userName: users.userName })
    .from(domainVerifications)
    .innerJoin(users, eq(users.id, domainVerifications.userId))
    .where(eq(domainVerifications.domain, apex))
    .orderBy(users.userName);
}
