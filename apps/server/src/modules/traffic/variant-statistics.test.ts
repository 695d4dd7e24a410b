import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDomain, logLine } from '../../../test/fixtures/traffic';
import { createTestUser, type TestUser } from '../../../test/fixtures/users';
import { createTestContext, dbKinds, type TestContext } from '../../../test/helpers';
import { domains } from '../../db/schema';
import { setCdnTypeById } from '../account/cdn-type';

const TOKEN = 'edge-node-token-variant-0123456789';
const DAY = 86_400_000;
/** Beijing midnight starting 2026-11-21. */
const T0 = Date.UTC(2026, 10, 20, 16);
const MIN = 60_000;

/**
 * Issue 25, defect 5: each console's statistics count its own domains. The CDN's figures of the whole account are
 * the account's buckets (a deleted CDN domain's traffic stays in them) less its edge-platform domains'; the edge
 * platform's are its domains'.
 */
describe.each(dbKinds)('statistics per console on %s', (kind) => {
  let ctx: TestContext;
  let owner: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext(kind, { EDGE_NODE_TOKENS: `edge-1:${TOKEN}` });
    ctx.clock.now = new Date(T0 + DAY + 12 * 3_600_000);
    owner = await createTestUser(ctx);
    const { db } = ctx.database;
    await setCdnTypeById(db, owner.id, 'all', new Date());
    await addDomain(db, owner.id, 'cdn.variant.test');
    const gone = await addDomain(db, owner.id, 'gone.variant.test');
    const eo = await addDomain(db, owner.id, 'eo.variant.test');
    await db.update(domains).set({ variant: 'eo' }).where(eq(domains.id, eo));
    const lines = [
      // In one 5-minute bucket: 1000 CDN bytes, 300 of a CDN domain deleted later, 5000 edge-platform bytes.
      logLine(T0 + 1 * MIN, 'cdn.variant.test', { bytes_sent: 1000 }),
      logLine(T0 + 2 * MIN, 'gone.variant.test', { bytes_sent: 300, cache_status: 'MISS' }),
      logLine(T0 + 3 * MIN, 'eo.variant.test', { bytes_sent: 5000, status: 404 }),
      logLine(T0 + 63 * MIN, 'eo.variant.test', { bytes_sent: 7000 }),
    ];
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/edge/logs',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/x-ndjson' },
      payload: lines.join('\n'),
    });
    expect(res.json().data).toMatchObject({ accepted: 4 });
    await db.delete(domains).where(eq(domains.id, gone));
  });
  afterAll(() => ctx.close());

  async function get(path: string, query: Record<string, string | number>) {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
    const res = await ctx.app.inject({ method: 'GET', url: `/api${path}?${qs}`, headers: owner.headers });
    return { status: res.statusCode, body: res.json() };
  }
  const day = { startTime: T0, endTime: T0 + DAY };

  it("the CDN overview counts the CDN's traffic, a deleted domain's included, and ranks CDN domains only", async () => {
    const { body } = await get('/user/home', day);
    expect(body.data.bytes.value).toBe(1300);
    expect(body.data.requests.value).toBe(2);
    expect(body.data.hitRate.value).toBe(0.5);
    expect(body.data.peakBps.value).toBe((1300 * 8) / 300);
    expect(body.data.topDomains.map((d: { domainName: string }) => d.domainName)).toEqual(['cdn.variant.test']);
  });

  it("the edge platform's overview counts its own domains only", async () => {
    const { body } = await get('/user/eo-home', day);
    expect(body.data.bytes.value).toBe(12_000);
    expect(body.data.requests.value).toBe(2);
    expect(body.data.topDomains.map((d: { domainName: string }) => d.domainName)).toEqual(['eo.variant.test']);
  });

  it("the CDN's usage, bandwidth and hit rate leave the edge platform's buckets out, to the bucket", async () => {
    const usage = await get('/user/domain-statistics', { ...day, granularity: '1h' });
    expect(usage.body.data.total).toEqual({ bytes: 1300, requests: 2 });
    const hours = usage.body.data.points.filter((p: { bytes: number }) => p.bytes !== 0);
    expect(hours).toEqual([expect.objectContaining({ time: T0, bytes: 1300, requests: 2 })]);
    const second = usage.body.data.points.find((p: { time: number }) => p.time === T0 + 3_600_000);
    expect(second).toMatchObject({ bytes: 0, requests: 0 });
    const bandwidth = await get('/user/bs_statistics', { ...day, granularity: '5m', endTime: T0 + 2 * 3_600_000 });
    expect(bandwidth.body.data.peak).toEqual({ bps: (1300 * 8) / 300, time: T0 });
    const hitRate = await get('/user/hit_rate_statistics', { ...day, granularity: '1d' });
    expect(hitRate.body.data.points[0]).toMatchObject({ requests: 2, hits: 1 });
  });

  it("the CDN's calls do not take an edge-platform domain by name, nor the edge platform's a CDN domain", async () => {
    const cdn = await get('/user/domain-statistics', { ...day, domainNames: 'eo.variant.test' });
    expect(cdn.body.error).toBe('NOT_FOUND');
    const eo = await get('/eo/domain/statistics', { ...day, domainNames: 'cdn.variant.test' });
    expect(eo.body.error).toBe('NOT_FOUND');
    const own = await get('/user/domain-statistics', { ...day, domainNames: 'cdn.variant.test' });
    expect(own.body.data.total).toEqual({ bytes: 1000, requests: 1 });
  });
});
