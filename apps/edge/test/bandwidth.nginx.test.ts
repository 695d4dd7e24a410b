import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EdgeAgent } from '../src/agent';
import { loopbackRequest } from '../src/cache-tasks';
import { consoleLogger } from '../src/log';
import { eventually, type FakeConsole, startOrigin } from './fake-console';
import { closeLoopbackEdge, hasNginx, startLoopbackEdge } from './nginx-agent';
import { snapshotOf, withBandwidthDefense } from './snapshots';

/*
 * The bandwidth-abuse defence across requests, with real nginx (ports EDGE_PORT_BASE + 120-129): a client that fetched more than
 * the threshold within the window is listed in the domain's capped file, and nginx caps its next response from the
 * first byte. Skipped without nginx, unless EDGE_NGINX_REQUIRED=1.
 */

const base = Number(process.env.EDGE_PORT_BASE ?? 18000) + 120;
const ports = {
  http: base + 1,
  https: base + 2,
  internal: base + 3,
  console: base + 4,
  origin: base + 5,
  auth: base + 6,
};

describe.skipIf(!hasNginx)('the bandwidth watch with nginx', () => {
  let stateDir: string;
  let fake: FakeConsole;
  let origin: Awaited<ReturnType<typeof startOrigin>>;
  let agent: EdgeAgent;
  const logged: string[] = [];

  beforeAll(async () => {
    origin = await startOrigin(ports.origin);
    ({ stateDir, fake, agent } = await startLoopbackEdge('bandwidth', ports, {
      extra: { EDGE_LOG_BATCH_SECONDS: '0.2' },
      log: consoleLogger((line) => logged.push(line)),
    }));
  });

  afterAll(() => closeLoopbackEdge({ agent, fake, stateDir }, origin));

  it('caps a client over the threshold from the first byte of its next response', async () => {
    const snapshot = snapshotOf({ domainId: 7, domainName: 'v.test', version: 1, originPort: ports.origin });
    fake.publish(withBandwidthDefense(snapshot, { status: 'on', thresholdMb: 1, windowSeconds: 60, rateCapKbps: 256 }));
    await eventually('the report of domain 7', () => fake.reports.find((r) => r.domainId === 7));
    const capped = path.join(stateDir, 'nginx', 'domains', '7-capped.geo');
    expect(fs.readFileSync(capped, 'utf8')).toBe('');

    // Not capped yet (the list above is empty); how fast they go is the edge bench's business, not a test's.
    for (const n of [1, 2]) expect((await loopbackRequest(ports.http, 'v.test', `/big/${n}`)).status).toBe(200);

    await eventually('the reload with the capped list', () =>
      logged.some((line) => line.includes('1 client(s) capped')),
    );
    expect(fs.readFileSync(capped, 'utf8')).toBe('127.0.0.1 1;\n');
    // 700 KB at 256 KB/s from the first byte: well over two seconds.
    const slow = Date.now();
    const answer = await loopbackRequest(ports.http, 'v.test', '/big/3');
    expect(answer.body.length).toBe(700 * 1024);
    expect(Date.now() - slow).toBeGreaterThan(2000);
  });
});
