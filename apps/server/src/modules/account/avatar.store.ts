import type { Executor } from '../../db/connect';
import { createDatabaseFileStore } from '../../providers/database-file-store';
import type { FileFolder, FileStore } from '../../providers/file-store';

/** The image types an avatar may have, by the extension file-type detects, with the type it is served as. */
export const avatarTypes = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' } as const;
export type AvatarExt = keyof typeof avatarTypes;

export const avatarUrlPrefix = '/api/user/avatar/';

export type AvatarStore = FileStore<AvatarExt>;

export const avatarFiles: FileFolder<AvatarExt> = { folder: 'avatars', types: avatarTypes };

export function createAvatarStore(db: Executor): AvatarStore {
  return createDatabaseFileStore(db, avatarFiles);
}
