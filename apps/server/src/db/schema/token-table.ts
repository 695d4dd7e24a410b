import { bigserial, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { at, id } from './columns';

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
