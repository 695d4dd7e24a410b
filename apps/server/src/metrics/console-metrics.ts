import { inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config';
import type { Database } from '../db/connect';
import { jobs, schedules } from '../db/schema';
import type { AreaMetrics } from '../modules/area';
import { edgeNodeStatuses } from '../modules/edge';

export interface ConsoleMetricsDeps {
  database: Database;
  now: () => Date;
  config: Pick<Config, 'traffic'>;
  /** The schedules this build runs: rows left by older builds would otherwise lag forever. */
  scheduleNames: readonly string[];
  log: FastifyBaseLogger;
}

/** Request latency buckets, in seconds: most API calls answer within 100 ms, an export or an upload within seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** A timestamp parameter both drivers read alike (a Date is sent differently by node-postgres and PGlite). */
const timestamp = (at: Date): SQL => sql`${at.toISOString()}::timestamptz`;

/**
 * The console's Prometheus metrics, in a registry of this app's own (several apps in one test process must not
 * share counters). Events are counted as they happen (requests, and what the areas report through `area`); what the
 * database holds (jobs, schedules, edge nodes) is queried when the metrics are scraped, so every process of a shared
 * database reports the same numbers there, and nothing is polled while nobody scrapes.
 */
export function createConsoleMetrics(deps: ConsoleMetricsDeps) {
  const { database, now, log } = deps;
  const registry = new Registry();
  const registers = [registry];

  const httpLabels = ['route', 'method', 'status'] as const;
  const requests = new Counter({
    name: 'edgeward_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status.',
    labelNames: httpLabels,
    registers,
  });
  const latency = new Histogram({
    name: 'edgeward_http_request_duration_seconds',
    help: 'Time from receiving an HTTP request to its answer, by route pattern, method and status.',
    labelNames: httpLabels,
    buckets: LATENCY_BUCKETS,
    registers,
  });

  new Gauge({
    name: 'edgeward_db_pool_connections',
    help: 'Database connections of this process by state (PGlite is one connection).',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const c = database.connections();
      this.set({ state: 'in_use' }, c.total - c.idle);
      this.set({ state: 'idle' }, c.idle);
    },
  });
  new Gauge({
    name: 'edgeward_db_pool_waiting',
    help: 'Queries of this process waiting for a database connection.',
    registers,
    collect() {
      this.set(database.connections().waiting);
    },
  });

  /**
   * A scrape-time query shared by the gauges it fills: a scrape collects every gauge at once, so they all wait for
   * one answer. A failure leaves them empty for that scrape instead of failing the whole scrape.
   */
  function perScrape<T>(what: string, read: () => Promise<T[]>): () => Promise<T[]> {
    let pending: Promise<T[]> | undefined;
    return () => {
      pending ??= read()
        .catch((error) => {
          log.warn({ err: error }, `metrics: cannot read ${what}`);
          return [];
        })
        .finally(() => {
          pending = undefined;
        });
      return pending;
    };
  }

  /** A gauge drawn afresh at each scrape from `rows`: `each` sets the values one row gives. */
  function gaugeOf<L extends string, R>(
    name: string,
    help: string,
    labelNames: readonly L[],
    rows: () => Promise<R[]>,
    each: (gauge: Gauge<L>, row: R) => void,
  ): void {
    new Gauge({
      name,
      help,
      labelNames,
      registers,
      async collect() {
        const read = await rows();
        this.reset();
        for (const row of read) each(this, row);
      },
    });
  }

  const jobRows = perScrape('jobs', async () => {
    const at = timestamp(now());
    const unclaimed = sql`(${jobs.lockedUntil} IS NULL OR ${jobs.lockedUntil} <= ${at})`;
    const due = sql`${jobs.failedAt} IS NULL AND ${jobs.runAt} <= ${at} AND ${unclaimed}`;
    const rows = await database.db
      .select({
        kind: jobs.kind,
        due: sql<string>`count(*) FILTER (WHERE ${due})`,
        running: sql<string>`count(*) FILTER (WHERE ${jobs.failedAt} IS NULL AND NOT ${unclaimed})`,
        failed: sql<string>`count(*) FILTER (WHERE ${jobs.failedAt} IS NOT NULL)`,
        oldestDue: sql<
          number | string | null
        >`extract(epoch FROM ${at} - min(${jobs.runAt}) FILTER (WHERE ${due}))::float8`,
      })
      .from(jobs)
      .where(isNull(jobs.doneAt))
      .groupBy(jobs.kind);
    return rows.map((row) => ({
      kind: row.kind,
      due: Number(row.due),
      running: Number(row.running),
      failed: Number(row.failed),
      oldestDue: row.oldestDue === null ? null : Number(row.oldestDue),
    }));
  });
  gaugeOf(
    'edgeward_jobs',
    'Jobs by kind and state: due (waiting for a runner), running (claimed), failed (out of attempts, kept).',
    ['kind', 'state'],
    jobRows,
    (gauge, row) => {
      for (const state of ['due', 'running', 'failed'] as const) gauge.set({ kind: row.kind, state }, row[state]);
    },
  );
  gaugeOf(
    'edgeward_jobs_oldest_due_age_seconds',
    'How long the oldest due job of each kind has been waiting for a runner.',
    ['kind'],
    jobRows,
    (gauge, row) => {
      if (row.oldestDue !== null) gauge.set({ kind: row.kind }, row.oldestDue);
    },
  );

  const scheduleRows = perScrape('schedules', async () => {
    if (deps.scheduleNames.length === 0) return [];
    const at = timestamp(now());
    return database.db
      .select({
        name: schedules.name,
        lag: sql<number | string>`greatest(0, extract(epoch FROM ${at} - ${schedules.nextRunAt}))::float8`,
      })
      .from(schedules)
      .where(inArray(schedules.name, [...deps.scheduleNames]));
  });
  gaugeOf(
    'edgeward_schedule_lag_seconds',
    'How far past its next run each schedule is (0 when it is not due yet).',
    ['schedule'],
    scheduleRows,
    (gauge, row) => gauge.set({ schedule: row.name }, Number(row.lag)),
  );

  const nodeRows = perScrape('edge nodes', () => edgeNodeStatuses(database.db, deps.config.traffic.edgeNodes));
  gaugeOf(
    'edgeward_edge_node_last_contact_seconds',
    "Seconds since an issued edge node's last call (recorded at most every 10 s; EDGE_NODE_TOKENS nodes have none).",
    ['node'],
    nodeRows,
    (gauge, node) => {
      if (node.lastSeenAt) {
        gauge.set({ node: node.name }, Math.max(0, (now().getTime() - node.lastSeenAt.getTime()) / 1000));
      }
    },
  );
  gaugeOf(
    'edgeward_edge_node_domains_behind',
    'Domains whose current version an edge node has not reported applied (failed ones included).',
    ['node'],
    nodeRows,
    (gauge, node) => gauge.set({ node: node.name }, node.behind),
  );
  gaugeOf(
    'edgeward_edge_node_domains_failed',
    'Domains whose current version an edge node reported failed.',
    ['node'],
    nodeRows,
    (gauge, node) => gauge.set({ node: node.name }, node.failed),
  );

  const loginFailures = new Counter({
    name: 'edgeward_login_failures_total',
    help: 'Failed sign-in attempts (password, captcha, two-factor code, rate limit), by reason.',
    labelNames: ['reason'] as const,
    registers,
  });
  const paymentNotifications = new Counter({
    name: 'edgeward_payment_notifications_total',
    help: "Payment gateways' notifications by result (invalid: the signature or body did not verify).",
    labelNames: ['result'] as const,
    registers,
  });
  const accessLogLines = new Counter({
    name: 'edgeward_access_log_lines_total',
    help: 'Access-log lines posted by edge nodes, by result (unknown_host: no domain; duplicate: a batch seen before).',
    labelNames: ['result'] as const,
    registers,
  });

  const area: AreaMetrics = {
    loginFailed: (reason) => loginFailures.inc({ reason }),
    paymentNotification: (result) => paymentNotifications.inc({ result }),
    accessLogLines: (result, lines) => accessLogLines.inc({ result }, lines),
  };

  return {
    registry,
    area,
    /** Counts an answered request under its route pattern: a raw URL would make a series of every id. */
    observe(request: FastifyRequest, reply: FastifyReply): void {
      const labels = {
        route: request.routeOptions.url ?? 'unmatched',
        method: request.method,
        status: String(reply.statusCode),
      };
      requests.inc(labels);
      latency.observe(labels, reply.elapsedTime / 1000);
    },
  };
}

export type ConsoleMetrics = ReturnType<typeof createConsoleMetrics>;
