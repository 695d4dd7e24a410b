import type { RateLimit } from './route';

/**
 * The call budgets the route tables (routes/*.ts) give their calls, kept apart from the tables, which hold only
 * routes. Server policy: the spec leaves the numbers open.
 */

const minute = 60_000;

/** Calls per client address: enough for a person, too few to guess passwords or codes or flood mailboxes. */
export const accountRateLimits = {
  captcha: { max: 120, windowMs: minute },
  emailCode: { max: 30, windowMs: 10 * minute },
  register: { max: 20, windowMs: 10 * minute },
  login: { max: 100, windowMs: minute },
  forgotPassword: { max: 10, windowMs: 10 * minute },
  resetPassword: { max: 20, windowMs: 10 * minute },
} as const satisfies Record<string, RateLimit>;

/**
 * Calls that reach out (DNS lookups for verification, origin checks) per user and minute, each call its own budget:
 * enough for a person at the console, too few to use the console to scan other people's hosts.
 */
export const domainProbeLimit = { max: 60, windowMs: 60_000, per: 'user' } as const satisfies RateLimit;

/** The staff sign-in per client address: staff are few, so the budget is small. */
export const staffRateLimits = {
  login: { max: 20, windowMs: minute },
} as const satisfies Record<string, RateLimit>;
