import { createFileStore, type FileStore } from '../../providers/file-store';

/** The image types an avatar may have, by the extension file-type detects, with the type it is served as. */
export const avatarTypes = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' } as const;
export type AvatarExt = keyof typeof avatarTypes;

export const avatarUrlPrefix = '/api/user/avatar/';

export type AvatarStore = FileStore<AvatarExt>;

/** Avatar files under <dataDir>/avatars. */
export function createAvatarStore(dataDir: string): AvatarStore {
  return createFileStore(dataDir, 'avatars', avatarTypes);
}
