import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dbKinds, type TestContext } from '../../../test/helpers';
import { migrationFiles } from '../../db/migrate';

describe.each(dbKinds)('health for balancers on %s', (kind) => {
  let ctx: TestContext;
  const get = (url: string, lang = 'en-US') =>
    ctx.app.inject({ method: 'GET', url: `/api/health/${url}`, headers: { 'accept-language': lang } });

  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx.app.jobs.stop();
    await ctx.close();
  });

  it('answers live without asking anything of the database', async () => {
    const res = await get('live');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ status: 'ok' });
  });

  it('is not ready before the job runner runs, and ready once it does', async () => {
    const before = await get('ready');
    expect(before.statusCode).toBe(503);
    expect(before.headers['retry-after']).toBe('2');
    expect(before.json()).toMatchObject({ code: 503, data: null, error: 'SERVICE_UNAVAILABLE' });
    expect(before.json().message).toBe('Not ready: job runner not running');
    expect((await get('ready', 'zh-CN')).json().message).toBe('未就绪：job runner not running');

    ctx.app.jobs.start();
    const after = await get('ready');
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().data).toEqual({ status: 'ready', database: kind, migration: migrationFiles().at(-1) });
  });

  it('is not ready on a database behind the migrations this build carries', async () => {
    const head = migrationFiles().at(-1)!;
    await ctx.database.db.execute(sql`DELETE FROM schema_migrations WHERE name = ${head}`);
    try {
      const res = await get('ready');
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(`Not ready: migrations behind (${migrationFiles().at(-2)})`);
    } finally {
      await ctx.database.db.execute(sql`INSERT INTO schema_migrations (name) VALUES (${head})`);
    }
    expect((await get('ready')).statusCode).toBe(200);
  });
});
