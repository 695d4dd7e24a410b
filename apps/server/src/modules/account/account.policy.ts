/**
 * Server policy the spec leaves open: code attempts, the login slow-down and reset links per address (the per-address
 * call budgets are the contract's accountRateLimits).
 */
export const accountPolicy = {
  emailCodeMaxAttempts: 5,
  loginDelayBaseMs: 250,
  loginDelayMaxMs: 2000,
  /** Reset links one address is mailed per window: enough to retry, too few to flood a mailbox. */
  resetLinksPerAddress: { windowMs: 60 * 60_000, max: 3 },
} as const;
