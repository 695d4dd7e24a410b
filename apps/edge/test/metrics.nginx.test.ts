import fs from 'node:fs';
import { dashboardMetrics, parsePrometheusText, sampleValue, servesMetric } from '@edgeward/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EdgeAgent } from '../src/agent';
import { loopbackRequest } from '../src/cache-tasks';
import { parseStubStatus } from '../src/metrics';
import { eventually, type FakeConsole, startOrigin } from './fake-console';
import { closeLoopbackEdge, hasNginx, startLoopbackEdge } from './nginx-agent';
import { snapshotOf } from './snapshots';

/*
 * The agent's metrics on its loopback port with real nginx (ports EDGE_PORT_BASE + 150-159): reloads, domains,
 * shipped log lines, cache tasks and nginx's stub_status counters, read as Prometheus would read them.
 */

const base = Number(process.env.EDGE_PORT_BASE ?? 18000) + 150;
const ports = { http: base + 1, https: base + 2, internal: base + 3, auth: base + 4, console: base + 5 };
const metricsPort = base + 6;
const originPort = base + 7;

const scrape = async () => {
  const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await res.text());
};

describe('stub_status', () => {
  it("reads nginx's page", () => {
    const page =
      'Active connections: 3 \nserver accepts handled requests\n 10 9 25 \nReading: 0 Writing: 1 Waiting: 2 \n';
    expect(parseStubStatus(page)).toEqual({
      active: 3,
      accepted: 10,
      handled: 9,
      requests: 25,
      reading: 0,
      writing: 1,
      waiting: 2,
    });
    expect(() => parseStubStatus('<html>404</html>')).toThrow();
  });
});

describe.skipIf(!hasNginx)('the edge agent metrics', () => {
  let stateDir: string;
  let fake: FakeConsole;
  let agent: EdgeAgent;
  let origin: Awaited<ReturnType<typeof startOrigin>>;

  beforeAll(async () => {
    origin = await startOrigin(originPort);
    ({ stateDir, fake, agent } = await startLoopbackEdge('metrics', ports, {
      extra: { EDGE_METRICS_PORT: String(metricsPort), EDGE_LOG_BATCH_SECONDS: '0.2' },
    }));
  });
  afterAll(() => closeLoopbackEdge({ agent, fake, stateDir }, origin));

  it('serves /metrics on its loopback port and nothing else there', async () => {
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
    const families = await scrape();
    expect(families.get('edgeward_edge_reload_duration_seconds')?.type).toBe('histogram');
    expect(families.get('edgeward_nginx_requests_total')?.type).toBe('counter');
    expect(families.has('process_resident_memory_bytes')).toBe(true);
  });

  it('serves every agent metric the Grafana dashboard of deploy/ reads', async () => {
    const dashboard = JSON.parse(
      fs.readFileSync(new URL('../../../deploy/grafana-dashboard.json', import.meta.url), 'utf8'),
    );
    const names = dashboardMetrics(dashboard, 'edge');
    expect(names.length).toBeGreaterThan(5);
    const families = await scrape();
    expect(names.filter((name) => !servesMetric(families, name))).toEqual([]);
  });

  it('counts reloads, applied domains, shipped lines, cache tasks and nginx requests', async () => {
    const before = await scrape();
    fake.publish(snapshotOf({ domainId: 1, domainName: 'm.test', version: 1, originPort }));
    await eventually('the report of m.test', () => fake.reports.find((r) => r.domainId === 1));
    for (let i = 0; i < 3; i++) expect((await loopbackRequest(ports.http, 'm.test', `/r${i}`)).status).toBe(200);
    const task = fake.addTask('preheat', ['http://m.test/warm']);
    await eventually('the preheat report', () => fake.cacheReports.find((r) => r.taskId === task));
    await eventually('the shipped lines', () => fake.logLines.length >= 3);

    const after = await scrape();
    const grew = (name: string, labels: Record<string, string> = {}) =>
      (sampleValue(after, name, labels) ?? 0) - (sampleValue(before, name, labels) ?? 0);
    expect(grew('edgeward_edge_reload_duration_seconds_count', { result: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(grew('edgeward_edge_domain_updates_total', { result: 'applied' })).toBe(1);
    expect(sampleValue(after, 'edgeward_edge_domains', { state: 'applied' })).toBe(1);
    expect(sampleValue(after, 'edgeward_edge_domains', { state: 'failed' })).toBe(0);
    expect(grew('edgeward_edge_cache_task_urls_total', { type: 'preheat', result: 'ok' })).toBe(1);
    expect(grew('edgeward_edge_log_lines_shipped_total')).toBeGreaterThanOrEqual(3);
    expect(sampleValue(after, 'edgeward_edge_log_bytes_waiting')).toBeGreaterThanOrEqual(0);
    // Three visits, the preheat and the earlier scrape's own stub_status request.
    expect(grew('edgeward_nginx_requests_total')).toBeGreaterThanOrEqual(5);
    expect(sampleValue(after, 'edgeward_nginx_connections', { state: 'active' })).toBeGreaterThanOrEqual(1);
  });
});
