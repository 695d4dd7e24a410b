import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { at, id } from './columns';

/** API keys: the SecretKey sealed (HMAC checks need it back), the SecretId public. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretId: text('secret_id').notNull().unique(),
    secretKeySealed: text('secret_key_sealed').notNull(),
    note: text('note').notNull().default(''),
    readOnly: boolean('read_only').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: at('created_at').notNull().defaultNow(),
    lastUsedAt: at('last_used_at'),
    lastUsedIp: text('last_used_ip'),
    sample: boolean('sample').notNull().default(false),
  },
  (t) => [index('api_keys_user').on(t.userId, t.id)],
);

export const apiKeyNonces = pgTable(
  'api_key_nonces',
  {
    apiKeyId: id('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.nonce] }), index('api_key_nonces_expires').on(t.expiresAt)],
);

export const userTwoFactor = pgTable('user_two_factor', {
  userId: id('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  enabledAt: at('enabled_at'),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  createdAt: at('created_at').notNull().defaultNow(),
  /** Second-step tries taken since failuresSince (a wrong code keeps its try; a right one clears the count). */
  failures: integer('failures').notNull().default(0),
  failuresSince: at('failures_since'),
  /** Until when the second step refuses every code, after accountFailures wrong ones. */
  lockedUntil: at('locked_until'),
});

export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [unique().on(t.userId, t.codeHash)],
);

export const loginChallenges = pgTable('login_challenges', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: id('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: at('created_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  usedAt: at('used_at'),
});

/** The installation's encryption key check: one row, sealed at the first start (secrets/key-canary.ts). */
export const encryptionCanary = pgTable('encryption_canary', {
  id: smallint('id').primaryKey(),
  sealed: text('sealed').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});
