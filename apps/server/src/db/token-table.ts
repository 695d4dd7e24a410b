import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from './connect';
import type { TokenTable } from './schema/token-table';

/** The queries of the one-time token tables (schema/token-table.ts), for each table alike. */
export async function insertToken(
  db: Executor,
  table: TokenTable,
  values: { tokenHash: string; userId: number; createdAt: Date; expiresAt: Date },
) {
  await db.insert(table).values(values);
}

export async function findOpenToken(db: Executor, table: TokenTable, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ userId: table.userId })
    .from(table)
    .where(and(eq(table.tokenHash, tokenHash), isNull(table.usedAt), gt(table.expiresAt, now)));
  return row;
}

/** Uses the token up; the user it belongs to, or undefined when it is unknown, used or expired. */
export async function consumeToken(
  db: Executor,
  table: TokenTable,
  tokenHash: string,
  now: Date,
): Promise<number | undefined> {
  const [row] = await db
    .update(table)
    .set({ usedAt: now })
    .where(and(eq(table.tokenHash, tokenHash), isNull(table.usedAt), gt(table.expiresAt, now)))
    .returning({ userId: table.userId });
  return row?.userId;
}

/** Uses up every open token of the user: a password reset invalidates the user's other reset links. */
export async function closeTokensOfUser(db: Executor, table: TokenTable, userId: number, at: Date) {
  await db
    .update(table)
    .set({ usedAt: at })
    .where(and(eq(table.userId, userId), isNull(table.usedAt)));
}

export async function latestTokenAt(db: Executor, table: TokenTable, userId: number): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: table.createdAt })
    .from(table)
    .where(eq(table.userId, userId))
    .orderBy(desc(table.createdAt))
    .limit(1);
  return row?.createdAt;
}

/** How many tokens the user was given since `since` (the per-address budget of reset links). */
export async function countTokensSince(db: Executor, table: TokenTable, userId: number, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(table)
    .where(and(eq(table.userId, userId), gt(table.createdAt, since)));
  return row?.n ?? 0;
}
