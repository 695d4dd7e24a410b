import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { dataSubdir } from '../../providers/data-dir';

/** The image types an avatar may have, by the extension file-type detects, with the type it is served as. */
export const avatarTypes = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' } as const;
export type AvatarExt = keyof typeof avatarTypes;

export const avatarUrlPrefix = '/api/user/avatar/';
const fileNamePattern = /^[\w-]+\.(png|jpg|gif|webp)$/;

export interface AvatarStore {
  save(data: Buffer, ext: AvatarExt): Promise<string>;
  read(file: string): Promise<{ data: Buffer; contentType: string } | undefined>;
  remove(file: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Avatar files under <dataDir>/avatars, named by 128 random bits. With an in-memory data directory they go to a
 * temporary directory, made at the first upload and removed on close. Only names of our own pattern are ever joined
 * to the directory.
 */
export function createAvatarStore(dataDir: string): AvatarStore {
  const onDisk = dataSubdir(dataDir, 'avatars');
  let dir: Promise<string> | undefined;
  const ensureDir = () =>
    (dir ??= onDisk
      ? fs.mkdir(onDisk, { recursive: true }).then(() => onDisk)
      : fs.mkdtemp(path.join(os.tmpdir(), 'edgeward-avatars-')));
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
        return { data, contentType: avatarTypes[path.extname(file).slice(1) as AvatarExt] };
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
