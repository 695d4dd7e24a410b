import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, createTestDatabase, dbKinds, type TestContext, testClock } from '../../test/helpers';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { rowsOf } from '../db/migrate';
import { createProviders } from '../providers';
import { areas } from '.';

describe.each(dbKinds)('areas in the app on %s', (kind) => {
  let ctx: TestContext | undefined;
  afterEach(() => ctx?.close());

  it('names each area and upload folder once and gives every schedule a job kind its area handles', async () => {
    ctx = await createTestContext(kind);
    expect(new Set(areas.map((a) => a.name)).size).toBe(areas.length);
    const folders = areas.flatMap((a) => a.uploads ?? []).map((u) => u.folder);
    expect(folders.sort()).toEqual(['avatars', 'ticket-images']);
    for (const area of areas) {
      const kinds = (area.jobs?.(ctx.app.areaContext) ?? []).map((d) => d.job.kind);
      for (const schedule of area.schedules ?? []) expect(kinds).toContain(schedule.job.kind);
    }
  });

  it("purges expired captchas through the account area's schedule and job", async () => {
    ctx = await createTestContext(kind);
    const everySchedule = areas
      .flatMap((a) => a.schedules ?? [])
      .map((s) => s.name)
      .sort();
    expect(everySchedule).toContain('account.purge-expired');
    const { app } = ctx;
    expect((await app.inject({ url: '/api/user/captchaImage' })).statusCode).toBe(200);
    const captchas = async () =>
      rowsOf<{ n: number }>(await ctx!.database.db.execute(sql`SELECT count(*)::int AS n FROM captchas`))[0]!.n;
    expect(await captchas()).toBe(1);

    // A new schedule is due at once; the captcha is not expired long enough yet to go.
    expect(await app.schedules.tick()).toEqual(everySchedule);
    expect(await app.jobs.runDue()).toBe(everySchedule.length);
    expect(await captchas()).toBe(1);

    ctx.clock.advance(25 * 3600_000);
    expect(await app.schedules.tick()).toEqual(everySchedule);
    expect(await app.jobs.runDue()).toBe(everySchedule.length);
    expect(await captchas()).toBe(0);
  });

  it('uses the providers a test hands buildApp instead of building its own', async () => {
    const database = await createTestDatabase(kind);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', DEMO: 'false', LOG_LEVEL: 'silent' });
    const app = await buildApp({
      config,
      database,
      logger: false,
      providers: (deps) => ({
        ...createProviders(deps),
        captcha: {
          create: async () => ({ captchaId: 'from-the-test', image: 'data:,', expiresAt: 0 }),
          verify: async () => false,
          bindToEmail: async () => false,
        },
      }),
    });
    ctx = {
      app,
      database,
      config,
      clock: testClock(),
      async close() {
        await app.close();
        await database.close();
      },
    };
    const res = await app.inject({ url: '/api/user/captchaImage' });
    expect(res.json().data.captchaId).toBe('from-the-test');
  });
});
