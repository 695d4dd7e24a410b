import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { type AppDeps, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { connect, type Database, openPglite } from '../src/db/connect';
import { migrate } from '../src/db/migrate';
import { jobs } from '../src/db/schema';
import { adminQuery, databaseUrlWithName } from './template-database';

export type DbKind = 'pglite' | 'postgres';

/**
 * PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. TEST_DATABASE_KINDS (e.g. `postgres`) narrows the
 * list: CI runs each database once, under a different Node version (.ci/run). Use with describe.each.
 */
export const dbKinds: DbKind[] = (
  process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const)
).filter((kind) => !process.env.TEST_DATABASE_KINDS || process.env.TEST_DATABASE_KINDS.split(',').includes(kind));

/** The template's dump, read once per worker: a worker opens one database per test file. */
const templateDumps = new Map<string, Buffer>();
function templateDump(file: string): Buffer {
  let dump = templateDumps.get(file);
  if (!dump) {
    dump = fs.readFileSync(file);
    templateDumps.set(file, dump);
  }
  return dump;
}

/**
 * The dump as PGlite reads it (`arrayBuffer()` only), a fresh copy each time: a Blob made from the bytes takes about
 * 100 ms to give them back on Node 20, reading them in chunks and joining them.
 */
class DumpBlob extends Blob {
  constructor(private readonly dump: Buffer) {
    super([]);
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(new Uint8Array(this.dump).buffer);
  }
}

/**
 * A fresh, migrated database, copied from the run's template (test/global-setup.ts): PGlite in memory, or a database
 * of its own on PostgreSQL, dropped on close.
 */
export async function createTestDatabase(kind: DbKind): Promise<Database> {
  const templates = inject('templates');
  if (kind === 'pglite') {
    return openPglite(undefined, { loadDataDir: new DumpBlob(templateDump(templates.pgliteDump)) });
  }
  const url = process.env.TEST_DATABASE_URL!;
  const name = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${templates.postgresTemplate}`);
  const database = await connect({ databaseUrl: databaseUrlWithName(url, name), poolSize: 4 });
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(url, `DROP DATABASE ${name}`);
    },
  };
}

/**
 * argon2id at a test cost: 64 MiB and 3 passes per hash is most of an API test's time, and what is tested is the
 * flow, not the work factor (password-hasher.test.ts checks that the configured cost is the one used).
 */
export const testPasswordHashing = { ARGON2_MEMORY_KIB: '256', ARGON2_TIME_COST: '1', ARGON2_PARALLELISM: '1' };

export const TEST_CAPTCHA = 'test-captcha';
export const TEST_CODE = '246810';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  clock: TestClock;
  close(): Promise<void>;
}

export interface TestClock {
  now: Date;
  /** The clock as the app and services take it. */
  read(): Date;
  advance(ms: number): void;
}

/** A clock that stands still until a test moves it. */
export function testClock(start: Date = new Date()): TestClock {
  const clock: TestClock = {
    now: start,
    read: () => clock.now,
    advance(ms) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  return clock;
}

/** The real app over a real database, with the fixed captcha/code answers tests need and a movable clock. */
export async function createTestContext(
  kind: DbKind,
  env: Record<string, string> = {},
  options: Pick<AppDeps, 'providers' | 'sleep'> = {},
): Promise<TestContext> {
  const database = await createTestDatabase(kind);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    DEMO: 'false',
    LOG_LEVEL: 'silent',
    TEST_FIXED_CAPTCHA: TEST_CAPTCHA,
    TEST_FIXED_CODE: TEST_CODE,
    ...testPasswordHashing,
    ...env,
  });
  const clock = testClock();
  const app = await buildApp({ config, database, now: () => clock.now, logger: false, ...options });
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

/** A multipart/form-data body of one file field, for upload routes. */
export function multipart(filename: string, contentType: string, data: Buffer) {
  const boundary = `----edgeward${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * Applies one migration file again, alone, to a database the test has put back to its state before that file (a
 * migration that converts existing rows is tested this way): answers the files applied.
 */
export async function rerunMigration(database: Database, file: string): Promise<string[]> {
  await database.db.execute(sql`DELETE FROM schema_migrations WHERE name = ${file}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edgeward-migration-'));
  try {
    fs.copyFileSync(fileURLToPath(new URL(`../src/db/migrations/${file}`, import.meta.url)), path.join(dir, file));
    return await migrate(database, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The durable job of `kind` whose payload has `value` under `key` (a sandbox's notification of one payment or check). */
export async function jobWithPayload(database: Database, kind: string, key: string, value: string) {
  const [job] = await database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, kind), sql`${jobs.payload}->>${key} = ${value}`));
  if (!job) throw new Error(`no ${kind} job with ${key} ${value}`);
  return job;
}
