import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { connect, type Database } from '../src/db/connect';
import { migrate } from '../src/db/migrate';

export type DbKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). Use with describe.each. */
export const dbKinds: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** A fresh, migrated database: PGlite in memory, or a schema of its own on PostgreSQL, dropped on close. */
export async function createTestDatabase(kind: DbKind): Promise<Database> {
  if (kind === 'pglite') {
    const database = await connect({ dataDir: 'memory://' });
    await migrate(database);
    return database;
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const database = await connect({ databaseUrl: url, searchPath: schema, poolSize: 4 });
  await migrate(database);
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    },
  };
}

export const TEST_CAPTCHA = 'test-captcha';
export const TEST_CODE = '246810';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  clock: { now: Date; advance(ms: number): void };
  close(): Promise<void>;
}

/** The real app over a real database, with the fixed captcha/code answers tests need and a movable clock. */
export async function createTestContext(kind: DbKind, env: Record<string, string> = {}): Promise<TestContext> {
  const database = await createTestDatabase(kind);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    DEMO: 'false',
    LOG_LEVEL: 'silent',
    TEST_FIXED_CAPTCHA: TEST_CAPTCHA,
    TEST_FIXED_CODE: TEST_CODE,
    ...env,
  });
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const app = await buildApp({ config, database, now: () => clock.now, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    clock,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
