import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { connect, type Database } from '../../db/connect';
import { rowsOf } from '../../db/migrate';
import { createUser } from '../../modules/account/account.operator';
import { createPasswordHasher } from '../../secrets/password-hasher';
import { type OpsContext, OpsError } from '../ops';
import { backupCommand, restoreCommand } from './backup';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'edgeward-backup-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
const folder = (name: string) => path.join(scratch, name);

/** A migrated database in a data folder of its own, from the run's template (test/global-setup.ts). */
async function migratedDatabase(dataDir: string): Promise<Database> {
  await restoreCommand.run([inject('templates').pgliteDump], { dataDir }, () => undefined);
  return connect({ dataDir });
}

/** Every table's row count, and the users by name: what a restored database must hold the same. */
async function contents(database: Database) {
  const tables = rowsOf<{ name: string }>(
    await database.db.execute(sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`),
  );
  const counts: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = rowsOf<{ n: string }>(await database.db.execute(sql.raw(`SELECT count(*) AS n FROM "${name}"`)));
    counts[name] = row!.n;
  }
  const users = rowsOf<{ user_name: string }>(await database.db.execute(sql`SELECT user_name FROM users ORDER BY 1`));
  return { counts, users: users.map((u) => u.user_name) };
}

const lines: string[] = [];
const opsContext = (database: Database) =>
  ({ database, out: (line: string) => lines.push(line) }) as unknown as OpsContext;
const hasher = createPasswordHasher({ memoryKib: 256, timeCost: 1, parallelism: 1 });

// Each case opens file-backed PGlite databases (seconds alone): on a busy two-core machine, more than the default.
describe('backups of the embedded database', { timeout: 120_000 }, () => {
  it('copies a database in use into a file that restores elsewhere with the same contents', async () => {
    const source = await migratedDatabase(folder('source'));
    const file = folder('console.backup');
    let before: Awaited<ReturnType<typeof contents>>;
    try {
      for (const name of ['alice_backup', 'bob_backup']) {
        await createUser(source.db, hasher, {
          userName: name,
          email: `${name}@example.test`,
          password: 'Edgeward-2026!',
        });
      }
      before = await contents(source);
      await backupCommand.run([file], opsContext(source));
      // The database stays open and in use: a write after the copy lands here, not in the file.
      await createUser(source.db, hasher, {
        userName: 'carol_backup',
        email: 'c@example.test',
        password: 'Edgeward-2026!',
      });
      await expect(backupCommand.run([file], opsContext(source))).rejects.toThrow(/exists: give a new file/);
    } finally {
      await source.close();
    }
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const target = folder('target');
    await restoreCommand.run([file], { dataDir: target }, (line) => lines.push(line));
    const restored = await connect({ dataDir: target });
    try {
      const after = await contents(restored);
      expect(after).toEqual(before!);
      expect(after.users).toEqual(['alice_backup', 'bob_backup']);
    } finally {
      await restored.close();
    }
    // Two file-backed databases migrated from nothing, a copy and a restore: over 30 s when two suites share two cores.
  });

  it('moves a database already in place aside rather than deleting it, and refuses while a server holds the folder', async () => {
    const dataDir = folder('held');
    const held = await migratedDatabase(dataDir);
    const file = folder('held.backup');
    try {
      await backupCommand.run([file], opsContext(held));
      await expect(restoreCommand.run([file], { dataDir }, () => undefined)).rejects.toThrow(
        /Stop the server before restoring/,
      );
    } finally {
      await held.close();
    }
    const notABackup = folder('not-a-backup.tgz');
    fs.writeFileSync(notABackup, 'plain text');
    await expect(restoreCommand.run([notABackup], { dataDir }, () => undefined)).rejects.toThrow(
      /is not a readable backup .*; nothing changed/,
    );
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('pglite'))).toEqual(['pglite']);
    const out: string[] = [];
    await restoreCommand.run([file], { dataDir }, (line) => out.push(line));
    expect(out[0]).toMatch(/^Moved the database that was there to .*pglite\.before-restore-/);
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('pglite.before-restore-'))).toHaveLength(1);
  });

  it('sends PostgreSQL to pg_dump and pg_restore', async () => {
    const postgres = { kind: 'postgres' } as Database;
    await expect(backupCommand.run([folder('pg.backup')], opsContext(postgres))).rejects.toThrow(OpsError);
    await expect(
      restoreCommand.run(
        [folder('pg.backup')],
        { databaseUrl: 'postgres://x@127.0.0.1/x', dataDir: scratch },
        () => undefined,
      ),
    ).rejects.toThrow(/pg_restore/);
  });
});
