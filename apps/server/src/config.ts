import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { parseStaffAllowedIps } from './http/staff-address';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy';
import { defaultPasswordHashCost, minimumProductionCost, type PasswordHashCost } from './secrets/password-hasher';

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DEMO: z.enum(['true', 'false']).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Edgeward <no-reply@edgeward.local>'),
  TEST_FIXED_CAPTCHA: z.string().optional(),
  TEST_FIXED_CODE: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  STAFF_ALLOWED_IPS: z.string().optional(),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http:// or https:// address' })
    .optional()
    .or(z.literal('')),
  DOMAIN_LIMIT: z.coerce.number().int().min(0).default(50),
  WHOLE_SITE_LIMIT: z.coerce.number().int().min(0).default(5),
  DNS_SERVERS: z.string().optional(),
  ALLOW_PRIVATE_ORIGINS: flag,
  REVIEW_NEW_DOMAINS: flag,
  ORIGIN_CHECK_TIMEOUT_MS: z.coerce.number().int().min(1).default(3000),
  CNAME_ZONE: z.string().default('cdn.edgeward.net'),
  EDGE: z.enum(['sandbox', 'nginx']).default('sandbox'),
  EDGE_RESYNC_SECONDS: z.coerce.number().int().min(1).default(300),
  EDGE_LONG_POLL_SECONDS: z.coerce.number().int().min(1).max(60).default(25),
  EDGE_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).default(2000),
  EDGE_SANDBOX_FAIL_PATTERN: z.string().optional(),
  REFRESH_DAILY_URLS: z.coerce.number().int().min(0).default(10_000),
  REFRESH_DAILY_DIRS: z.coerce.number().int().min(0).default(100),
  PREHEAT_DAILY_URLS: z.coerce.number().int().min(0).default(10_000),
  JOBS_POLL_MS: z.coerce.number().int().min(10).default(1000),
  ENCRYPTION_KEY: z.string().optional(),
  FACE_CHECK_SANDBOX_SECRET: z.string().min(16).optional(),
  IDENTITY_PROVIDER: z.enum(['sandbox']).optional(),
  PAYMENT_GATEWAY: z.enum(['sandbox']).optional(),
  REAL_NAME_DAILY_FAILURES: z.coerce.number().int().min(1).default(3),
  CERTIFICATE_KEY: z.string().optional(),
  PAYMENT_SANDBOX_SECRET: z.string().min(16).optional(),
  BANK_TRANSFER_ACCOUNT_NAME: z.string().default('Edgeward Technology Co., Ltd. (sandbox)'),
  BANK_TRANSFER_BANK_NAME: z.string().default('Sandbox Bank, Shanghai Branch'),
  BANK_TRANSFER_ACCOUNT_NUMBER: z.string().default('6222 0000 0000 0000 000'),
  ACME_DIRECTORY_URL: z
    .url({ protocol: /^https?$/, error: 'ACME_DIRECTORY_URL must be an https:// address' })
    .optional(),
  ACME_CA_FILE: z.string().optional(),
  ACME_EMAIL: z.email({ error: 'ACME_EMAIL must be an email address' }).optional(),
  EDGE_NODE_TOKENS: z.string().optional(),
  TRAFFIC_RAW_RETENTION_DAYS: z.coerce.number().int().min(0).default(7),
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(64).default(defaultPasswordHashCost.memoryKib),
  ARGON2_TIME_COST: z.coerce.number().int().min(1).default(defaultPasswordHashCost.timeCost),
  ARGON2_PARALLELISM: z.coerce.number().int().min(1).max(16).default(defaultPasswordHashCost.parallelism),
  METRICS_PORT: z.literal('').or(z.coerce.number().int().min(1).max(65535)).optional(),
  METRICS_TOKEN: z.string().optional(),
  REDIS_URL: z.string().url().optional(),
  REDIS_KEY_PREFIX: z.string().min(1).default('edgeward:'),
});

/** Every environment variable the server reads. */
export const configVariables = Object.keys(EnvSchema.shape);

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  demo: boolean;
  smtpUrl?: string;
  mailFrom: string;
  fixedCaptcha?: string;
  fixedCode?: string;
  logLevel: string;
  webDist: string;
  trustProxy: TrustProxy;
  /** The addresses and ranges the operator console answers (STAFF_ALLOWED_IPS); empty for every address. */
  staffAllowedIps: string[];
  /** Where customers open the console (PUBLIC_URL), without a trailing slash: the base of links in mail. */
  publicUrl: string;
  /** PUBLIC_URL was not set, so mailed links point at http://localhost:PORT (main warns in production). */
  publicUrlDefaulted: boolean;
  domain: DomainSettings;
  edge: EdgeSettings;
  /**
   * Lines a user may submit per Beijing day, by task type (REFRESH_DAILY_URLS, REFRESH_DAILY_DIRS,
   * PREHEAT_DAILY_URLS); the big consoles give 10 000 URLs and 100 directories.
   */
  cacheTaskDailyQuota: { refreshUrl: number; refreshDir: number; preheat: number };
  jobsPollMs: number;
  /**
   * The AES-256-GCM key of the secret box (secrets/secret-box.ts), which seals what the server must read back
   * (certificates' private keys, API keys' secrets, TOTP seeds): ENCRYPTION_KEY, or CERTIFICATE_KEY, its name from
   * when certificates were its only use; 32 bytes as base64 or hex. Required in production; elsewhere, without it,
   * a generated one is kept in DATA_DIR.
   */
  encryptionKey?: Buffer;
  certificate: CertificateSettings;
  identity: IdentitySettings;
  payment: PaymentSettings;
  traffic: TrafficSettings;
  /** argon2id's work factors; tests lower them, production refuses less than OWASP's floor. */
  passwordHashing: PasswordHashCost;
  metrics: MetricsSettings;
  /**
   * Where the per-address rate limits count: Redis (REDIS_URL), shared by every process; without it each process
   * counts in its memory, so N processes allow N times each budget. Keys start with REDIS_KEY_PREFIX.
   */
  rateLimitRedis?: { url: string; keyPrefix: string };
}

/** Where the Prometheus metrics are scraped; with neither set there is no metrics endpoint at all. */
interface MetricsSettings {
  /** A second listener on 127.0.0.1:METRICS_PORT serving only GET /metrics, without authentication. */
  port?: number;
  /** GET /metrics on the main port answers only `Authorization: Bearer <METRICS_TOKEN>`. */
  token?: string;
}

/** Shortest METRICS_TOKEN accepted: the main port may face the internet, so a guessable token is refused at start. */
const METRICS_TOKEN_MIN = 24;

interface DomainSettings {
  /** Domains one user may hold (DOMAIN_LIMIT). */
  limit: number;
  /** Whole-site (dynamic) domains one user may hold (WHOLE_SITE_LIMIT); they always go through review. */
  wholeSiteLimit: number;
  /** Resolvers for ownership TXT records and origin names (DNS_SERVERS, `ip` or `ip:port`, comma separated). */
  dnsServers: string[];
  /** Origins on private or loopback addresses are refused unless this is set (ALLOW_PRIVATE_ORIGINS). */
  allowPrivateOrigins: boolean;
  /** New domains wait under review until an operator approves them (REVIEW_NEW_DOMAINS). */
  reviewNewDomains: boolean;
  originCheckTimeoutMs: number;
  cnameZone: string;
}

export interface EdgeSettings {
  /**
   * The edge in use (EDGE): the sandbox, which only pretends, or nginx nodes run by edge agents (apps/edge) that
   * pull the configuration from this console.
   */
  kind: 'sandbox' | 'nginx';
  /** How often an edge agent asks for every domain again, whatever it holds (EDGE_RESYNC_SECONDS). */
  resyncSeconds: number;
  /** The longest an agent's feed call waits for a change (EDGE_LONG_POLL_SECONDS). */
  longPollSeconds: number;
  /** The sandbox edge applies a snapshot this long after it is published. */
  sandboxDelayMs: number;
  /** Domain names the sandbox edge refuses, so that the abnormal state can be produced on purpose. */
  sandboxFailPattern?: RegExp;
}

interface IdentitySettings {
  /** The face-check service (IDENTITY_PROVIDER); only the sandbox exists so far. */
  provider: 'sandbox';
  /** The sandbox decides real verifications (production said IDENTITY_PROVIDER=sandbox): warned at start and on its pages. */
  sandboxLive: boolean;
  /**
   * The HMAC-SHA256 key the sandbox face-check service signs its callbacks with and the server checks them with
   * (FACE_CHECK_SANDBOX_SECRET); required in production, a fixed development value elsewhere.
   */
  sandboxSecret: string;
  /** Failed face checks a user may have per Beijing day before verification waits for the next day. */
  dailyFailureLimit: number;
}

interface CertificateSettings {
  acme: AcmeSettings;
}

/** Let's Encrypt's directories: production for production, staging everywhere else unless ACME_DIRECTORY_URL says. */
export const letsEncryptDirectories = {
  production: 'https://acme-v02.api.letsencrypt.org/directory',
  staging: 'https://acme-staging-v02.api.letsencrypt.org/directory',
} as const;

export interface AcmeSettings {
  /** The CA's ACME directory (ACME_DIRECTORY_URL). */
  directoryUrl: string;
  /** Extra CA certificates (PEM file) trusted for the directory's HTTPS alone (ACME_CA_FILE; Pebble in tests). */
  caFile?: string;
  /** The ACME account's contact address (ACME_EMAIL), for the CA's expiry notices. */
  email?: string;
}

export interface PaymentSettings {
  /** The QR payment gateway (PAYMENT_GATEWAY); only the sandbox exists so far. */
  gateway: 'sandbox';
  /** The sandbox credits real balances (production said PAYMENT_GATEWAY=sandbox): warned at start and on its pages. */
  sandboxLive: boolean;
  /**
   * The HMAC-SHA256 key the sandbox payment gateway signs its notifications with and the server checks them with
   * (PAYMENT_SANDBOX_SECRET); required in production, a fixed development value elsewhere.
   */
  sandboxSecret: string;
  /** Where customers send bank transfers (recharge only): shown with each transfer's unique reference. */
  bankTransfer: { accountName: string; bankName: string; accountNumber: string };
}

const developmentSandboxSecret = 'edgeward-development-sandbox-secret';
interface TrafficSettings {
  /** The edge nodes allowed to post access logs (EDGE_NODE_TOKENS), each with the SHA-256 of its token. */
  edgeNodes: EdgeNode[];
  /** How long the raw access-log lines are kept after their batch arrived (TRAFFIC_RAW_RETENTION_DAYS; 0: not kept). */
  rawRetentionDays: number;
}

export interface EdgeNode {
  name: string;
  tokenSha256: Buffer;
}

const developmentFaceCheckSecret = 'edgeward-development-face-check-secret';

/** Shortest edge node token accepted: 24 characters of a random token carry well over 128 bits. */
const EDGE_TOKEN_MIN = 24;

/**
 * `name:token,name:token`. Only each token's SHA-256 is kept; a short token, a name given twice or an entry
 * without a name is refused at start.
 */
export function parseEdgeNodeTokens(value: string | undefined): EdgeNode[] {
  const nodes: EdgeNode[] = [];
  for (const entry of (value ?? '').split(',')) {
    if (entry.trim() === '') continue;
    const colon = entry.indexOf(':');
    const name = entry.slice(0, colon).trim();
    const token = entry.slice(colon + 1).trim();
    if (colon < 1 || !/^[\w.-]{1,64}$/.test(name)) {
      throw new Error('EDGE_NODE_TOKENS entries are name:token, the name letters, digits, ".", "_" or "-"');
    }
    if (token.length < EDGE_TOKEN_MIN) {
      throw new Error(`EDGE_NODE_TOKENS: the token of ${name} is shorter than ${EDGE_TOKEN_MIN} characters`);
    }
    if (nodes.some((n) => n.name === name)) throw new Error(`EDGE_NODE_TOKENS names ${name} twice`);
    nodes.push({ name, tokenSha256: createHash('sha256').update(token).digest() });
  }
  return nodes;
}

/** 32 bytes written as 64 hex digits or as base64; anything else is refused. */
function parseEncryptionKey(value: string, name = 'ENCRYPTION_KEY'): Buffer {
  const text = value.trim();
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32 || (!/^[0-9a-f]{64}$/i.test(text) && key.toString('base64') !== text)) {
    throw new Error(`${name} must be 32 bytes, written as 64 hex digits or as base64`);
  }
  return key;
}

/** ENCRYPTION_KEY, or CERTIFICATE_KEY (its earlier name) for installations set up before it; both must agree. */
function encryptionKeyOf(general: string | undefined, former: string | undefined): Buffer | undefined {
  const key = general ? parseEncryptionKey(general) : undefined;
  const formerKey = former ? parseEncryptionKey(former, 'CERTIFICATE_KEY') : undefined;
  if (key && formerKey && !key.equals(formerKey)) {
    throw new Error('ENCRYPTION_KEY and CERTIFICATE_KEY are two names of one key: set one, or the same value');
  }
  return key ?? formerKey;
}

/** Addresses only this machine can reach: 127.0.0.0/8, ::1 and the name localhost. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || /^::ffff:127(\.\d{1,3}){3}$/.test(h);
}

/**
 * The demo account has a published password, so it exists only where nobody else can reach it: never in
 * production, and beyond loopback only when DEMO=true says so explicitly.
 */
function demoWanted(env: string, demo: 'true' | 'false' | undefined, host: string): boolean {
  if (env === 'production' || demo === 'false') return false;
  return demo === 'true' || isLoopbackHost(host);
}

/**
 * A sandbox lets whoever opens its page decide (confirm any payment, pass any face check). In production it runs only
 * when the operator names it (a staging or demo host); otherwise the server refuses to start.
 */
function sandboxChosen(env: string, name: string, value: 'sandbox' | undefined, what: string): boolean {
  if (env !== 'production') return false;
  if (value === 'sandbox') return true;
  throw new Error(
    `${name} is required in production. The only ${what} is the sandbox, where anyone who opens its page decides the result; set ${name}=sandbox only where that is acceptable (staging, demo)`,
  );
}

/** Reads the environment once. Refuses settings that would be unsafe in production. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = EnvSchema.parse(env);
  if (e.NODE_ENV === 'production' && (e.TEST_FIXED_CAPTCHA || e.TEST_FIXED_CODE)) {
    throw new Error('TEST_FIXED_CAPTCHA and TEST_FIXED_CODE are for automated tests only and refused in production');
  }
  const passwordHashing = {
    memoryKib: e.ARGON2_MEMORY_KIB,
    timeCost: e.ARGON2_TIME_COST,
    parallelism: e.ARGON2_PARALLELISM,
  };
  if (
    e.NODE_ENV === 'production' &&
    (passwordHashing.memoryKib < minimumProductionCost.memoryKib ||
      passwordHashing.timeCost < minimumProductionCost.timeCost)
  ) {
    throw new Error(
      `ARGON2_MEMORY_KIB below ${minimumProductionCost.memoryKib} or ARGON2_TIME_COST below ${minimumProductionCost.timeCost} is refused in production`,
    );
  }
  const encryptionKey = encryptionKeyOf(e.ENCRYPTION_KEY, e.CERTIFICATE_KEY);
  if (e.NODE_ENV === 'production' && !encryptionKey) {
    throw new Error(
      'ENCRYPTION_KEY is required in production: 32 random bytes (openssl rand -base64 32) that seal stored secrets',
    );
  }
  if (e.NODE_ENV === 'production' && !e.FACE_CHECK_SANDBOX_SECRET) {
    throw new Error(
      'FACE_CHECK_SANDBOX_SECRET is required in production: a random string that signs face-check callbacks',
    );
  }
  if (e.NODE_ENV === 'production' && !e.PAYMENT_SANDBOX_SECRET) {
    throw new Error(
      'PAYMENT_SANDBOX_SECRET is required in production: a random string that signs payment notifications',
    );
  }
  const metricsToken = e.METRICS_TOKEN?.trim() || undefined;
  if (metricsToken !== undefined && metricsToken.length < METRICS_TOKEN_MIN) {
    throw new Error(`METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN} characters (openssl rand -hex 24)`);
  }
  const paymentSandboxLive = sandboxChosen(e.NODE_ENV, 'PAYMENT_GATEWAY', e.PAYMENT_GATEWAY, 'payment gateway');
  const identitySandboxLive = sandboxChosen(e.NODE_ENV, 'IDENTITY_PROVIDER', e.IDENTITY_PROVIDER, 'face-check service');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    demo: demoWanted(e.NODE_ENV, e.DEMO, e.HOST),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    fixedCaptcha: e.TEST_FIXED_CAPTCHA || undefined,
    fixedCode: e.TEST_FIXED_CODE || undefined,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    staffAllowedIps: parseStaffAllowedIps(e.STAFF_ALLOWED_IPS),
    publicUrl: (e.PUBLIC_URL || `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    publicUrlDefaulted: !e.PUBLIC_URL,
    domain: {
      limit: e.DOMAIN_LIMIT,
      wholeSiteLimit: e.WHOLE_SITE_LIMIT,
      dnsServers: (e.DNS_SERVERS ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      allowPrivateOrigins: e.ALLOW_PRIVATE_ORIGINS,
      reviewNewDomains: e.REVIEW_NEW_DOMAINS,
      originCheckTimeoutMs: e.ORIGIN_CHECK_TIMEOUT_MS,
      cnameZone: e.CNAME_ZONE.replace(/^\.+|\.+$/g, '').toLowerCase(),
    },
    edge: {
      kind: e.EDGE,
      resyncSeconds: e.EDGE_RESYNC_SECONDS,
      longPollSeconds: e.EDGE_LONG_POLL_SECONDS,
      sandboxDelayMs: e.EDGE_SANDBOX_DELAY_MS,
      sandboxFailPattern: e.EDGE_SANDBOX_FAIL_PATTERN ? new RegExp(e.EDGE_SANDBOX_FAIL_PATTERN, 'i') : undefined,
    },
    cacheTaskDailyQuota: {
      refreshUrl: e.REFRESH_DAILY_URLS,
      refreshDir: e.REFRESH_DAILY_DIRS,
      preheat: e.PREHEAT_DAILY_URLS,
    },
    jobsPollMs: e.JOBS_POLL_MS,
    encryptionKey,
    identity: {
      provider: 'sandbox',
      sandboxLive: identitySandboxLive,
      sandboxSecret: e.FACE_CHECK_SANDBOX_SECRET ?? developmentFaceCheckSecret,
      dailyFailureLimit: e.REAL_NAME_DAILY_FAILURES,
    },
    certificate: {
      acme: {
        directoryUrl:
          e.ACME_DIRECTORY_URL ??
          (e.NODE_ENV === 'production' ? letsEncryptDirectories.production : letsEncryptDirectories.staging),
        caFile: e.ACME_CA_FILE || undefined,
        email: e.ACME_EMAIL || undefined,
      },
    },
    payment: {
      gateway: 'sandbox',
      sandboxLive: paymentSandboxLive,
      sandboxSecret: e.PAYMENT_SANDBOX_SECRET ?? developmentSandboxSecret,
      bankTransfer: {
        accountName: e.BANK_TRANSFER_ACCOUNT_NAME,
        bankName: e.BANK_TRANSFER_BANK_NAME,
        accountNumber: e.BANK_TRANSFER_ACCOUNT_NUMBER,
      },
    },
    traffic: { edgeNodes: parseEdgeNodeTokens(e.EDGE_NODE_TOKENS), rawRetentionDays: e.TRAFFIC_RAW_RETENTION_DAYS },
    passwordHashing,
    metrics: { port: e.METRICS_PORT || undefined, token: metricsToken },
    ...(e.REDIS_URL ? { rateLimitRedis: { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } } : {}),
  };
}
