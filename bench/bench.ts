import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { connect, type Database } from '../apps/server/src/db/connect';
import { migrate } from '../apps/server/src/db/migrate';
import { startBackground } from '../apps/server/src/jobs';
import { productionSandboxSettings } from '../apps/server/test/fixtures/production';
import { createTestUser, type TestUser } from '../apps/server/test/fixtures/users';

/** One benchmark module: bench/<name>.bench.ts default-exports this and is listed in bench/run.ts. */
export interface Bench {
  name: string;
  description: string;
  run(): Promise<void>;
}

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The figure beside its target, marked so a reader sees at a glance which side of it we are on. */
export function versusTarget(figure: string, meets: boolean, target: string): string {
  return `${figure}  ${meets ? 'ok' : 'MISSES'} (target ${target})`;
}

/** Builds apps/web when dist is missing or stale, as `npm start` does. */
export function ensureWebBuild(): void {
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/web-build.mjs')], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('the web build failed');
}

export function percentile(sortedMs: number[], q: number): number {
  return sortedMs[Math.min(sortedMs.length - 1, Math.floor(q * sortedMs.length))]!;
}

/** A migrated database of the bench's own, and the data directory the app's config wants beside it. */
export interface BenchDatabase {
  kind: 'PGlite' | 'PostgreSQL';
  database: Database;
  dataDir: string;
  dispose(): Promise<void>;
}

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'edgeward-bench-'));
}

async function pgliteInTempDir(): Promise<BenchDatabase> {
  const dataDir = tempDir();
  const database = await connect({ dataDir });
  await migrate(database);
  return {
    kind: 'PGlite',
    database,
    dataDir,
    async dispose() {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A schema of its own on the given PostgreSQL, dropped afterwards. */
async function postgresSchema(url: string): Promise<BenchDatabase> {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const database = await connect({ databaseUrl: url, searchPath: schema });
  await migrate(database);
  const dataDir = tempDir();
  return {
    kind: 'PostgreSQL',
    database,
    dataDir,
    async dispose() {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    },
  };
}

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/**
 * Runs `body` on PGlite in a temporary directory, then on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL
 * is set; each gets a fresh database, removed afterwards.
 */
export async function onEachDatabase(body: (bench: BenchDatabase) => Promise<void>): Promise<void> {
  const makers = [pgliteInTempDir, ...(postgresUrl ? [() => postgresSchema(postgresUrl)] : [])];
  for (const make of makers) {
    const bench = await make();
    try {
      await body(bench);
    } finally {
      await bench.dispose();
    }
  }
  if (!postgresUrl) console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
}

export interface StartOptions {
  /** Also start the background work (job runner, purges) as `npm start` does. */
  background?: boolean;
  /** Called before the app listens, e.g. to add hooks that measure it. */
  configure?: (app: FastifyInstance) => void;
}

/**
 * The real app as deployed (NODE_ENV=production, request logging on, going nowhere so the terminal is not the
 * bottleneck), listening on a loopback port, with a customer holding an open session. stop() ends the background
 * work, then the app.
 */
export async function startApp(
  bench: BenchDatabase,
  options: StartOptions = {},
): Promise<{ app: FastifyInstance; url: string; user: TestUser; stop(): Promise<void> }> {
  const config = loadConfig({
    ...productionSandboxSettings(),
    DATA_DIR: bench.dataDir,
    DEMO: 'false',
    LOG_LEVEL: 'info',
    // Metrics on, as deployed (docs/operations.md): every answer is counted, and the process's own figures collected.
    METRICS_TOKEN: randomBytes(24).toString('hex'),
  });
  // pino's own destination, as the server's log to stdout goes; a Node stream would cost more than that does.
  const logger = { level: 'info', file: '/dev/null' };
  const app = await buildApp({ config, database: bench.database, logger });
  options.configure?.(app);
  const background = options.background ? await startBackground(app) : undefined;
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const user = await createTestUser({ app, database: bench.database }, { name: 'bench' });
  return {
    app,
    url,
    user,
    async stop() {
      await background?.stop();
      await app.close();
    },
  };
}
