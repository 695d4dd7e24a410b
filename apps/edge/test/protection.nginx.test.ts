import net from 'node:net';
import { performance } from 'node:perf_hooks';
import type { EdgeDomainConfig, EdgeSecurityExtras, EdgeSnapshot } from '@edgeward/edge-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EdgeAgent } from '../src/agent';
import { loopbackRequest } from '../src/cache-tasks';
import { eventually, type FakeConsole, startOrigin } from './fake-console';
import { closeLoopbackEdge, hasNginx, startLoopbackEdge } from './nginx-agent';
import { snapshotOf } from './snapshots';
import { browsers, refused } from './user-agents';

/*
 * Rate-limit rules, adaptive frequency control and client filtering with real nginx (ports EDGE_PORT_BASE +
 * 160-169). Every limit is limit_req's leaky bucket per client (packages/edge-config/src/limits.ts): requests sent
 * together pass or fail by count alone as long as they arrive within one request's share of the period, so the rules
 * here are slow enough (one request's share at least 2 s) that a busy machine cannot blur the boundary; the strict
 * level's share is 250 ms, so its check allows whatever nginx may have refilled while the burst was sent.
 */

const base = Number(process.env.EDGE_PORT_BASE ?? 18000) + 160;
const ports = {
  http: base + 1,
  https: base + 2,
  internal: base + 3,
  auth: base + 4,
  console: base + 5,
  origin: base + 6,
};

const LIMITS = { domainId: 31, domainName: 'limits.test' };
const FREQUENCY = { domainId: 32, domainName: 'frequency.test' };
const FILTERING = { domainId: 33, domainName: 'filtering.test' };

const off: EdgeSecurityExtras = {
  adaptiveFrequencyControl: { status: 'off', level: 'moderate', action: 'block' },
  clientFiltering: { status: 'off', uaClasses: [], blockEmptyUa: false, knownTools: [], allowRules: [] },
  bandwidthAbuseDefense: { status: 'off', thresholdMb: 100, windowSeconds: 60, rateCapKbps: 512 },
  slowAttackDefense: { status: 'off', minBodyRate: 100, headerTimeoutSeconds: 10, bodyTimeoutSeconds: 10 },
};

function domain(
  target: { domainId: number; domainName: string },
  change: Partial<EdgeDomainConfig>,
  variant: EdgeSnapshot['variant'] = 'cdn',
): EdgeSnapshot {
  const snapshot = snapshotOf({ ...target, version: 1, originPort: ports.origin });
  return { ...snapshot, variant, config: { ...snapshot.config!, ...change } };
}

const rule = (content: string, limit: number, periodSeconds: number, threshold = 0) => ({
  type: 'path' as const,
  content,
  limit,
  periodSeconds,
  threshold,
  action: 'block' as const,
});

const status = async (host: string, path: string, headers: Record<string, string> = {}) =>
  (await loopbackRequest(ports.http, host, path, headers)).status;

/** Statuses of requests sent one after the other. */
async function inTurn(host: string, paths: string[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const path of paths) statuses.push(await status(host, path));
  return statuses;
}

/**
 * `count` requests written at one instant on connections opened beforehand, so that nginx sees them within
 * milliseconds however slow opening connections is; their statuses, and the seconds from the writes to the last answer.
 */
async function atOnce(host: string, path: string, count: number): Promise<{ statuses: number[]; seconds: number }> {
  const sockets = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Socket>((resolve, reject) => {
          const socket = net.connect(ports.http, '127.0.0.1', () => resolve(socket));
          socket.on('error', reject);
        }),
    ),
  );
  const answers = sockets.map(
    (socket) =>
      new Promise<number>((resolve) => {
        let head = '';
        socket.on('data', (chunk) => {
          head += chunk.toString('latin1');
        });
        socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0)));
      }),
  );
  const started = performance.now();
  for (const socket of sockets) socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
  const statuses = await Promise.all(answers);
  return { statuses, seconds: (performance.now() - started) / 1000 };
}

const repeat = <T>(count: number, value: T): T[] => Array.from({ length: count }, () => value);

describe.skipIf(!hasNginx)('request limits and client filtering with nginx', () => {
  let stateDir: string;
  let fake: FakeConsole;
  let agent: EdgeAgent;
  let origin: Awaited<ReturnType<typeof startOrigin>>;

  beforeAll(async () => {
    origin = await startOrigin(ports.origin);
    ({ stateDir, fake, agent } = await startLoopbackEdge('protection', ports));
    fake.publish(
      domain(LIMITS, {
        requestLimits: {
          status: 'on',
          rules: [
            rule('/moderate', 200, 10),
            rule('/five', 5, 60),
            rule('/threshold', 5, 60, 2),
            rule('/period', 2, 4),
          ],
        },
      }),
    );
    fake.publish(
      domain(
        FREQUENCY,
        { eoSecurity: { ...off, adaptiveFrequencyControl: { status: 'on', level: 'strict', action: 'block' } } },
        'eo',
      ),
    );
    const everyClass: EdgeSecurityExtras['clientFiltering'] = {
      status: 'on',
      uaClasses: ['crawler', 'scanner', 'headless', 'script'],
      blockEmptyUa: false,
      knownTools: ['curl', 'wget', 'python-requests', 'go-http-client', 'java', 'scrapy', 'postman'],
      allowRules: [],
    };
    fake.publish(domain(FILTERING, { eoSecurity: { ...off, clientFiltering: everyClass } }, 'eo'));
    for (const { domainId } of [LIMITS, FREQUENCY, FILTERING]) {
      const report = await eventually(`the report of domain ${domainId}`, () =>
        fake.reports.find((r) => r.domainId === domainId),
      );
      expect(report.result, report.reason).toBe('applied');
    }
  });

  afterAll(() => closeLoopbackEdge({ agent, fake, stateDir }, origin));

  it('lets a page load of 10 parallel requests through the Moderate level (200 per 10 s)', async () => {
    expect((await atOnce(LIMITS.domainName, '/moderate/app.js', 10)).statuses).toEqual(repeat(10, 200));
  });

  it('lets a rule of 5 per 60 s pass 5 requests and refuses the sixth', async () => {
    expect(await inTurn(LIMITS.domainName, repeat(6, '/five/a'))).toEqual([200, 200, 200, 200, 200, 403]);
  });

  it('lets the threshold through beyond the limit at once: 5 per 60 s with 2 more passes 7 and refuses the eighth', async () => {
    expect(await inTurn(LIMITS.domainName, repeat(8, '/threshold/a'))).toEqual([
      200, 200, 200, 200, 200, 200, 200, 403,
    ]);
  });

  it('lets the limit through again once a full period has passed (2 per 4 s)', async () => {
    expect(await inTurn(LIMITS.domainName, repeat(3, '/period/a'))).toEqual([200, 200, 403]);
    // 2 per 4 s drains one request every 2 s; after the full period the bucket is empty, however much longer it waits.
    await new Promise((resolve) => setTimeout(resolve, 4_200));
    expect(await inTurn(LIMITS.domainName, repeat(3, '/period/a'))).toEqual([200, 200, 403]);
  });

  it("holds a client to the strict level's 40 requests at once, refusing the 41st", async () => {
    // Cached first through the agent's port (never limited): a miss would hold the others on the cache lock.
    expect((await loopbackRequest(ports.internal, FREQUENCY.domainName, '/f.html')).status).toBe(200);
    const { statuses, seconds } = await atOnce(FREQUENCY.domainName, '/f.html', 41);
    const passed = statuses.filter((s) => s === 200).length;
    expect(statuses.filter((s) => s !== 200 && s !== 403)).toEqual([]);
    // The bucket starts empty: 40 pass whatever the timing; one more for each 250 ms that went by while they arrived.
    expect(passed).toBeGreaterThanOrEqual(40);
    expect(passed).toBeLessThanOrEqual(40 + Math.floor(seconds * 4));
  });

  it.each(Object.entries(browsers))('lets %s through client filtering with every class on', async (_name, ua) => {
    expect(await status(FILTERING.domainName, '/page.html', { 'user-agent': ua })).toBe(200);
  });

  it.each(Object.entries(refused))('refuses %s', async (_name, ua) => {
    expect(await status(FILTERING.domainName, '/page.html', { 'user-agent': ua })).toBe(403);
  });
});
