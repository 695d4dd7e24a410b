/** Every number of the spec's validation (section 5) and limits (section 9) sections, named once. */
export const limits = {
  request: { timeoutMs: 20_000, longTimeoutMs: 60_000, chunkLoadTimeoutMs: 120_000 },
  page: { defaultSize: 20, maxSize: 100 },
  account: {
    userNameMin: 4,
    userNameMax: 32,
    passwordMin: 6,
    passwordMax: 64,
    emailMax: 128,
    captchaTtlMs: 5 * 60_000,
    emailCodeTtlMs: 10 * 60_000,
    emailCodeResendMs: 60_000,
    emailCodeLength: 6,
    loginFailuresBeforeCaptcha: 5,
    loginFailureWindowMs: 15 * 60_000,
    sessionIdleMs: 12 * 60 * 60_000,
    sessionAbsoluteMs: 7 * 24 * 60 * 60_000,
    simulationTokenTtlMs: 10 * 60_000,
    resetTokenTtlMs: 30 * 60_000,
    avatarMaxBytes: 1024 * 1024,
  },
} as const;
