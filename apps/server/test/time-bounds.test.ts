import { latestEpochMs } from '@edgeward/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from './fixtures/users';
import { createTestContext, dbKinds, type TestContext } from './helpers';

const HOUR = 3_600_000;

/** Every call that takes a time range in its query string (epoch milliseconds), with the names of its two ends. */
const routes = [
  ...[
    '/api/order/list',
    '/api/balance/statement',
    '/api/balance/statement/export',
    '/api/preheat/tasks',
    '/api/log/operation',
    '/api/log/operation/export',
    '/api/support/tickets',
  ].map((url) => ({ url, start: 'from', end: 'to' })),
  ...[
    '/api/user/home',
    '/api/user/domain-statistics',
    '/api/user/bs_statistics',
    '/api/user/hit_rate_statistics',
    '/api/user/status_statistics',
    '/api/user/my_statistics_domain',
    '/api/statistics/top?kind=url',
  ].map((url) => ({ url, start: 'startTime', end: 'endTime' })),
];

describe.each(dbKinds)('time bounds of query strings on %s', (kind) => {
  let ctx: TestContext;
  let user: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    user = await createTestUser(ctx);
  });
  afterAll(() => ctx.close());

  const get = (url: string, query: Record<string, string | number>, lang = 'en-US') => {
    const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
    return ctx.app.inject({
      method: 'GET',
      url: `${url}${url.includes('?') ? '&' : '?'}${search}`,
      headers: { ...user.headers, 'accept-language': lang },
    });
  };

  describe.each(routes)('$url', ({ url, start, end }) => {
    it.each([start, end])(
      'refuses %s past the end of JavaScript dates with 400 and the field message',
      async (field) => {
        const res = await get(url, { [field]: 8_640_000_000_000_001 });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({
          code: 400,
          error: 'VALIDATION_FAILED',
          fields: { [field]: 'Must be a time between 1970-01-01 and 9999-12-31, in epoch milliseconds' },
        });
      },
    );

    it('takes the first and the last hour of the range and refuses a millisecond beyond either', async () => {
      const answer = async (from: number, to: number) => (await get(url, { [start]: from, [end]: to })).statusCode;
      expect(await answer(0, HOUR)).toBe(200);
      expect(await answer(latestEpochMs - HOUR, latestEpochMs)).toBe(200);
      expect(await answer(-1, HOUR)).toBe(400);
      expect(await answer(latestEpochMs - HOUR, latestEpochMs + 1)).toBe(400);
    });
  });

  it('says it in Chinese too', async () => {
    const res = await get('/api/order/list', { from: '1e20' }, 'zh-CN');
    expect(res.json().fields).toEqual({ from: '时间须在 1970-01-01 至 9999-12-31 之间（毫秒时间戳）' });
  });
});
