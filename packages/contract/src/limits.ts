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
  domain: {
    nameMax: 253,
    labelMax: 63,
    originMax: 15,
    portMin: 1,
    portMax: 65_535,
    defaultHttpPort: 80,
    defaultHttpsPort: 443,
    certNameMin: 3,
    certNameMax: 32,
    certContentMax: 10_240,
    cachePriorityMin: 1,
    cachePriorityMax: 100,
    cacheContentMax: 20,
    /** Spec section 5: an expiry of 0 pulls from the origin every time. */
    cacheExpiryMin: 0,
    cacheExpiryMaxDays: 365,
    cacheDefaultDays: 30,
    cacheHtmlJsDays: 7,
    refererMax: 400,
    ipAclMax: 150,
    uaRulesMax: 10,
    uaRuleMax: 100,
    urlAuthKeyMin: 6,
    urlAuthKeyMax: 32,
    urlAuthExpireMin: 1,
    urlAuthExpireMax: 31_536_000,
    urlAuthExpireDefault: 3600,
    urlAuthSignArgMax: 100,
    headerNameMax: 256,
    headerValueMax: 1024,
    headerNumberMin: 0,
    headerNumberMax: 1_000_000_000,
    headersMax: 20,
    rateLimitRulesMax: 20,
    rateLimitPathMax: 256,
    rateLimitSuffixMax: 32,
    /** Spec section 5: a rule's burst threshold is at least 0, its value (requests and period) at least 1. */
    rateLimitThresholdMin: 0,
    rateLimitValueMin: 1,
    /** Requests allowed per period for the three preset levels (spec section 9); moderate is the recommended one. */
    rateLimitPresets: {
      loose: { limit: 2000, periodSeconds: 5 },
      moderate: { limit: 200, periodSeconds: 10 },
      strict: { limit: 40, periodSeconds: 10 },
    },
  },
  certificate: {
    /** The list's 'expiring' filter and the renewal of applied certificates look this far ahead. */
    expiringDays: 30,
    /** Domains one deploy call may name. */
    deployMax: 100,
    /** Names (SANs) one application may ask for. */
    applicationNamesMax: 10,
    /** An application whose TXT records were not verified within this many days expires (the CA's orders do too). */
    applicationExpiryDays: 7,
    /** Applied certificates are renewed this many days before they expire. */
    renewBeforeDays: 30,
  },
  commerce: {
    /** Spec section 9: recharge at least 1.00 CNY, in whole yuan. */
    rechargeMinYuan: 1,
    /** The largest single recharge (1,000,000 CNY), so that a typo cannot ask for an absurd transfer. */
    rechargeMaxYuan: 1_000_000,
    /** An unpaid order (other than a bank transfer waiting for the operator) closes this long after it was placed. */
    unpaidCloseMs: 30 * 60_000,
    /** My packages warns this many days before a package expires. */
    expiryWarningDays: 15,
    idempotencyKeyMax: 64,
  },
  finance: {
    /** A package's code, by which the command line names it: letters, digits, dots, dashes and underscores. */
    packageCodeMax: 64,
    packageNameMax: 100,
    packageSpecMax: 200,
    /** The longest validity a package is sold with: ten years. */
    packageMonthsMax: 120,
    /** The staff's order search: an order number or part of a customer's name. */
    orderSearchMax: 64,
    /** The largest amount a bank transfer is confirmed with, in fen: what the command line reads (12 digits of CNY). */
    transferReceivedMaxFen: 99_999_999_999_999,
    /** The revenue statement covers at most this many UTC+8 days, or this many months. */
    revenueDaysMax: 366,
    revenueMonthsMax: 36,
  },
  traffic: {
    /** Statistics queries may span at most this many days (the 30-day range plus a custom month). */
    maxRangeDays: 92,
    /** Five-minute points are answered for ranges of at most this many days (8 928 points). */
    maxFiveMinuteRangeDays: 31,
    /** Domains one statistics query may name. */
    maxQueryDomains: 200,
    /** Rankings (top domains, URLs, referers, client addresses) answer this many by default (spec section 9). */
    topDefault: 5,
    topMax: 100,
    /** The overview covers the last 7 days (spec section 9). */
    overviewDays: 7,
    /** A file of access-log lines imported from the operator console: at most this many bytes as uploaded... */
    importMaxBytes: 10 * 1024 * 1024,
    /** ...and this many once inflated (a gzip file). */
    importMaxInflatedBytes: 64 * 1024 * 1024,
    /** Rejected lines the import's answer describes (with their line number); the rest are only counted. */
    importProblemsShown: 20,
  },
  apiKey: {
    /** Keys one user may hold, enabled or not. */
    perUser: 5,
    noteMax: 64,
    /** A signed call's timestamp may be this far from the server's clock, either way; its nonce is kept as long. */
    timestampSkewMs: 5 * 60_000,
  },
  staff: {
    /** Staff sessions are short (issue 28): signed out after 30 idle minutes, and after 12 hours whatever happens. */
    sessionIdleMs: 30 * 60_000,
    sessionAbsoluteMs: 12 * 60 * 60_000,
    /** Wrong passwords or codes a staff account may take within the window before it refuses sign-in for lockMs. */
    loginFailures: 5,
    loginFailureWindowMs: 15 * 60_000,
    lockMs: 15 * 60_000,
    /** A generated staff password: 18 random characters, shown once. */
    generatedPasswordLength: 18,
  },
  staffAudit: {
    reasonMax: 500,
    /** Rows in one CSV export, newest first. */
    exportMax: 10_000,
  },
  twoFactor: {
    /** RFC 6238: 30-second steps, 6 digits; one step either side is accepted for clock drift. */
    stepSeconds: 30,
    digits: 6,
    driftSteps: 1,
    recoveryCodes: 10,
    /** The sign-in's second step must follow the password within this long, with at most this many tries. */
    challengeTtlMs: 5 * 60_000,
    challengeAttempts: 3,
    /**
     * Wrong codes an account may take across all its challenges within the window; the one that reaches the count
     * locks the second step for accountLockMs and mails the owner. A fresh challenge costs only the password.
     */
    accountFailures: 10,
    accountFailureWindowMs: 15 * 60_000,
    accountLockMs: 15 * 60_000,
  },
  /** The edge-platform (eo) security policy (spec sections 3 and 9). */
  eo: {
    /** The adaptive frequency control's baseline covers this many days and is recomputed this often. */
    baselineDays: 7,
    baselineRefreshMs: 24 * 60 * 60_000,
    /** Slow-attack defence measures the body rate over this much of the body (spec section 9: 8 KB). */
    slowAttackInspectBytes: 8 * 1024,
    slowAttackMinRateMin: 1,
    slowAttackMinRateMax: 8 * 1024,
    slowAttackMinRateDefault: 128,
    headerTimeoutMin: 1,
    headerTimeoutMax: 60,
    headerTimeoutDefault: 10,
    bodyTimeoutMin: 1,
    bodyTimeoutMax: 120,
    bodyTimeoutDefault: 30,
    /** Bandwidth abuse: a client that has downloaded `threshold` MB within the window is capped to `rateCap` KB/s. */
    abuseThresholdMbMin: 1,
    abuseThresholdMbMax: 102_400,
    abuseThresholdMbDefault: 1024,
    abuseWindowSecondsMin: 10,
    abuseWindowSecondsMax: 3600,
    abuseWindowSecondsDefault: 60,
    abuseRateCapKbpsMin: 64,
    abuseRateCapKbpsMax: 102_400,
    abuseRateCapKbpsDefault: 1024,
  },
  preheat: {
    /** Lines of one submission: URLs for URL refresh and preheat, directories for directory refresh. */
    urlsPerTask: 1000,
    dirsPerTask: 100,
    urlMax: 2048,
  },
  support: {
    titleMax: 100,
    textMax: 5000,
    /** Spec sections 5 and 9: up to 9 images of up to 1 MB. */
    imagesMax: 9,
    imageMaxBytes: 1024 * 1024,
    /** Appeal reasons are short: the conversation carries the detail. */
    appealMax: 500,
    /** Spec section 4: closing a ticket rates it from 1 (very poor) to 5 (delighted). */
    ratingMin: 1,
    ratingMax: 5,
    /** The staff queue's search text. */
    searchMax: 100,
  },
  identity: {
    /** The longest name on an ID card the real-name form takes. */
    realNameMax: 30,
  },
  message: {
    /** Spec section 9: notices and messages 20 a page. */
    pageSize: 20,
    titleMax: 200,
    contentMax: 20_000,
  },
} as const;

/**
 * The number a dotted name such as 'domain.portMax' names: the boundary tests address each limit by its name, so a
 * row says which rule it checks and a changed number moves both of its edges.
 */
export function limitNamed(name: string): number {
  const value = name.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], limits);
  if (typeof value !== 'number') throw new Error(`${name} is not a limit`);
  return value;
}
