import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { EdgeCacheReportBody, EdgeCacheTask, EdgeReport, EdgeSnapshot } from '@edgeward/edge-config';

/*
 * A stand-in for the console's side of the edge protocol (packages/edge-config/src/protocol.ts) and of the access-log
 * intake, on loopback: what the agent registers, fetches, reports and ships is kept for the tests to check.
 */

export interface FakeConsole {
  url: string;
  token: string;
  reports: EdgeReport[];
  cacheReports: EdgeCacheReportBody[];
  logLines: Record<string, unknown>[];
  /** Every X-Batch-Id posted, accepted or not. */
  batchIds: string[];
  registrations: number;
  /** How many of the next calls of each kind answer 503 (the console restarting). */
  refuse: { reports: number; logs: number };
  /** A new version of a domain (or its removal): the next feed answer carries it. */
  publish(snapshot: EdgeSnapshot): void;
  addTask(type: EdgeCacheTask['type'], urls: string[]): number;
  close(): Promise<void>;
}

const envelope = (data: unknown) => JSON.stringify({ code: 200, message: 'ok', data });
const failure = (code: number, error: string) => JSON.stringify({ code, message: error, data: null, error });

export async function startFakeConsole(port: number, token = 'edge-test-token-0123456789abcdef'): Promise<FakeConsole> {
  const snapshots = new Map<number, EdgeSnapshot>();
  const changedAt = new Map<number, number>();
  const tasks: EdgeCacheTask[] = [];
  let cursor = 0;
  let waiters: (() => void)[] = [];
  const wake = () => {
    for (const waiter of waiters) waiter();
    waiters = [];
  };

  const state: FakeConsole = {
    url: `http://127.0.0.1:${port}`,
    token,
    reports: [],
    cacheReports: [],
    logLines: [],
    batchIds: [],
    registrations: 0,
    refuse: { reports: 0, logs: 0 },
    publish(snapshot) {
      cursor++;
      snapshots.set(snapshot.domainId, snapshot);
      changedAt.set(snapshot.domainId, cursor);
      wake();
    },
    addTask(type, urls) {
      const taskId = tasks.length + 1;
      tasks.push({ taskId, type, urls });
      wake();
      return taskId;
    },
    close: () =>
      new Promise((resolve) => {
        wake();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const seenBatches = new Set<string>();

  const feedOf = (since: number, tasksSince: number | null) => {
    const full = since === 0;
    const changed = [...snapshots.values()].filter((s) =>
      full ? s.state !== 'removed' : (changedAt.get(s.domainId) ?? 0) > since,
    );
    const newTasks = tasksSince === null ? [] : tasks.filter((t) => t.taskId > tasksSince);
    return { cursor, full, snapshots: changed, tasksCursor: tasks.length, tasks: newTasks };
  };

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', state.url);
    const answer = (status: number, text: string) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(text);
    if (req.headers.authorization !== `Bearer ${token}`) return answer(401, failure(401, 'UNAUTHORIZED'));
    switch (`${req.method} ${url.pathname}`) {
      case 'POST /api/edge/agent/register':
        state.registrations++;
        return answer(200, envelope({ node: 'edge-test', resyncSeconds: 300, longPollSeconds: 2 }));
      case 'GET /api/edge/agent/feed': {
        const since = Number(url.searchParams.get('since') ?? 0);
        const tasksSince = url.searchParams.has('tasksSince') ? Number(url.searchParams.get('tasksSince')) : null;
        const wait = Number(url.searchParams.get('waitSeconds') ?? 0);
        let feed = feedOf(since, tasksSince);
        if (wait > 0 && feed.snapshots.length === 0 && feed.tasks.length === 0 && since !== 0) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, wait * 1000);
            waiters.push(() => {
              clearTimeout(timer);
              resolve();
            });
          });
          feed = feedOf(since, tasksSince);
        }
        return answer(200, envelope(feed));
      }
      case 'POST /api/edge/agent/reports': {
        if (state.refuse.reports > 0 && state.refuse.reports--) return answer(503, failure(503, 'UNAVAILABLE'));
        const { reports } = JSON.parse(body.toString('utf8')) as { reports: EdgeReport[] };
        state.reports.push(...reports);
        return answer(200, envelope({ accepted: reports.length }));
      }
      case 'POST /api/edge/agent/cache-reports':
        state.cacheReports.push(JSON.parse(body.toString('utf8')));
        return answer(200, envelope({ recorded: true }));
      case 'POST /api/edge/logs': {
        const batchId = String(req.headers['x-batch-id']);
        state.batchIds.push(batchId);
        if (state.refuse.logs > 0 && state.refuse.logs--) return answer(503, failure(503, 'UNAVAILABLE'));
        const text = (req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8');
        const lines = text.split('\n').filter(Boolean);
        if (!seenBatches.has(batchId)) {
          seenBatches.add(batchId);
          for (const line of lines) state.logLines.push(JSON.parse(line));
        }
        return answer(200, envelope({ batchId, lines: lines.length, duplicate: false }));
      }
      default:
        return answer(404, failure(404, 'NOT_FOUND'));
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return state;
}

/** A customer's origin on loopback: answers every path with its own text (under /big/, 700 KB) and counts them. */
export async function startOrigin(port: number): Promise<{ requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '/');
    const body = req.url?.startsWith('/big/') ? 'x'.repeat(700 * 1024) : `origin ${req.url}`;
    res.writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'max-age=3600' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls until `check` returns something other than undefined/false, or fails with `what`. */
export async function eventually<T>(what: string, check: () => T | undefined | false, timeoutMs = 15_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
