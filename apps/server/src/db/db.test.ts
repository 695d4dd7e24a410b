import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dbKinds } from '../../test/helpers';
import type { Database } from './connect';
import { migrate, migrationFiles, rowsOf } from './migrate';
import { fen } from './schema/columns';
import { databaseShapes, drizzleShapes } from './schema-drift';

const wallets = pgTable('test_wallets', { owner: text('owner').primaryKey(), balance: fen('balance').notNull() });
const aboveDoublePrecision = 2n ** 53n + 1n;

describe.each(dbKinds)('database on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('reads money in fen exactly above 2^53, through the schema and in raw rows alike', async () => {
    await database.scriptTransaction((tx) =>
      tx.exec('CREATE TABLE test_wallets (owner text PRIMARY KEY, balance bigint NOT NULL)'),
    );
    await database.db.insert(wallets).values({ owner: 'a', balance: aboveDoublePrecision });
    await database.db
      .update(wallets)
      .set({ balance: sql`${wallets.balance} + 2` })
      .where(eq(wallets.owner, 'a'));
    const [row] = await database.db.select().from(wallets);
    expect(row!.balance).toBe(aboveDoublePrecision + 2n);
    const raw = rowsOf<{ balance: unknown; n: unknown }>(
      await database.db.execute(sql`SELECT balance, count(*) OVER () AS n FROM test_wallets`),
    );
    expect(raw).toEqual([{ balance: '9007199254740995', n: '1' }]);
  });

  it('delivers a NOTIFY to its listeners when the transaction commits, and none after they stop', async () => {
    let heard = 0;
    let probed = 0;
    const unlisten = await database.listen('test_commit', () => heard++);
    // A listener that stays: once it has heard a notification, one still listening would have heard it as well.
    const unprobe = await database.listen('test_commit', () => probed++);
    await database.db.transaction(async (tx) => {
      // Not before the commit: PGlite hands a notification on before the statement that sent it answers.
      await tx.execute(sql`SELECT pg_notify('test_commit', '')`);
      expect(heard).toBe(0);
    });
    await expect.poll(() => heard, { timeout: 5000 }).toBe(1);
    await unlisten();
    await database.db.execute(sql`SELECT pg_notify('test_commit', '')`);
    await expect.poll(() => probed, { timeout: 5000 }).toBe(2);
    expect(heard).toBe(1);
    await unprobe();
  });

  it('matches the drizzle schema: tables, column types and nullability, unique keys, cascades, value lists', async () => {
    const fresh = await createTestDatabase(kind);
    try {
      expect(await databaseShapes(fresh)).toEqual(drizzleShapes());
    } finally {
      await fresh.close();
    }
  });
});

describe.each(dbKinds)('migrations on %s', (kind) => {
  let database: Database;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edgeward-migrations-'));
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs each file whole, plpgsql with semicolons anywhere, and records it once', async () => {
    fs.writeFileSync(
      path.join(dir, '0001_counter.sql'),
      `CREATE TABLE t_counter (n int NOT NULL);
CREATE FUNCTION t_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.n := NEW.n + 1;
  RETURN NEW;
END
$$;
CREATE TRIGGER t_bump BEFORE INSERT ON t_counter FOR EACH ROW EXECUTE FUNCTION t_bump();
INSERT INTO t_counter VALUES (1);`,
    );
    expect(await migrate(database, dir)).toEqual(['0001_counter.sql']);
    expect(await migrate(database, dir)).toEqual([]);
    expect(rowsOf(await database.db.execute(sql`SELECT n FROM t_counter`))).toEqual([{ n: 2 }]);
  });

  it('leaves nothing of a file that fails and applies it once it is fixed', async () => {
    const file = path.join(dir, '0002_broken.sql');
    fs.writeFileSync(file, 'CREATE TABLE t_half (id int);\nINSERT INTO t_half VALUES (1);\nSELECT no_such_function();');
    await expect(migrate(database, dir)).rejects.toThrow(/no_such_function/);
    const tables = await database.db.execute(sql`SELECT to_regclass('t_half')::text AS t`);
    expect(rowsOf(tables)).toEqual([{ t: null }]);
    fs.writeFileSync(file, 'CREATE TABLE t_half (id int);\nINSERT INTO t_half VALUES (1);');
    expect(await migrate(database, dir)).toEqual(['0002_broken.sql']);
  });

  it('orders the product migrations by number', () => {
    const files = migrationFiles();
    expect(files.length).toBeGreaterThan(0);
    expect(files).toEqual([...files].sort());
  });
});
