import { cdnTypes } from '@edgeward/contract';
import { bigserial, boolean, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, id } from './columns';

export const users = pgTable('users', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userName: text('user_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  passwordHash: text('password_hash').notNull(),
  avatar: text('avatar'),
  cdnType: text('cdn_type', { enum: cdnTypes }).notNull().default('cdn'),
  realNameVerified: boolean('real_name_verified').notNull().default(false),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
  /** Set by an operator: no session, API key or password opens the account meanwhile. */
  disabledAt: at('disabled_at'),
  disabledReason: text('disabled_reason'),
});

export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissionId: text('permission_id').notNull(),
    actions: text('actions').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permissionId] })],
);

export const sessions = pgTable('sessions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: id('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  kind: text('kind').notNull().default('login'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: at('created_at').notNull().defaultNow(),
  lastSeenAt: at('last_seen_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
  revokedAt: at('revoked_at'),
});
