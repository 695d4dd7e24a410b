import { loginLogReasons } from '@edgeward/contract';
import { bigserial, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { at, id } from './columns';
import { tokenTable } from './token-table';

export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  /** The address an email code was sent to against this captcha; only its registration may still use it. */
  codeEmail: text('code_email'),
});

export const emailCodes = pgTable('email_codes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  email: text('email').notNull(),
  purpose: text('purpose').notNull(),
  codeHash: text('code_hash').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  attempts: integer('attempts').notNull().default(0),
});

export const loginLog = pgTable('login_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userName: text('user_name').notNull(),
  userId: id('user_id').references(() => users.id, { onDelete: 'set null' }),
  ip: text('ip'),
  /** The address's budget key (http/client-address.ts addressKey): the failures of one client are counted by it. */
  ipKey: text('ip_key'),
  userAgent: text('user_agent'),
  result: text('result', { enum: ['success', 'failure'] }).notNull(),
  reason: text('reason', { enum: loginLogReasons }),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const passwordResetTokens = tokenTable('password_reset_tokens');

export const simulationTokens = tokenTable('simulation_tokens');

export const mailOutbox = pgTable('mail_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});
