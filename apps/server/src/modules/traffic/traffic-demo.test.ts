import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDomain, logLine } from '../../../test/fixtures/traffic';
import { createTestUser } from '../../../test/fixtures/users';
import { createTestContext, dbKinds, type TestContext } from '../../../test/helpers';
import { commands } from '../../ops/command-list';
import { runOps } from '../../ops/ops';
import { areas } from '..';
import { startDemoAccount } from '../demo-account';

const DAY = 86_400_000;

describe.each(dbKinds)('demo traffic and log import on %s', (kind) => {
  let ctx: TestContext;
  let dir: string;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    ctx.clock.now = new Date(Date.UTC(2026, 10, 23, 4));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edgeward-logs-'));
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function ops(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const { config, database, providers } = ctx.app.areaContext;
    const code = await runOps(
      commands,
      argv,
      { database, config, providers, out: (l) => out.push(l), now: () => ctx.clock.now },
      (l) => err.push(l),
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  async function get(headers: Record<string, string>, url: string) {
    return (await ctx.app.inject({ method: 'GET', url: `/api${url}`, headers })).json().data;
  }

  it('gives the demo account a week of traffic: every day, busier evenings than nights, a high hit rate', async () => {
    const demoCtx = { ...ctx.app.areaContext, config: { ...ctx.config, demo: true } };
    expect(await startDemoAccount(demoCtx, areas)).toEqual(expect.any(Number));
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { userName: 'demo', password: 'demo123456' },
    });
    const headers = { authorization: login.json().data.token };
    const home = await get(headers, '/user/home');
    expect(home.requests.value).toBeGreaterThan(5_000);
    expect(home.hitRate.value).toBeGreaterThan(0.85);
    expect(home.hitRate.value).toBeLessThan(0.97);
    expect(home.topDomains[0].domainName).toBe('www.example.com');
    const now = ctx.clock.now.getTime();
    const days = await get(headers, `/user/domain-statistics?startTime=${now - 7 * DAY}&endTime=${now}&granularity=1d`);
    expect(days.points.filter((p: { requests: number }) => p.requests > 0)).toHaveLength(8);
    // Beijing 20:00-21:00 against 04:00-05:00 of the same day (12:00 and 20:00 UTC of the day before).
    const evening = Date.UTC(2026, 10, 21, 12);
    const night = Date.UTC(2026, 10, 20, 20);
    const hour = (at: number) => get(headers, `/user/domain-statistics?startTime=${at}&endTime=${at + 3_600_000}`);
    expect((await hour(evening)).total.requests).toBeGreaterThan(2 * (await hour(night)).total.requests);
    const status = await get(headers, `/user/status_statistics?startTime=${now - DAY}&endTime=${now}`);
    expect(status.codes.map((c: { code: number }) => c.code)).toEqual(expect.arrayContaining([200, 304, 404, 502]));
  });

  it('imports a gzip file through the ingestion, reporting bad lines, and counts a second import once', async () => {
    const user = await createTestUser(ctx);
    await addDomain(ctx.database.db, user.id, 'import.traffic.test');
    const at = Date.UTC(2026, 10, 22, 1);
    const file = path.join(dir, 'access.log.gz');
    const lines = [logLine(at, 'import.traffic.test'), '{"broken"', logLine(at + 60_000, 'import.traffic.test')];
    fs.writeFileSync(file, gzipSync(lines.join('\n')));
    const first = await ops('logs', 'import', file);
    expect(first).toMatchObject({ code: 0, err: '' });
    expect(first.out).toBe('line 2: not JSON\n3 lines in 1 batch: 2 counted, 1 rejected, 0 for unknown hosts');
    const again = await ops('logs', 'import', file);
    expect(again.out).toContain('1 batch already imported (not counted again)');
    const totals = await get(user.headers, `/user/home?startTime=${at - DAY}&endTime=${at + DAY}`);
    expect(totals.requests.value).toBe(2);
    expect((await ops('logs', 'import', path.join(dir, 'missing.log'))).code).not.toBe(0);
  });

  it("generates demo traffic for a named user's domains", async () => {
    const user = await createTestUser(ctx);
    await addDomain(ctx.database.db, user.id, 'gen.traffic.test');
    const result = await ops('traffic', 'demo', '--user', user.userName, '--days', '2');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^\d+ access-log lines in 1 batch for u\w+'s domains$/);
    const home = await get(user.headers, '/user/home');
    expect(home.requests.value).toBeGreaterThan(0);
    expect((await ops('traffic', 'demo', '--user', 'nobody-here')).err).toContain("no user named 'nobody-here'");
  });
});
