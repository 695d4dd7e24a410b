import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/connect';
import { storedFiles } from '../db/schema';
import { type FileFolder, type FileStore, fileMaxBytes, fileNamePattern } from './file-store';

/**
 * Uploaded files in the stored_files table, so every process serves every file and a backup of the database holds
 * them. Names are 128 random bits plus an extension of the folder's types, as they were on disk, so the names
 * accounts and tickets already hold stay valid. A store answers only for its own folder: the name of an avatar is
 * not a ticket image. Each file is read and written whole, at most 1 MB.
 */
export function createDatabaseFileStore<Ext extends string>(
  db: Executor,
  { folder, types }: FileFolder<Ext>,
): FileStore<Ext> {
  const pattern = fileNamePattern(types);
  const inFolder = (file: string) => and(eq(storedFiles.name, file), eq(storedFiles.folder, folder));
  return {
    async save(data, ext) {
      if (!Object.hasOwn(types, ext)) throw new RangeError(`${folder} keeps no .${ext} files`);
      if (data.length < 1 || data.length > fileMaxBytes) {
        throw new RangeError(`a file of ${folder} holds 1 byte to 1 MB, not ${data.length}`);
      }
      const name = `${randomBytes(16).toString('base64url')}.${ext}`;
      await db.insert(storedFiles).values({ name, folder, contentType: types[ext], size: data.length, data });
      return name;
    },
    async read(file) {
      if (!pattern.test(file)) return undefined;
      const [row] = await db
        .select({ data: storedFiles.data, contentType: storedFiles.contentType })
        .from(storedFiles)
        .where(inFolder(file));
      if (!row) return undefined;
      return {
        data: Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength),
        contentType: row.contentType,
      };
    },
    async remove(file) {
      if (pattern.test(file)) await db.delete(storedFiles).where(inFolder(file));
    },
  };
}

/**
 * Keeps a file moved in from the data directory under the name it had there. A name already kept is left as it
 * is: the move of a folder may run again after an interruption. Answers whether the file was new.
 */
export async function keepMovedFile(
  db: Executor,
  file: { name: string; folder: string; contentType: string; data: Buffer },
): Promise<boolean> {
  const kept = await db
    .insert(storedFiles)
    .values({ ...file, size: file.data.length })
    .onConflictDoNothing({ target: storedFiles.name })
    .returning({ name: storedFiles.name });
  return kept.length > 0;
}
