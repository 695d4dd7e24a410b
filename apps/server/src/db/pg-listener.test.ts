import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import type { Database } from './connect';
import { rowsOf } from './migrate';
import { listenOnPostgres } from './pg-listener';

/**
 * PostgreSQL only (TEST_DATABASE_URL): PGlite is one session in this process, with no connection to lose. Delivery
 * at commit is tested for both databases in db.test.ts.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('LISTEN on PostgreSQL', () => {
  let database: Database;
  let url: string;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const [row] = rowsOf<{ name: string }>(await database.db.execute(sql`SELECT current_database() AS name`));
    const parsed = new URL(process.env.TEST_DATABASE_URL!);
    parsed.pathname = `/${row!.name}`;
    url = parsed.toString();
  });
  afterAll(() => database?.close());

  const notify = (channel: string) => database.db.execute(sql`SELECT pg_notify(${channel}, '')`);

  it('listens again after its connection is lost, and calls once for what it may have missed', async () => {
    let heard = 0;
    const stop = await listenOnPostgres(url, 'test_lost', () => heard++, 100);
    try {
      await database.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN "test_lost"'`,
      );
      await expect.poll(() => heard, { timeout: 5000 }).toBe(1);
      await notify('test_lost');
      await expect.poll(() => heard, { timeout: 5000 }).toBe(2);
    } finally {
      await stop();
    }
  });
});
