import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Executor } from '../db/connect';
import { dataSubdir } from './data-dir';
import { keepMovedFile } from './database-file-store';
import { type FileFolder, fileMaxBytes, fileNamePattern } from './file-store';

interface FolderMove {
  folder: string;
  /** Files now in the database that were not before. */
  moved: number;
  /** Files the store never handed out (another name, empty, over 1 MB, not a plain file): left in the folder. */
  skipped: number;
  /** Where the folder went. */
  renamedTo: string;
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

async function contentOf(dir: string, entry: Dirent, pattern: RegExp): Promise<Buffer | undefined> {
  if (!entry.isFile() || !pattern.test(entry.name)) return undefined;
  const file = path.join(dir, entry.name);
  try {
    // Checked before reading so that a stray large file never enters memory.
    const { size } = await fs.stat(file);
    if (size < 1 || size > fileMaxBytes) return undefined;
    const data = await fs.readFile(file);
    return data.length >= 1 && data.length <= fileMaxBytes ? data : undefined;
  } catch (error) {
    // Another process starting on the same data directory moved the folder away meanwhile.
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

/** Renames the folder out of the way; a name taken by an earlier move gets a time stamp. */
async function setAside(dir: string): Promise<string> {
  for (const target of [`${dir}.imported`, `${dir}.imported-${Date.now()}`]) {
    try {
      await fs.rename(dir, target);
      return target;
    } catch (error) {
      const code = errorCode(error);
      if (code === 'ENOENT') return target;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
    }
  }
  throw new Error(`cannot rename ${dir}: ${dir}.imported is taken`);
}

/**
 * Moves the files an earlier version kept in <dataDir>/<folder> into the database under the names accounts and
 * tickets hold, one file at a time so that memory holds at most one (1 MB), then renames the folder
 * <folder>.imported so that the next start finds none. Cut short before the rename, the next start goes over the
 * folder again and leaves alone what is already in. Answers undefined when there is no such folder.
 */
export async function moveFolderIntoDatabase(
  db: Executor,
  dataDir: string,
  { folder, types }: FileFolder,
): Promise<FolderMove | undefined> {
  const dir = dataSubdir(dataDir, folder);
  if (!dir) return undefined;
  const entries = await fs.opendir(dir).catch((error: unknown) => {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return undefined;
    throw error;
  });
  if (!entries) return undefined;
  const pattern = fileNamePattern(types);
  let moved = 0;
  let skipped = 0;
  for await (const entry of entries) {
    const data = await contentOf(dir, entry, pattern);
    if (!data) {
      skipped += 1;
      continue;
    }
    const contentType = types[path.extname(entry.name).slice(1)]!;
    if (await keepMovedFile(db, { name: entry.name, folder, contentType, data })) moved += 1;
  }
  return { folder, moved, skipped, renamedTo: await setAside(dir) };
}
