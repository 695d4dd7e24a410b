import path from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DEMO: z.enum(['true', 'false']).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Edgeward <no-reply@edgeward.local>'),
  TEST_FIXED_CAPTCHA: z.string().optional(),
  TEST_FIXED_CODE: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: flag,
});

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
  trustProxy: boolean;
}

/** Reads the environment once. Refuses settings that would be unsafe in production. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = EnvSchema.parse(env);
  if (e.NODE_ENV === 'production' && (e.TEST_FIXED_CAPTCHA || e.TEST_FIXED_CODE)) {
    throw new Error('TEST_FIXED_CAPTCHA and TEST_FIXED_CODE are for automated tests only and refused in production');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    demo: e.NODE_ENV !== 'production' && e.DEMO !== 'false',
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    fixedCaptcha: e.TEST_FIXED_CAPTCHA || undefined,
    fixedCode: e.TEST_FIXED_CODE || undefined,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    trustProxy: e.TRUST_PROXY,
  };
}
