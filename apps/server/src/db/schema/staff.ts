import { staffRoles } from '@edgeward/contract';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { at, id } from './columns';

/** The operator console's staff (0029_staff.sql): not customers, their own sign-in and sessions. */
export const staff = pgTable('staff', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userName: text('user_name').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: staffRoles }).notNull(),
  totpSecretSealed: text('totp_secret_sealed'),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }).notNull().default(0),
  twoFactorExempt: boolean('two_factor_exempt').notNull().default(false),
  failures: integer('failures').notNull().default(0),
  failuresSince: at('failures_since'),
  lockedUntil: at('locked_until'),
  disabledAt: at('disabled_at'),
  lastSignInAt: at('last_sign_in_at'),
  lastSignInIp: text('last_sign_in_ip'),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: id('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: at('created_at').notNull().defaultNow(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
  },
  (t) => [index('staff_sessions_staff').on(t.staffId)],
);

export const staffChallenges = pgTable(
  'staff_challenges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: id('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose', { enum: ['verify', 'setup'] }).notNull(),
    secretSealed: text('secret_sealed'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('staff_challenges_expires').on(t.expiresAt)],
);

/** Append-only (triggers in 0029_staff.sql refuse UPDATE, DELETE and TRUNCATE). */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: id('staff_id').references(() => staff.id),
    staffName: text('staff_name').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    targetName: text('target_name'),
    customerId: id('customer_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    reason: text('reason'),
    address: text('address'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('staff_audit_log_created').on(t.createdAt.desc(), t.id.desc())],
);
