import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { isDatabaseUnavailableError } from '../src/http/db-errors';
import { createTestUser, type TestUser } from './fixtures/users';
import { createTestContext, type TestContext } from './helpers';
import { databaseUrlWithName } from './template-database';

const ticket = { product: 'cdn', urgency: 'impact', title: 'Failover', description: 'Written while the database cut.' };

/**
 * What a restart, a failover or an operator's pg_terminate_backend does to a running console: every connection of
 * the pool ends. PostgreSQL only (PGlite runs in the process and has no connections to lose). Vitest fails the run
 * on an unhandled error, which is how a process would have died here.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL ending the console connections', () => {
  let ctx: TestContext;
  let user: TestUser;
  let admin: pg.Client;
  // Holds a table lock; a connection of its own, as pg_stat_activity reads stay the same within a transaction.
  let locker: pg.Client;
  let lockerPid: number;

  beforeAll(async () => {
    ctx = await createTestContext('postgres');
    user = await createTestUser(ctx);
    const [row] = rowsOf<{ name: string }>(await ctx.database.db.execute(sql`SELECT current_database() AS name`));
    const url = databaseUrlWithName(process.env.TEST_DATABASE_URL!, row!.name);
    admin = new pg.Client({ connectionString: url });
    locker = new pg.Client({ connectionString: url });
    await Promise.all([admin.connect(), locker.connect()]);
    lockerPid = (await locker.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
  });
  afterAll(async () => {
    await Promise.all([admin.end(), locker.end()]);
    await ctx.close();
  });

  const createTicket = (lang = 'en-US') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/support/tickets',
      headers: { ...user.headers, 'accept-language': lang },
      payload: ticket,
    });

  /** Ends every connection of the console to the test database: all but the admin's and the locker's. */
  async function terminateBackends(): Promise<number> {
    const { rows } = await admin.query(
      `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND pid <> $1`,
      [lockerPid],
    );
    return rows.filter((r) => r.ended).length;
  }

  async function backendsWaitingForLock(): Promise<number> {
    const { rows } = await admin.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
    );
    return rows[0].n;
  }

  it('answers the calls caught in the cut 503 in the envelope, keeps serving and opens new connections', async () => {
    // The table lock holds three writes inside their transactions, so all three are in the cut, whatever the timing.
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE tickets IN ACCESS EXCLUSIVE MODE');
    const caught = [createTicket(), createTicket(), createTicket('zh-CN')];
    await expect.poll(backendsWaitingForLock, { timeout: 10_000 }).toBe(3);
    expect(await terminateBackends()).toBeGreaterThanOrEqual(3);
    await locker.query('ROLLBACK');

    const answers = await Promise.all(caught);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ code: 503, data: null, error: 'SERVICE_UNAVAILABLE' });
    }
    expect(answers[0]!.json().message).toBe('Service temporarily unavailable, please try again in a moment');
    expect(answers[2]!.json().message).toBe('服务暂时不可用，请稍后重试');

    // More calls at once than the pool has connections: none of the lost ones is still counted as taken.
    const after = await Promise.all(Array.from({ length: 10 }, () => createTicket()));
    expect(after.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
  });

  it('survives the cut under a write load: every call succeeds or answers 503, and the calls after it succeed', async () => {
    const ticketCount = async () => (await admin.query('SELECT count(*)::int AS n FROM tickets')).rows[0].n;
    const before = await ticketCount();
    const load = Array.from({ length: 120 }, () => createTicket());
    // Cut once the load is under way, and again while the pool opens new connections.
    await expect.poll(ticketCount, { timeout: 10_000 }).toBeGreaterThanOrEqual(before + 20);
    await terminateBackends();
    await terminateBackends();
    const answers = await Promise.all(load);
    for (const res of answers) {
      if (res.statusCode === 200) continue;
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().error).toBe('SERVICE_UNAVAILABLE');
    }

    const after = await Promise.all(Array.from({ length: 10 }, () => createTicket()));
    expect(after.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
  });

  it('gives back to the pool a connection lost before its transaction began', async () => {
    // An idle connection ended just before a transaction takes it: BEGIN fails, and drizzle releases nothing then.
    // More such cuts than the pool has connections: one kept as taken each time would leave none to serve.
    for (let i = 0; i < 8; i++) {
      await terminateBackends();
      const outcome = await ctx.database.db
        .transaction((tx) => tx.execute(sql`SELECT 1`))
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      if (outcome) expect(isDatabaseUnavailableError(outcome), String(outcome)).toBe(true);
    }
    const after = await Promise.all(Array.from({ length: 10 }, () => createTicket()));
    expect(after.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
  });

  it('is not ready while the database does not answer, and ready again once it does', async () => {
    const ready = () => ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    ctx.app.jobs.start();
    try {
      expect((await ready()).statusCode).toBe(200);
      // A database that hangs: the readiness query waits on the lock past its 2 s.
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE schema_migrations IN ACCESS EXCLUSIVE MODE');
      const hung = await ready();
      expect(hung.statusCode, hung.body).toBe(503);
      expect(hung.json().message).toBe('Not ready: database unreachable');
      await locker.query('ROLLBACK');
      expect((await ready()).statusCode).toBe(200);
      // Every connection ended: the next check opens a new one.
      await terminateBackends();
      await expect.poll(async () => (await ready()).statusCode, { timeout: 10_000 }).toBe(200);
    } finally {
      await ctx.app.jobs.stop();
    }
  });

  it('opens the job runner its LISTEN connection again after the cut', async () => {
    let heard = 0;
    const unlisten = await ctx.database.listen('test_failover', () => heard++);
    try {
      await terminateBackends();
      // The listener reconnects and then runs once for what it may have missed.
      await expect.poll(() => heard, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
      const before = heard;
      await admin.query(`SELECT pg_notify('test_failover', '')`);
      await expect.poll(() => heard, { timeout: 10_000 }).toBe(before + 1);
    } finally {
      await unlisten();
    }
  });
});
