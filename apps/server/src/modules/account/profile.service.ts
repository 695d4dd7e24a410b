import type { Profile, ProfileEdit } from '@edgeward/contract';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../http/errors';
import type { Actor } from '../../lib/actor';
import type { AuthUser } from '../session';
import type { AccountDeps } from './account.deps';
import { avatarInvalid, mapTaken, refuseTaken } from './account.errors';
import { toProfile } from './account.presenter';
import * as repo from './account.repository';
import { recordProfile } from './account-log';
import { type AvatarExt, avatarTypes, avatarUrlPrefix } from './avatar.store';
import type { EmailChangeService } from './email-change.service';

/** The user's basic information (name, email) and avatar. */
export function createProfileService(
  deps: Pick<AccountDeps, 'db' | 'now' | 'avatars' | 'log'> & { emailChange: EmailChangeService },
) {
  const { db, now } = deps;

  async function profile(user: AuthUser): Promise<Profile> {
    const row = await repo.findProfile(db, user.id);
    if (!row) throw new AppError('UNAUTHORIZED');
    return toProfile(row, user);
  }

  return {
    profile,

    /** A new email takes the current password and the code sent to it (email-change.service.ts). */
    async editProfile(user: AuthUser, input: ProfileEdit, actor: Actor) {
      refuseTaken(await repo.findTaken(db, input, user.id));
      const current = await repo.findProfile(db, user.id);
      if (!current) throw new AppError('UNAUTHORIZED');
      const emailChanges = current.email.toLowerCase() !== input.email.toLowerCase();
      const codeId = emailChanges ? await deps.emailChange.check(user, input) : undefined;
      const values = { userName: input.userName, email: input.email, updatedAt: now() };
      await mapTaken(
        db.transaction(async (tx) => {
          if (codeId !== undefined) await deps.emailChange.consume(tx, codeId, values.updatedAt);
          await repo.updateProfile(tx, user.id, values);
          await recordProfile(
            tx,
            actor,
            { userName: current.userName, email: current.email },
            { userName: values.userName, email: values.email },
          );
        }),
      );
      return profile(user);
    },

    /** Accepts the image by its content, never by the name or type the browser claims. */
    async saveAvatar(user: AuthUser, data: Buffer, actor: Actor) {
      const detected = await fileTypeFromBuffer(data);
      const ext = detected?.ext as AvatarExt | undefined;
      if (!ext || !Object.hasOwn(avatarTypes, ext)) {
        throw avatarInvalid();
      }
      const file = await deps.avatars.save(data, ext);
      const avatar = `${avatarUrlPrefix}${file}`;
      const previous = await db.transaction(async (tx) => {
        const replaced = await repo.replaceAvatar(tx, user.id, avatar, now());
        const names = { userName: user.userName, email: user.email };
        await recordProfile(tx, actor, { ...names, avatar: replaced ?? null }, { ...names, avatar });
        return replaced;
      });
      if (previous?.startsWith(avatarUrlPrefix)) {
        await deps.avatars.remove(previous.slice(avatarUrlPrefix.length)).catch((error: unknown) => {
          deps.log.warn({ err: error }, 'could not remove a replaced avatar');
        });
      }
      return profile(user);
    },

    readAvatar: (file: string) => deps.avatars.read(file),
  };
}
