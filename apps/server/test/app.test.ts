import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dbKinds, type TestContext } from './helpers';

describe.each(dbKinds)('app shell on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(() => ctx.close());

  it('answers health in the envelope with a request id and security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, message: 'Success', data: { status: 'ok', database: kind } });
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('answers an unknown API path with a localized 404 envelope', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, error: 'NOT_FOUND', message: '未找到', data: null });
  });

  it('publishes OpenAPI', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/health']).toBeDefined();
  });
});
