import { randomBytes } from 'node:crypto';
import { accountRateLimits } from '@edgeward/contract';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { rowsOf } from '../src/db/migrate';
import { installErrorHandler } from '../src/http/error-handler';
import { enableRateLimits, rateLimitConfig, rateLimitKeysPerRoute } from '../src/http/rate-limit';
import { createUser } from '../src/modules/account/account.operator';
import { createPasswordHasher } from '../src/secrets/password-hasher';
import { createTestContext, dbKinds, type TestContext } from './helpers';

describe.each(dbKinds)('per-address rate limits on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(() => ctx.close());

  const inject = (url: string, ip: string, options: { method?: 'GET' | 'POST'; body?: object; lang?: string } = {}) =>
    ctx.app.inject({
      method: options.method ?? 'GET',
      url: `/api${url}`,
      payload: options.body,
      remoteAddress: ip,
      headers: options.lang ? { 'accept-language': options.lang } : {},
    });

  it('answers the 429 envelope in both languages once an address has used its budget', async () => {
    const ip = '198.51.100.1';
    for (let i = 0; i < accountRateLimits.captcha.max; i++) {
      expect((await inject('/user/captchaImage', ip)).statusCode).toBe(200);
    }
    const en = await inject('/user/captchaImage', ip);
    expect(en.statusCode).toBe(429);
    expect(en.json()).toEqual({
      code: 429,
      error: 'RATE_LIMITED',
      message: 'Too many requests, please try again later',
      data: null,
    });
    const zh = await inject('/user/captchaImage', ip, { lang: 'zh-CN' });
    expect(zh.json()).toMatchObject({ code: 429, error: 'RATE_LIMITED', message: '请求过于频繁，请稍后再试' });
    // Another address has its own budget.
    expect((await inject('/user/captchaImage', '198.51.100.2')).statusCode).toBe(200);
  });

  it('gives the addresses of one IPv6 /64 one budget, and an IPv4-mapped address its IPv4 budget', async () => {
    for (let i = 0; i < accountRateLimits.captcha.max; i++) {
      const ip = `2001:db8:5:6:${(i + 1).toString(16)}::1`;
      expect((await inject('/user/captchaImage', ip)).statusCode).toBe(200);
    }
    expect((await inject('/user/captchaImage', '2001:db8:5:6:ffff:ffff:ffff:ffff')).statusCode).toBe(429);
    // The neighbouring /64 is another host.
    expect((await inject('/user/captchaImage', '2001:db8:5:7::1')).statusCode).toBe(200);

    for (let i = 0; i < accountRateLimits.captcha.max; i++) {
      expect((await inject('/user/captchaImage', '198.51.100.9')).statusCode).toBe(200);
    }
    expect((await inject('/user/captchaImage', '::ffff:198.51.100.9')).statusCode).toBe(429);
  });

  it('logs a login over its address budget under the name tried', async () => {
    const ip = '198.51.100.4';
    const userName = 'flooded-name';
    await createUser(ctx.database.db, createPasswordHasher(ctx.config.passwordHashing), {
      userName,
      email: 'flooded@example.com',
      password: 'secret123',
    });
    // Successful logins: failures would bring in the captcha and its slow-down, which is another test's subject.
    const login = () => inject('/user/login', ip, { method: 'POST', body: { userName, password: 'secret123' } });
    for (let i = 0; i < accountRateLimits.login.max; i++) expect((await login()).statusCode).toBe(200);
    const refused = await login();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'LOGIN_TOO_MANY_ATTEMPTS' });
    const logged = async () =>
      rowsOf<{ n: number }>(
        await ctx.database.db.execute(
          sql`SELECT count(*)::int AS n FROM login_log WHERE ip = ${ip} AND reason = 'rate_limited'
                AND user_name = ${userName}`,
        ),
      )[0]!.n;
    for (let i = 0; i < 100 && (await logged()) === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await logged()).toBe(1);
  });
});

describe('the rate-limit store', () => {
  it('keeps a limited address limited while more than 10 000 other addresses call', async () => {
    const app = Fastify();
    installErrorHandler(app);
    await enableRateLimits(app);
    app.get('/limited', { config: rateLimitConfig({ max: 2, windowMs: 60_000 }) }, async () => 'ok');
    const call = async (ip: string) => (await app.inject({ url: '/limited', remoteAddress: ip })).statusCode;
    const ip = '198.51.100.3';
    expect([await call(ip), await call(ip), await call(ip)]).toEqual([200, 200, 429]);
    const others = Math.min(rateLimitKeysPerRoute - 1, 10_500);
    for (let i = 0; i < others; i++) await call(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    expect(await call(ip)).toBe(429);
    await app.close();
  });
});

/**
 * Two processes on one database, as behind a balancer: two apps built on one test database. With REDIS_URL the
 * budget of an address is one budget across them; without it each counts its own (N processes, N budgets).
 * TEST_REDIS_URL names a Redis the suite may use (CI starts Debian's redis-server); each test uses keys of its own.
 */
describe.each(dbKinds)('rate limits across processes on %s', (kind) => {
  const redisUrl = process.env.TEST_REDIS_URL;
  const contexts: TestContext[] = [];
  afterAll(async () => {
    for (const ctx of contexts) await ctx.close();
  });

  async function twoProcesses(env: Record<string, string>) {
    const ctx = await createTestContext(kind, env);
    contexts.push(ctx);
    const second = await buildApp({ config: ctx.config, database: ctx.database, now: ctx.clock.read, logger: false });
    await second.ready();
    contexts.push({ ...ctx, close: () => second.close() });
    return [ctx.app, second] as const;
  }
  const captcha = (app: FastifyInstance, ip: string) =>
    app.inject({ method: 'GET', url: '/api/user/captchaImage', remoteAddress: ip }).then((res) => res.statusCode);
  const ownKeys = () => ({ REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:` });

  it.skipIf(!redisUrl)('spends one budget across both through Redis', async () => {
    const [first, second] = await twoProcesses({ REDIS_URL: redisUrl!, ...ownKeys() });
    const ip = '203.0.113.40';
    for (let i = 0; i < accountRateLimits.captcha.max; i++) {
      expect(await captcha(i % 2 ? second : first, ip)).toBe(200);
    }
    expect(await captcha(first, ip)).toBe(429);
    expect(await captcha(second, ip)).toBe(429);
    expect(await captcha(second, '203.0.113.41')).toBe(200);
  });

  it('gives each process a budget of its own without Redis', async () => {
    const [first, second] = await twoProcesses({});
    const ip = '203.0.113.42';
    for (let i = 0; i < accountRateLimits.captcha.max; i++) expect(await captcha(first, ip)).toBe(200);
    expect(await captcha(first, ip)).toBe(429);
    expect(await captcha(second, ip)).toBe(200);
  });

  it('lets calls through, unlimited and without errors, while Redis cannot be reached', async () => {
    // Port 9 (discard) on loopback: nothing listens, every connection is refused.
    const [first] = await twoProcesses({ REDIS_URL: 'redis://127.0.0.1:9', ...ownKeys() });
    const ip = '203.0.113.43';
    for (let i = 0; i <= accountRateLimits.captcha.max; i++) expect(await captcha(first, ip)).toBe(200);
  });
});
