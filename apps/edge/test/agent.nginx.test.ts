import fs from 'node:fs';
import path from 'node:path';
import { signUrlTypeA } from '@edgeward/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EdgeAgent } from '../src/agent';
import { loopbackRequest } from '../src/cache-tasks';
import { silentLogger } from '../src/log';
import { eventually, type FakeConsole, startOrigin } from './fake-console';
import { closeLoopbackEdge, hasNginx, loopbackEdgeSettings, startLoopbackEdge } from './nginx-agent';
import { snapshotOf, withBrokenCertificate } from './snapshots';

/*
 * The agent against real nginx, a loopback origin and a fake console (ports EDGE_PORT_BASE + 100-119, 18100-18119 by
 * default). Skipped where nginx is not installed, unless EDGE_NGINX_REQUIRED=1 (CI), where its absence fails the run.
 */

const base = Number(process.env.EDGE_PORT_BASE ?? 18000) + 100;
const ports = {
  http: base + 1,
  https: base + 2,
  internal: base + 3,
  auth: base + 4,
  console: base + 10,
  origin: base + 11,
  down: base + 12,
};

const extra = {
  EDGE_CACHE_MAX_SIZE: '100m',
  EDGE_LOG_BATCH_SECONDS: '0.2',
  // About a dozen lines: the rotation test fills it several times.
  EDGE_LOG_ROTATE_MB: '0.004',
};

const get = (host: string, pathAndQuery: string) => loopbackRequest(ports.http, host, pathAndQuery);

describe.skipIf(!hasNginx)('the edge agent with nginx', () => {
  let stateDir: string;
  let fake: FakeConsole;
  let origin: Awaited<ReturnType<typeof startOrigin>>;
  let agent: EdgeAgent;

  const reportOf = (domainId: number, version: number) =>
    eventually(`the report of domain ${domainId} v${version}`, () =>
      fake.reports.find((r) => r.domainId === domainId && r.version === version),
    );
  const cacheReportOf = (taskId: number) =>
    eventually(`the report of cache task ${taskId}`, () => fake.cacheReports.find((r) => r.taskId === taskId));

  beforeAll(async () => {
    origin = await startOrigin(ports.origin);
    ({ stateDir, fake, agent } = await startLoopbackEdge('agent', ports, { extra }));
  });

  afterAll(() => closeLoopbackEdge({ agent, fake, stateDir }, origin));

  it('serves a published domain: a MISS, then a HIT', async () => {
    // The console refuses the first report: the agent sends it again.
    fake.refuse.reports = 1;
    fake.publish(snapshotOf({ domainId: 1, domainName: 'a.test', version: 1, originPort: ports.origin }));
    expect(await reportOf(1, 1)).toMatchObject({ result: 'applied' });
    expect(fake.registrations).toBe(1);

    const first = await get('a.test', '/x');
    expect(first.status).toBe(200);
    expect(first.body.toString()).toBe('origin /x');
    expect(first.headers['x-cache-status']).toBe('MISS');
    expect((await get('a.test', '/x')).headers['x-cache-status']).toBe('HIT');
  });

  it('reports a snapshot nginx refuses as failed and still applies the others of the batch', async () => {
    fake.publish(
      withBrokenCertificate(snapshotOf({ domainId: 2, domainName: 'b.test', version: 1, originPort: ports.origin })),
    );
    fake.publish(snapshotOf({ domainId: 3, domainName: 'c.test', version: 1, originPort: ports.origin }));

    const failed = await reportOf(2, 1);
    expect(failed.result).toBe('failed');
    expect(failed.reason).toMatch(/certificate/);
    expect(await reportOf(3, 1)).toMatchObject({ result: 'applied' });

    expect((await get('c.test', '/c')).status).toBe(200);
    expect((await get('b.test', '/b')).status).toBe(404);
    expect((await get('a.test', '/x')).headers['x-cache-status']).toBe('HIT');
    expect(fs.readdirSync(path.join(stateDir, 'nginx', 'certs'))).toEqual([]);
  });

  it('reports a domain whose origin nginx cannot resolve as failed, and serves the others of the batch', async () => {
    // nginx resolves origin names when it loads the files: the reload is refused, `nginx -t` blames the domain.
    fake.publish(
      snapshotOf({
        domainId: 8,
        domainName: 'unresolved.test',
        version: 1,
        originPort: ports.origin,
        originHost: 'no-such-origin.invalid',
      }),
    );
    fake.publish(snapshotOf({ domainId: 9, domainName: 'resolved.test', version: 1, originPort: ports.origin }));

    expect(await reportOf(8, 1)).toMatchObject({
      result: 'failed',
      reason: expect.stringContaining('host not found in upstream "no-such-origin.invalid'),
    });
    expect(await reportOf(9, 1)).toMatchObject({ result: 'applied' });
    expect((await get('resolved.test', '/e')).status).toBe(200);
    expect((await get('unresolved.test', '/d')).status).toBe(404);
    expect(fs.existsSync(path.join(stateDir, 'nginx', 'domains', '8.conf'))).toBe(false);
  });

  it('purges a URL and a directory: the next request is a MISS', async () => {
    await get('a.test', '/dir/y');
    expect((await get('a.test', '/dir/y')).headers['x-cache-status']).toBe('HIT');

    const url = fake.addTask('refreshUrl', ['http://a.test/x', 'http://a.test/never-cached']);
    expect((await cacheReportOf(url)).results).toEqual([
      { url: 'http://a.test/x', ok: true },
      { url: 'http://a.test/never-cached', ok: true },
    ]);
    expect((await get('a.test', '/x')).headers['x-cache-status']).toBe('MISS');
    expect((await get('a.test', '/dir/y')).headers['x-cache-status']).toBe('HIT');

    const dir = fake.addTask('refreshDir', ['http://a.test/dir/']);
    expect((await cacheReportOf(dir)).results).toEqual([{ url: 'http://a.test/dir/', ok: true }]);
    expect((await get('a.test', '/dir/y')).headers['x-cache-status']).toBe('MISS');
  });

  it('preheats: the first request is a HIT', async () => {
    const task = fake.addTask('preheat', ['http://a.test/warm?v=1', 'http://unknown.test/nothing']);
    const { results } = await cacheReportOf(task);
    expect(results[0]).toEqual({ url: 'http://a.test/warm?v=1', ok: true });
    expect(results[1]).toMatchObject({ url: 'http://unknown.test/nothing', ok: false });
    expect((await get('a.test', '/warm?v=1')).headers['x-cache-status']).toBe('HIT');
    expect(origin.requests.filter((r) => r === '/warm?v=1')).toHaveLength(1);
  });

  it('ships the access log to the console, a refused batch again under the same id', async () => {
    const refusedAt = fake.batchIds.length;
    fake.refuse.logs = 1;
    await get('a.test', '/x');
    const lines = await eventually('log lines of a.test', () => {
      const found = fake.logLines.filter((line) => line.host === 'a.test');
      return found.length >= 8 ? found : undefined;
    });
    expect(lines.map((line) => line.cache_status)).toContain('HIT');
    // Every batch id once, but the refused one twice (its repeat accepted).
    const retried = fake.batchIds[refusedAt];
    expect(fake.batchIds.filter((id) => id === retried)).toHaveLength(2);
    expect(new Set(fake.batchIds).size).toBe(fake.batchIds.length - 1);
  });

  it('rotates the access log past its size without losing a line', async () => {
    const shipped = () => new Set(fake.logLines.map((line) => line.url));
    // Three rounds, each over the size once shipped: three files, each renamed, reopened and drained.
    for (const round of [1, 2, 3]) {
      const urls = Array.from({ length: 25 }, (_, n) => `/rotate/${round}/${n}`);
      for (const url of urls) await get('a.test', url);
      await eventually(`the lines of round ${round}`, () => urls.every((url) => shipped().has(url)));
    }
    expect(fake.logLines.filter((line) => String(line.url).startsWith('/rotate/'))).toHaveLength(75);
    const files = new Set(fake.batchIds.map((id) => id.slice(0, id.lastIndexOf('-'))));
    expect(files.size).toBeGreaterThanOrEqual(3);
    await eventually('the renamed log removed', () => !fs.existsSync(path.join(stateDir, 'logs', 'access.log.1')));
  });

  it('drops the files of a disabled domain and reports it applied', async () => {
    fake.publish(
      snapshotOf({ domainId: 3, domainName: 'c.test', version: 2, originPort: ports.origin, state: 'disabled' }),
    );
    expect(await reportOf(3, 2)).toMatchObject({ result: 'applied' });
    expect((await get('c.test', '/c')).status).toBe(404);
    expect(fs.existsSync(path.join(stateDir, 'nginx', 'domains', '3.conf'))).toBe(false);
  });

  it('checks signed URLs in the sidecar, failing closed without it; preheats pass URL auth and access rules', async () => {
    const key = 'sidecarKey123';
    const signed = (pathAndQuery: string, rand: string) =>
      signUrlTypeA({ path: pathAndQuery, key, ts: Math.floor(Date.now() / 1000), rand, signArg: 'sign' });
    const withAuth = snapshotOf({ domainId: 4, domainName: 'd.test', version: 1, originPort: ports.origin });
    withAuth.config!.urlAuth = { status: 'on', type: 'type_a', key, backupKey: '', expireTime: 600, signArg: 'sign' };
    const allowListed = snapshotOf({ domainId: 5, domainName: 'e.test', version: 1, originPort: ports.origin });
    allowListed.config!.ipFilter = { type: 'allow', list: ['192.0.2.1'] };
    fake.publish(withAuth);
    fake.publish(allowListed);
    await reportOf(4, 1);
    await reportOf(5, 1);

    expect((await get('d.test', '/s?x=1')).status).toBe(403);
    expect((await get('d.test', signed('/s?x=1', 'r1').replace('/s?', '/t?'))).status).toBe(403);
    const first = await get('d.test', signed('/s?x=1', 'r1'));
    expect(first.status).toBe(200);
    expect(first.headers['x-cache-status']).toBe('MISS');
    // The sign argument is not part of the cache key: another signature of the same URL is a HIT.
    expect((await get('d.test', signed('/s?x=1', 'r2'))).headers['x-cache-status']).toBe('HIT');

    const task = fake.addTask('preheat', ['http://d.test/p?y=2', 'http://e.test/q']);
    expect((await cacheReportOf(task)).results.every((result) => result.ok)).toBe(true);
    expect((await get('d.test', signed('/p?y=2', 'r3'))).headers['x-cache-status']).toBe('HIT');
    expect((await get('e.test', '/q')).status).toBe(403);

    await agent.auth.nginx.stop();
    const unchecked = await get('d.test', signed('/s?x=1', 'r4'));
    expect(unchecked.status).toBeGreaterThanOrEqual(500);
    await agent.auth.ensure();
    expect((await get('d.test', signed('/s?x=1', 'r5'))).status).toBe(200);
  });

  it('restarted with the console down, serves from the last good snapshots', async () => {
    const consoleDown = () =>
      new EdgeAgent({
        settings: loopbackEdgeSettings(
          stateDir,
          { url: `http://127.0.0.1:${ports.down}`, token: fake.token },
          ports,
          extra,
        ),
        log: silentLogger,
      });
    await agent.stop();
    // The agent stopping leaves nginx serving; a new agent finds it running and reloads it.
    expect((await get('a.test', '/x')).status).toBe(200);
    agent = consoleDown();
    await agent.start();
    expect((await get('a.test', '/x')).status).toBe(200);
    await agent.stop();
    await agent.nginx.stop();
    await expect(get('a.test', '/x')).rejects.toThrow();

    agent = consoleDown();
    await agent.start();
    const answer = await get('a.test', '/x');
    expect(answer.status).toBe(200);
    expect(answer.headers['x-cache-status']).toBe('HIT');
    expect((await get('b.test', '/b')).status).toBe(404);
    expect((await get('c.test', '/c')).status).toBe(404);
  });
});
