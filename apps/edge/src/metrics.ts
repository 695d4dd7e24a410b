import http from 'node:http';
import { INTERNAL_HOST, STATUS_PATH } from '@edgeward/edge-config';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { loopbackRequest } from './cache-tasks';
import type { Logger } from './log';

/*
 * The agent's Prometheus metrics, served on 127.0.0.1:EDGE_METRICS_PORT only (docs/operations.md, "Metrics"): its
 * reloads, the domains it serves, the access log it ships, its purges and preheats, and nginx's own counters from
 * stub_status on the internal port, read at each scrape.
 */

export type ReloadResult = 'ok' | 'refused' | 'failed';

/** What the metrics read from the agent when they are scraped. */
export interface AgentReadings {
  domains(): { applied: number; failed: number };
  pendingReports(): { domain: number; cache: number };
  logBytesWaiting(): number;
  internalPort: number;
}

/** stub_status' page: "Active connections: N", the accepts/handled/requests totals, then Reading/Writing/Waiting. */
export function parseStubStatus(text: string) {
  const numbers = (pattern: RegExp) => pattern.exec(text)?.slice(1).map(Number);
  const active = numbers(/Active connections:\s*(\d+)/)?.[0];
  const totals = numbers(/\n\s*(\d+)\s+(\d+)\s+(\d+)\s*\n/);
  const states = numbers(/Reading:\s*(\d+)\s+Writing:\s*(\d+)\s+Waiting:\s*(\d+)/);
  if (active === undefined || !totals || !states) throw new Error('not a stub_status page');
  const [accepted, handled, requests] = totals as [number, number, number];
  const [reading, writing, waiting] = states as [number, number, number];
  return { active, accepted, handled, requests, reading, writing, waiting };
}

export function createAgentMetrics(readings: AgentReadings, log: Logger) {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const reloads = new Histogram({
    name: 'edgeward_edge_reload_duration_seconds',
    help: 'nginx reloads from the signal until the new workers serve, by result (refused: nginx kept the old files).',
    labelNames: ['result'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 30, 60],
    registers,
  });
  const updates = new Counter({
    name: 'edgeward_edge_domain_updates_total',
    help: 'Domain versions from the console this node applied, failed or removed.',
    labelNames: ['result'] as const,
    registers,
  });
  new Gauge({
    name: 'edgeward_edge_domains',
    help: 'Domains this node holds a last good version of (applied), and those whose newest version nginx refused.',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const { applied, failed } = readings.domains();
      this.set({ state: 'applied' }, applied);
      this.set({ state: 'failed' }, failed);
    },
  });
  new Gauge({
    name: 'edgeward_edge_reports_pending',
    help: 'Reports the console has not accepted yet (the console counts their domains as behind meanwhile).',
    labelNames: ['kind'] as const,
    registers,
    collect() {
      const pending = readings.pendingReports();
      this.set({ kind: 'domain' }, pending.domain);
      this.set({ kind: 'cache' }, pending.cache);
    },
  });
  const linesShipped = new Counter({
    name: 'edgeward_edge_log_lines_shipped_total',
    help: 'Access-log lines the console accepted.',
    registers,
  });
  new Gauge({
    name: 'edgeward_edge_log_bytes_waiting',
    help: 'Bytes of the access log not yet accepted by the console.',
    registers,
    collect() {
      this.set(readings.logBytesWaiting());
    },
  });
  const cacheUrls = new Counter({
    name: 'edgeward_edge_cache_task_urls_total',
    help: 'URLs of refresh (purge) and preheat tasks carried out, by task type and result.',
    labelNames: ['type', 'result'] as const,
    registers,
  });

  const nginxTotal = (name: string, help: string) => new Counter({ name, help, registers });
  const totals = {
    accepted: nginxTotal(
      'edgeward_nginx_connections_accepted_total',
      'Client connections nginx accepted (stub_status).',
    ),
    handled: nginxTotal('edgeward_nginx_connections_handled_total', 'Client connections nginx handled (stub_status).'),
    requests: nginxTotal('edgeward_nginx_requests_total', 'Client requests nginx received (stub_status).'),
  };
  const connections = new Gauge({
    name: 'edgeward_nginx_connections',
    help: "nginx's client connections by state (stub_status): active in all, reading, writing and waiting (idle).",
    labelNames: ['state'] as const,
    registers,
  });

  /** The previous stub_status reading: nginx's totals move the counters by their difference. */
  let last: ReturnType<typeof parseStubStatus> | undefined;
  async function readNginx(): Promise<void> {
    let status: ReturnType<typeof parseStubStatus>;
    try {
      const answer = await loopbackRequest(readings.internalPort, INTERNAL_HOST, STATUS_PATH, {}, 2000);
      if (answer.status !== 200) throw new Error(`HTTP ${answer.status}`);
      status = parseStubStatus(answer.body.toString('utf8'));
    } catch (error) {
      log.warn(`metrics: nginx's stub_status unreadable: ${(error as Error).message}`);
      connections.reset();
      return;
    }
    for (const field of ['accepted', 'handled', 'requests'] as const) {
      const previous = last?.[field];
      // nginx's totals start again at 0 when it restarts: the counter then grows by the new total.
      totals[field].inc(previous === undefined || status[field] < previous ? status[field] : status[field] - previous);
    }
    last = status;
    for (const state of ['active', 'reading', 'writing', 'waiting'] as const) connections.set({ state }, status[state]);
  }
  /** Scrapes one after the other: two at once would count nginx's differences twice. */
  let scraping: Promise<unknown> = Promise.resolve();

  return {
    registry,
    reloaded(seconds: number, result: ReloadResult): void {
      reloads.observe({ result }, seconds);
    },
    updated(reports: readonly { result: 'applied' | 'failed' | 'removed' }[]): void {
      for (const report of reports) updates.inc({ result: report.result });
    },
    shipped(text: string): void {
      let lines = 0;
      for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines++;
      linesShipped.inc(lines);
    },
    cacheTask(type: string, results: readonly { ok: boolean }[]): void {
      for (const { ok } of results) cacheUrls.inc({ type, result: ok ? 'ok' : 'failed' });
    },
    /** The exposition text, with nginx's counters read now. */
    scrape(): Promise<string> {
      const run = scraping.then(async () => {
        await readNginx();
        return registry.metrics();
      });
      scraping = run.catch(() => {});
      return run;
    },
  };
}

export type AgentMetrics = ReturnType<typeof createAgentMetrics>;

/** GET /metrics on 127.0.0.1:`port` and nothing else; resolves once it listens, answers how to close it. */
export async function serveAgentMetrics(
  metrics: AgentMetrics,
  port: number,
  log: Logger,
): Promise<() => Promise<void>> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metrics.scrape().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (error: Error) => {
        log.error(`metrics scrape failed: ${error.message}`);
        response.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  log.info(`metrics at http://127.0.0.1:${port}/metrics`);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      // Prometheus keeps its connection open between scrapes: close() alone would wait for it.
      server.closeAllConnections();
    });
}
