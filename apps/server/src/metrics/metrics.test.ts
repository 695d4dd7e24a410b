import fs from 'node:fs';
import {
  closedPort,
  dashboardMetrics,
  type MetricFamily,
  parsePrometheusText,
  sampleValue,
  servesMetric,
} from '@edgeward/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dbKinds, type TestContext } from '../../test/helpers';
import { edgeNodes, jobs } from '../db/schema';

const TOKEN = 'metrics-test-token-0123456789abcdef';

/** Every sample of `name` added up, whatever its labels. */
function total(families: Map<string, MetricFamily>, name: string): number {
  return [...families.values()]
    .flatMap((family) => family.samples)
    .filter((sample) => sample.name === name)
    .reduce((sum, sample) => sum + sample.value, 0);
}

describe.each(dbKinds)('metrics behind a bearer token on %s', (kind) => {
  let ctx: TestContext;

  const scrape = async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parsePrometheusText(res.body);
  };

  beforeAll(async () => {
    ctx = await createTestContext(kind, { METRICS_TOKEN: TOKEN });
  });
  afterAll(() => ctx.close());

  it('refuses a scrape without the token or with another one', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: 'UNAUTHORIZED' });
      expect(res.body).not.toContain('edgeward_');
    }
  });

  it('counts requests by route pattern, method and status, with their latency', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
    for (const id of [101, 202]) await ctx.app.inject({ method: 'GET', url: `/api/support/tickets/${id}` });
    const families = await scrape();
    expect(families.get('edgeward_http_requests_total')?.type).toBe('counter');
    expect(families.get('edgeward_http_request_duration_seconds')?.type).toBe('histogram');
    const ticket = { route: '/api/support/tickets/:id', method: 'GET', status: '401' };
    expect(sampleValue(families, 'edgeward_http_requests_total', ticket)).toBe(2);
    expect(sampleValue(families, 'edgeward_http_request_duration_seconds_count', ticket)).toBe(2);
    expect(sampleValue(families, 'edgeward_http_request_duration_seconds_bucket', { ...ticket, le: '+Inf' })).toBe(2);
    expect(sampleValue(families, 'edgeward_http_requests_total', { route: '/api/health/live', status: '200' })).toBe(1);
    const routes = families.get('edgeward_http_requests_total')!.samples.map((s) => s.labels.route);
    expect(routes.some((route) => /\d{3}/.test(route ?? ''))).toBe(false);
  });

  it('counts failed logins', async () => {
    const before = total(await scrape(), 'edgeward_login_failures_total');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { userName: 'nobody-here', password: 'wrong-password' },
    });
    expect(res.json()).toMatchObject({ error: 'LOGIN_FAILED' });
    expect(total(await scrape(), 'edgeward_login_failures_total')).toBe(before + 1);
  });

  it('counts payment notifications that do not verify', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/payment/notify/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: '{"forged":true}',
    });
    expect(res.statusCode).toBe(400);
    expect(sampleValue(await scrape(), 'edgeward_payment_notifications_total', { result: 'invalid' })).toBe(1);
  });

  it('reports the database pool, the jobs due and the oldest due age', async () => {
    const kindName = 'metrics.test-job';
    await ctx.app.schedules.tick();
    await ctx.database.db.insert(jobs).values([
      { kind: kindName, payload: {}, runAt: ctx.clock.now },
      { kind: kindName, payload: {}, runAt: ctx.clock.now },
      { kind: kindName, payload: {}, runAt: ctx.clock.now, failedAt: ctx.clock.now, lastError: 'boom' },
    ]);
    ctx.clock.advance(90_000);
    const families = await scrape();
    expect(sampleValue(families, 'edgeward_jobs', { kind: kindName, state: 'due' })).toBe(2);
    expect(sampleValue(families, 'edgeward_jobs', { kind: kindName, state: 'running' })).toBe(0);
    expect(sampleValue(families, 'edgeward_jobs', { kind: kindName, state: 'failed' })).toBe(1);
    const age = sampleValue(families, 'edgeward_jobs_oldest_due_age_seconds', { kind: kindName });
    expect(age).toBeGreaterThanOrEqual(90);
    expect(age).toBeLessThan(100);
    const idle = sampleValue(families, 'edgeward_db_pool_connections', { state: 'idle' });
    const inUse = sampleValue(families, 'edgeward_db_pool_connections', { state: 'in_use' });
    expect(idle).toBeGreaterThanOrEqual(0);
    expect(inUse).toBeGreaterThanOrEqual(0);
    if (kind === 'pglite') expect(idle! + inUse!).toBe(1);
    expect(sampleValue(families, 'edgeward_db_pool_waiting')).toBeGreaterThanOrEqual(0);
    // Ticked 90 s ago: the one-minute schedules are 30 s late, those of an hour not yet due.
    const lags = families.get('edgeward_schedule_lag_seconds')!.samples.map((sample) => sample.value);
    expect(Math.max(...lags)).toBe(30);
    expect(Math.min(...lags)).toBe(0);
    expect(families.has('process_resident_memory_bytes')).toBe(true);
  });

  it('serves every console metric the Grafana dashboard of deploy/ reads', async () => {
    const dashboard = JSON.parse(
      fs.readFileSync(new URL('../../../../deploy/grafana-dashboard.json', import.meta.url), 'utf8'),
    );
    const names = dashboardMetrics(dashboard, 'console');
    expect(names.length).toBeGreaterThan(10);
    const families = await scrape();
    expect(names.filter((name) => !servesMetric(families, name))).toEqual([]);
  });

  it("reports each issued edge node's last contact", async () => {
    await ctx.database.db.insert(edgeNodes).values({
      name: 'metrics-node',
      tokenSha256: 'metrics-node-token-hash',
      lastSeenAt: new Date(ctx.clock.now.getTime() - 42_000),
    });
    const families = await scrape();
    expect(sampleValue(families, 'edgeward_edge_node_last_contact_seconds', { node: 'metrics-node' })).toBe(42);
    expect(sampleValue(families, 'edgeward_edge_node_domains_behind', { node: 'metrics-node' })).toBe(0);
  });
});

describe('metrics on the loopback port', () => {
  it('serves /metrics on 127.0.0.1:METRICS_PORT alone, from start to close', async () => {
    const port = await closedPort();
    const ctx = await createTestContext(dbKinds[0]!, { METRICS_PORT: String(port) });
    try {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      const families = parsePrometheusText(await res.text());
      expect(families.get('edgeward_http_requests_total')?.type).toBe('counter');
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
      // Not on the main port (where /metrics is a deep link of the web app): without a token nothing opens it.
      expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).body).not.toContain('# TYPE');
    } finally {
      await ctx.close();
    }
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });

  it('serves nothing when neither METRICS_PORT nor METRICS_TOKEN is set', async () => {
    const ctx = await createTestContext(dbKinds[0]!);
    try {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.body).not.toContain('# TYPE');
    } finally {
      await ctx.close();
    }
  });
});
