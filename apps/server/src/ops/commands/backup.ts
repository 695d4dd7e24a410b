import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import { openPglite } from '../../db/connect';
import { DataDirLockedError, lockDataDir } from '../../db/data-dir-lock';
import { type OfflineOpsCommand, type OpsCommand, OpsError } from '../ops';

const pgliteFolder = (dataDir: string) => path.join(dataDir, 'pglite');

/**
 * A consistent copy of the embedded database: PGlite's data folder as a gzipped tar, taken in the database's turn
 * between two statements, so the server keeps running (the command reaches it through the operator socket). The
 * file holds every customer's data and the sealed secrets (not the key that opens them): mode 0600, never
 * overwritten.
 */
export const backupCommand: OpsCommand = {
  name: 'backup',
  args: '<file>',
  summary: 'copy the embedded (PGlite) database into a new file, the server running or not',
  fileArgument: true,
  async run(args, ctx) {
    const [file] = args;
    if (!file || args.length > 1) throw new OpsError('give one file to write');
    if (!ctx.database.dump) {
      throw new OpsError('the database is PostgreSQL: back it up with pg_dump (docs/operations.md, "Backups")');
    }
    if (fs.existsSync(file)) throw new OpsError(`${file} exists: give a new file`);
    const data = Buffer.from(await (await ctx.database.dump()).arrayBuffer());
    await fs.promises.writeFile(file, data, { flag: 'wx', mode: 0o600 });
    ctx.out(`Wrote ${file} (${data.length} bytes)`);
  },
};

/**
 * Puts a backup in place of the embedded database, with the server stopped (the data folder's lock says so). A
 * database already there is moved aside, never deleted.
 */
export const restoreCommand: OfflineOpsCommand = {
  name: 'restore',
  args: '<file>',
  summary: 'replace the embedded (PGlite) database by a backup, the server stopped',
  async run(args, config: Pick<Config, 'databaseUrl' | 'dataDir'>, out) {
    const [file] = args;
    if (!file || args.length > 1) throw new OpsError('give one backup file to read');
    if (config.databaseUrl) {
      throw new OpsError('the database is PostgreSQL: restore it with pg_restore (docs/operations.md, "Backups")');
    }
    if (config.dataDir.startsWith('memory://')) throw new OpsError('DATA_DIR is in memory: nothing to restore into');
    if (!fs.existsSync(file)) throw new OpsError(`${file} does not exist`);
    let lock: ReturnType<typeof lockDataDir>;
    try {
      lock = lockDataDir(config.dataDir);
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      throw new OpsError(`${error.message} Stop the server before restoring.`);
    }
    try {
      const target = pgliteFolder(config.dataDir);
      let aside: string | undefined;
      if (fs.existsSync(target) && fs.readdirSync(target).length > 0) {
        aside = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
        fs.renameSync(target, aside);
        out(`Moved the database that was there to ${aside}`);
      }
      try {
        const restored = await openPglite(target, { loadDataDir: new Blob([fs.readFileSync(file)]) });
        await restored.close();
      } catch (error) {
        // Not a backup of this console (or a damaged one): the database that was there goes back in place.
        fs.rmSync(target, { recursive: true, force: true });
        if (aside) fs.renameSync(aside, target);
        throw new OpsError(
          `${file} is not a readable backup (${error instanceof Error ? error.message : String(error)}); nothing changed`,
        );
      }
      out(`Restored ${file} into ${target}`);
    } finally {
      lock.release();
    }
  },
};
