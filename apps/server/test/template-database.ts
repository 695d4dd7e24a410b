import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { connect, openPglite } from '../src/db/connect';
import { migrate } from '../src/db/migrate';

/**
 * One migrated database per test run, copied for each test file instead of booting and migrating a new one: a
 * PGlite data directory dumped to a file (a PGlite loaded from it skips initdb, three to four times faster than a
 * fresh one), and on PostgreSQL a template database that `CREATE DATABASE ... TEMPLATE` copies.
 */
export interface TemplateDatabases {
  pgliteDump: string;
  postgresTemplate?: string;
}

// What global-setup.ts provides and helpers.ts injects, declared here where both (and every importer) see it.
declare module 'vitest' {
  export interface ProvidedContext {
    templates: TemplateDatabases;
    /** Where the run's tests build the server (test/built-server.ts); removed with the run. */
    serverBuildRoot: string;
  }
}

export function databaseUrlWithName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createTemplates(postgresUrl: string | undefined): Promise<TemplateDatabases> {
  const pgliteDump = path.join(
    os.tmpdir(),
    `edgeward-test-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`,
  );
  const pglite = await openPglite(undefined, templateSettings);
  await migrate(pglite);
  await trimForTests(pglite.pglite);
  fs.writeFileSync(pgliteDump, Buffer.from(await (await pglite.pglite.dumpDataDir('none')).arrayBuffer()));
  await pglite.close();
  if (!postgresUrl) return { pgliteDump };

  const postgresTemplate = `edgeward_tmpl_${randomBytes(6).toString('hex')}`;
  // A tablespace in memory, where the server allows one (CI's tmpfs): a copy of the template is 1,500 files, and
  // creating them on ext4 took 0.6-0.8 s of mostly the kernel's CPU per test file against 0.15 s. Each copy stays in
  // its template's tablespace.
  const tablespace = process.env.TEST_DATABASE_TABLESPACE;
  if (tablespace && !/^[a-z_][a-z0-9_]*$/.test(tablespace)) {
    throw new Error(`TEST_DATABASE_TABLESPACE must be a plain lower-case name, not ${tablespace}`);
  }
  await adminQuery(postgresUrl, `CREATE DATABASE ${postgresTemplate}${tablespace ? ` TABLESPACE ${tablespace}` : ''}`);
  const template = await connect({ databaseUrl: databaseUrlWithName(postgresUrl, postgresTemplate), poolSize: 1 });
  await migrate(template);
  await template.close();
  return { pgliteDump, postgresTemplate };
}

/**
 * The template's WAL in segments of 1 MB instead of 16 (an initdb setting), removed rather than kept for reuse once
 * a checkpoint is past them (for the template's own run only: start parameters, not written to its files): the dump
 * held a 16 MB segment, copied into memory and read at every load, for a few hundred KB of a test's writes. The dump
 * 28.6 -> 16.0 MB, a load's CPU about a third less (0.40 -> 0.26 s).
 */
const templateSettings = {
  initDbStartParams: ['--wal-segsize=1'],
  startParams: [...PGlite.defaultStartParams, '-c', 'min_wal_size=2MB', '-c', 'wal_recycle=off'],
};

/**
 * What a PGlite loaded from the dump costs, halved (about 1.2 to 0.6 CPU-s per test file, and a few hundred files
 * open one): the tests use only the `postgres` database, so template0 and template1 go (600 of the dump's 1,300 files
 * written into the in-memory file system at every load); and 16 MB of shared buffers instead of 128 MB, which the
 * server zeroes at every start and a test's few rows never fill.
 */
async function trimForTests(pglite: PGlite): Promise<void> {
  for (const template of ['template0', 'template1']) {
    await pglite.exec(`ALTER DATABASE ${template} IS_TEMPLATE false`);
    await pglite.exec(`DROP DATABASE ${template}`);
  }
  await pglite.exec(`ALTER SYSTEM SET shared_buffers = '16MB'`);
  await pglite.exec('CHECKPOINT');
}

export async function dropTemplates(templates: TemplateDatabases, postgresUrl: string | undefined): Promise<void> {
  fs.rmSync(templates.pgliteDump, { force: true });
  if (templates.postgresTemplate && postgresUrl) {
    await adminQuery(postgresUrl, `DROP DATABASE IF EXISTS ${templates.postgresTemplate}`);
  }
}
