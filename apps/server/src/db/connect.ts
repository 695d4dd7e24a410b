import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { takingTurns } from './pglite-turns';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A repository function accepts the database or an open transaction alike. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a script of several statements (migrations); not for values from users. */
  execScript(sql: string): Promise<void>;
  close(): Promise<void>;
}

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
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      options: options.searchPath ? `-c search_path=${options.searchPath}` : undefined,
    });
    // bigint (int8) columns hold money and counters; they fit in a JS number for every amount we handle.
    pool.on('error', () => {});
    return {
      db: drizzleNodePg({ client: pool, schema }) as unknown as Db,
      kind: 'postgres',
      execScript: async (sql) => {
        await pool.query(sql);
      },
      close: () => pool.end(),
    };
  }
  const dir = options.dataDir ?? 'memory://';
  const lock = dir.startsWith('memory://') ? undefined : lockDataDir(dir);
  let client: PGlite;
  try {
    client = lock ? openPglite(path.join(dir, 'pglite')) : new PGlite();
    await client.waitReady;
  } catch (error) {
    lock?.release();
    throw error;
  }
  const turns = takingTurns(client);
  return {
    // drizzle calls only query and transaction of its client.
    db: drizzlePglite({ client: turns as PGlite, schema }) as unknown as Db,
    kind: 'pglite',
    execScript: async (sql) => {
      await turns.exec(sql);
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

function openPglite(pgDir: string): PGlite {
  fs.mkdirSync(pgDir, { recursive: true });
  return new PGlite(pgDir);
}
