import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { lockDataDir } from './data-dir-lock';
import { listenOnPostgres } from './pg-listener';
import { takingTurns } from './pglite-turns';
import { RecoveringPool } from './recovering-pool';
import * as schema from './schema';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A repository function accepts the database or an open transaction alike. */
export type Executor = Db | Tx;

/** A transaction on the driver itself, for what drizzle's one-statement queries cannot carry: whole SQL scripts. */
interface ScriptTransaction {
  /** Runs a script of any number of statements (a migration file, plpgsql included); not for values from users. */
  exec(script: string): Promise<void>;
  query<T>(statement: string, params?: unknown[]): Promise<T[]>;
}

/** The database connections as the metrics report them: open ones, the idle among them, and callers waiting for one. */
interface Connections {
  total: number;
  idle: number;
  waiting: number;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  connections(): Connections;
  /**
   * PGlite only: its data folder as a gzipped tar, taken between two statements (a consistent copy while the server
   * runs; `npm run ops -- backup`). PostgreSQL has pg_dump.
   */
  dump?(): Promise<Blob>;
  /** Runs `work` in one transaction on the driver: committed when it resolves, rolled back when it throws. */
  scriptTransaction<T>(work: (tx: ScriptTransaction) => Promise<T>): Promise<T>;
  /**
   * LISTEN on `channel`: `onNotify` runs for each NOTIFY on it, from this process or another on the same database,
   * when the transaction that sent it commits. Answers how to stop listening.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * int8 (bigint, bigserial, count(*)) arrives from both drivers as its exact decimal text, as node-postgres gives it
 * by default: PGlite would otherwise give a number, rounded above 2^53. Schema columns map it further (ids and
 * counters to number, money in fen to bigint: db/schema/columns.ts); raw rows carry the text.
 */
const int8AsText = { [types.INT8]: (value: string) => value };

export interface ConnectOptions {
  /**
   * postgres://... for PostgreSQL; otherwise PGlite in `dataDir` (or in memory when dataDir is 'memory://'), locked
   * for this process until close() (a second process gets DataDirLockedError).
   */
  databaseUrl?: string;
  dataDir?: string;
  /** PostgreSQL only: confine every connection to this schema (tests give each file its own). */
  searchPath?: string;
  poolSize?: number;
}

export async function connect(options: ConnectOptions): Promise<Database> {
  const { databaseUrl } = options;
  if (databaseUrl) {
    const pool = new RecoveringPool({
      connectionString: databaseUrl,
      max: options.poolSize ?? 10,
      options: options.searchPath ? `-c search_path=${options.searchPath}` : undefined,
    });
    // An idle client whose connection ended: the pool drops it and connects anew when asked.
    pool.on('error', () => {});
    return {
      db: drizzleNodePg({ client: pool, schema }) as unknown as Db,
      kind: 'postgres',
      connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      listen: (channel, onNotify) => listenOnPostgres(databaseUrl, channel, onNotify),
      async scriptTransaction(work) {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const result = await work({
            // Without parameters node-postgres uses the simple query protocol, which runs several statements.
            exec: async (script) => {
              await client.query(script);
            },
            query: async (statement, params) => (await client.query(statement, params)).rows,
          });
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          throw error;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const dir = options.dataDir ?? 'memory://';
  if (dir.startsWith('memory://')) return openPglite();
  const lock = lockDataDir(dir);
  try {
    const pgDir = path.join(dir, 'pglite');
    fs.mkdirSync(pgDir, { recursive: true });
    return await openPglite(pgDir, {}, lock.release);
  } catch (error) {
    lock.release();
    throw error;
  }
}

/**
 * PGlite in `dataDir` (in memory without one), or in memory from a dumped data directory (`loadDataDir`, which
 * skips initdb: the tests' template database, made with its own initdb and start parameters). `release` runs after
 * the database closes (the data folder lock).
 */
export async function openPglite(
  dataDir?: string,
  extra: Pick<PGliteOptions, 'loadDataDir' | 'initDbStartParams' | 'startParams'> = {},
  release?: () => void,
): Promise<Database & { pglite: PGlite }> {
  // pg_trgm: the domain list's name search (migration 0028).
  const client = new PGlite({ dataDir, parsers: int8AsText, extensions: { pg_trgm }, ...extra });
  await client.waitReady;
  const { occupancy, inTurn, ...turns } = takingTurns(client);
  return {
    // drizzle calls only query and transaction of its client.
    db: drizzlePglite({ client: turns as PGlite, schema }) as unknown as Db,
    kind: 'pglite',
    pglite: client,
    connections: occupancy,
    dump: () => inTurn(() => client.dumpDataDir('gzip')),
    async listen(channel, onNotify) {
      const stop = await client.listen(channel, () => onNotify());
      return () => stop();
    },
    scriptTransaction: (work) =>
      turns.transaction((tx) =>
        work({
          exec: async (script) => {
            await tx.exec(script);
          },
          query: async <T>(statement: string, params?: unknown[]) => (await tx.query<T>(statement, params)).rows,
        }),
      ),
    close: async () => {
      try {
        await client.close();
      } finally {
        release?.();
      }
    },
  };
}
