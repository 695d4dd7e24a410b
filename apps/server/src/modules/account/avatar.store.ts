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
  readonly dir: string;
  save(data: Buffer, ext: AvatarExt): Promise<string>;
  read(file: string): Promise<{ data: Buffer; contentType: string } | undefined>;
  remove(file: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Avatar files under <dataDir>/avatars, named by 128 random bits. With an in-memory data directory they go to a
 * temporary directory removed on close. Only names of our own pattern are ever joined to the directory.
 */
export async function openAvatarStore(dataDir: string): Promise<AvatarStore> {
  const onDisk = dataSubdir(dataDir, 'avatars');
  const temporary = onDisk === undefined;
  const dir = onDisk ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'edgeward-avatars-')));
  await fs.mkdir(dir, { recursive: true });
  const pathOf = (file: string) => (fileNamePattern.test(file) ? path.join(dir, file) : undefined);

  return {
    dir,
    async save(data, ext) {
      const file = `${randomBytes(16).toString('base64url')}.${ext}`;
      await fs.writeFile(path.join(dir, file), data, { flag: 'wx' });
      return file;
    },
    async read(file) {
      const full = pathOf(file);
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
      const full = pathOf(file);
      if (full) await fs.rm(full, { force: true });
    },
    async close() {
      if (temporary) await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
