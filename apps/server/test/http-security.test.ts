import { limits } from '@edgeward/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { createTestContext, dbKinds, type TestContext } from './helpers';

const csp = "frame-ancestors 'none'";

function expectSecurityHeaders(headers: Record<string, unknown>) {
  expect(String(headers['content-security-policy'])).toContain(csp);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-request-id']).toBeTruthy();
}

describe.each(dbKinds)('response headers on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { TRUST_PROXY: 'loopback' });
  });
  afterAll(() => ctx.close());

  it('forbids caching API answers, signed in or not, errors included', async () => {
    for (const url of ['/api/health', '/api/user/profile', '/api/nope']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const avatar = await ctx.app.inject({ method: 'GET', url: '/api/user/avatar/none.png' });
    expect(avatar.statusCode).toBe(404);
    expect(avatar.headers['cache-control']).toBe('no-store');
  });

  it('denies framing with X-Frame-Options DENY, agreeing with frame-ancestors', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expectSecurityHeaders(res.headers);
  });

  it('sends HSTS only over HTTPS (as the trusted proxy reports it)', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const https = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('keeps a safe X-Request-Id from the caller and replaces any other', async () => {
    const kept = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-1.2:a_B-9' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-1.2:a_B-9');
    for (const given of ['<script>alert(1)</script>', 'a b', 'x'.repeat(65), 'line\u2028break']) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': given } });
      expect(res.headers['x-request-id']).not.toBe(given);
      expect(String(res.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('answers a malformed URL with the envelope and the security headers, without echoing it', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/%E0%A4%A', headers: { 'accept-language': 'zh-CN' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: '请求无效', data: null, error: 'BAD_REQUEST' });
    expect(res.body).not.toContain('%E0');
    expectSecurityHeaders(res.headers);
    expect(res.headers['cache-control']).toBeUndefined();
    const api = await ctx.app.inject({ method: 'GET', url: '/api/%E0%A4%A' });
    expect(api.json()).toMatchObject({ code: 400, error: 'BAD_REQUEST' });
    expect(api.headers['cache-control']).toBe('no-store');
  });

  it('answers bad bodies (media type, JSON, size) with the envelope and the security headers', async () => {
    const cases = [
      { headers: { 'content-type': 'text/xml' }, payload: '<a/>', status: 415, error: 'UNSUPPORTED_MEDIA_TYPE' },
      { headers: { 'content-type': 'application/json' }, payload: '{"userName":', status: 400, error: 'BAD_REQUEST' },
      {
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ userName: 'x'.repeat(3 * 1024 * 1024) }),
        status: 413,
        error: 'PAYLOAD_TOO_LARGE',
      },
    ];
    for (const c of cases) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/user/login', ...c });
      expect(res.statusCode, c.error).toBe(c.status);
      expect(res.json()).toMatchObject({ code: c.status, error: c.error, data: null });
      expectSecurityHeaders(res.headers);
    }
  });
});

describe.each(dbKinds)('client addresses behind a proxy on %s', (kind) => {
  const proxy = '10.9.9.9';
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { TRUST_PROXY: `${proxy},192.0.2.0/24` });
  });
  afterAll(() => ctx.close());

  async function failLogin(on: TestContext, userName: string, remoteAddress: string, forwarded: string) {
    const res = await on.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress,
      headers: { 'x-forwarded-for': forwarded },
      payload: { userName, password: 'wrong-password' },
    });
    return res.json().error as string;
  }

  async function loggedAddresses(on: TestContext, userName: string) {
    const rows = rowsOf<{ ip: string }>(
      await on.database.db.execute(sql`SELECT ip FROM login_log WHERE user_name = ${userName} ORDER BY id`),
    );
    return rows.map((r) => r.ip);
  }

  it('believes X-Forwarded-For from a listed proxy, and stores only addresses', async () => {
    await failLogin(ctx, 'viaproxy', proxy, '203.0.113.7');
    await failLogin(ctx, 'viaproxy', '192.0.2.44', '198.51.100.1, 203.0.113.8');
    await failLogin(ctx, 'viaproxy', proxy, '<img src=x onerror=alert(1)>');
    await failLogin(ctx, 'viaproxy', proxy, '203.0.113.9, <img src=x>');
    expect(await loggedAddresses(ctx, 'viaproxy')).toEqual(['203.0.113.7', '203.0.113.8', proxy, proxy]);
  });

  it('ignores X-Forwarded-For from any other peer, so rotating it does not escape the per-address limit', async () => {
    const peer = '198.51.100.77';
    for (let i = 0; i < limits.account.loginFailuresBeforeCaptcha; i++) {
      expect(await failLogin(ctx, `rotate${i}`, peer, `203.0.113.${i + 1}`)).toBe('LOGIN_FAILED');
    }
    expect(await failLogin(ctx, 'rotate-last', peer, '203.0.113.200')).toBe('CAPTCHA_REQUIRED');
    expect(await loggedAddresses(ctx, 'rotate0')).toEqual([peer]);
  });

  it('believes no hop it was not told to, and never the X-Forwarded-Proto of an untrusted peer', async () => {
    await failLogin(ctx, 'direct', '127.0.0.1', '203.0.113.5');
    expect(await loggedAddresses(ctx, 'direct')).toEqual(['127.0.0.1']);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
