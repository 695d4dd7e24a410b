import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/connect';
import { idempotencyKeys } from '../../db/schema';
import { AppError } from '../../http/errors';

/** A stable fingerprint of what a call asked for: the same request under the same key hashes the same. */
export function requestHash(request: unknown): string {
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}

/**
 * Runs `work` once per (user, key) inside the caller's transaction and answers what it answered then. The key row is
 * inserted first: a concurrent call with the same key waits on it (PostgreSQL holds the second insert until the
 * first transaction ends), then reads the stored answer. A key bound to another request answers
 * IDEMPOTENCY_KEY_REUSED. A call that fails rolls back with its key, so a retry runs again.
 */
export async function runOnce<T>(
  tx: Tx,
  scope: { userId: number; key: string; hash: string },
  work: () => Promise<T>,
): Promise<T> {
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ userId: scope.userId, key: scope.key, requestHash: scope.hash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  const where = and(eq(idempotencyKeys.userId, scope.userId), eq(idempotencyKeys.key, scope.key));
  if (claimed.length === 0) {
    const [stored] = await tx.select().from(idempotencyKeys).where(where);
    if (stored!.requestHash !== scope.hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    return stored!.response as T;
  }
  // Stored and answered as JSON, so that the first answer and every repeat are the same value.
  const answer = JSON.parse(JSON.stringify(await work())) as T;
  await tx.update(idempotencyKeys).set({ response: answer }).where(where);
  return answer;
}
