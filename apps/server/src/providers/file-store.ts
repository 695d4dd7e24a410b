import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { dataSubdir } from './data-dir';

export interface FileStore<Ext extends string> {
  save(data: Buffer, ext: Ext): Promise<string>;
  read(file: string): Promise<{ data: Buffer; contentType: string } | undefined>;
  remove(file: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Uploaded files under <dataDir>/<folder>, named by 128 random bits plus an extension of `types` (extension ->
 * content type). With an in-memory data directory they go to a temporary directory, made at the first upload and
 * removed on close. Only names of that pattern are ever joined to the directory.
 */
export function createFileStore<Ext extends string>(
  dataDir: string,
  folder: string,
  types: Record<Ext, string>,
): FileStore<Ext> {
  const onDisk = dataSubdir(dataDir, folder);
  const fileNamePattern = new RegExp(`^[\\w-]+\\.(${Object.keys(types).join('|')})$`);
  let dir: Promise<string> | undefined;
  const ensureDir = () =>
    (dir ??= onDisk
      ? fs.mkdir(onDisk, { recursive: true }).then(() => onDisk)
      : fs.mkdtemp(path.join(os.tmpdir(), `edgeward-${folder}-`)));
  const pathOf = async (file: string) => {
    if (!fileNamePattern.test(file)) return undefined;
    const base = onDisk ?? (dir ? await dir : undefined);
    return base ? path.join(base, file) : undefined;
  };

  return {
    async save(data, ext) {
      const file = `${randomBytes(16).toString('base64url')}.${ext}`;
      await fs.writeFile(path.join(await ensureDir(), file), data, { flag: 'wx' });
      return file;
    },
    async read(file) {
      const full = await pathOf(file);
      if (!full) return undefined;
      try {
        const data = await fs.readFile(full);
        return { data, contentType: types[path.extname(file).slice(1) as Ext] };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async remove(file) {
      const full = await pathOf(file);
      if (full) await fs.rm(full, { force: true });
    },
    async close() {
      if (!onDisk && dir) await fs.rm(await dir, { recursive: true, force: true });
    },
  };
}
