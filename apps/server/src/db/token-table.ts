import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import { bigserial, pgTable, text } from 'drizzle-orm/pg-core';
import type { Executor } from './connect';
import { users } from './schema/accounts';
import { at, id } from './schema/columns';

/**
 * A table of one-time tokens handed to a user (password reset links, simulated logins). Only the token's hash is
 * stored; a token is good once, until it expires.
 */
export const tokenTable = <Name extends string>(name: Name) =>
  pgTable(name, {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  });

export type TokenTable = ReturnType<typeof tokenTable>;

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
