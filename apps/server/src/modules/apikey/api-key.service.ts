import { type ApiKey, type ApiKeyCreate, type ApiKeyCreated, limits } from '@edgeward/contract';
import type { Db } from '../../db/connect';
import { AppError, notFound } from '../../http/errors';
import type { Actor } from '../../lib/actor';
import type { SecretBox } from '../../secrets/secret-box';
import { refuseSimulation } from '../account';
import { recordOperation } from '../operation-log';
import type { AuthUser } from '../session';
import * as repo from './api-key.repository';
import { newSecretId, newSecretKey, secretContext } from './api-key.secrets';

function toApiKey(row: repo.ApiKeyRow): ApiKey {
  return {
    id: row.id,
    secretId: row.secretId,
    note: row.note,
    readOnly: row.readOnly,
    enabled: row.enabled,
    createdAt: row.createdAt.getTime(),
    lastUsedAt: row.lastUsedAt?.getTime() ?? null,
    lastUsedIp: row.lastUsedIp,
    sample: row.sample,
  };
}

/**
 * The key list: at most limits.apiKey.perUser keys a user. The SecretKey leaves the server once, in the answer to
 * its creation; it is kept sealed (not hashed), because checking an HMAC signature needs the key itself.
 */
export function createApiKeyService(deps: { db: Db; box: SecretBox; now: () => Date }) {
  const { db, box, now } = deps;

  const target = (row: repo.ApiKeyRow) => ({ type: 'apiKey' as const, id: row.id, name: row.secretId });

  async function change(
    user: AuthUser,
    id: number,
    set: { note: string } | { enabled: boolean },
    actor: Actor,
  ): Promise<ApiKey> {
    return db.transaction(async (tx) => {
      const before = await repo.findOfUser(tx, user.id, id);
      if (!before) throw notFound();
      const row = (await repo.update(tx, user.id, id, set))!;
      const action = 'note' in set ? 'apiKey.edit' : set.enabled ? 'apiKey.enable' : 'apiKey.disable';
      const was = 'note' in set ? { note: before.note } : { enabled: before.enabled };
      await recordOperation(tx, { actor, action, target: target(row), before: was, after: set, at: now() });
      return toApiKey(row);
    });
  }

  return {
    list: async (user: AuthUser) => (await repo.listOfUser(db, user.id)).map(toApiKey),

    async create(user: AuthUser, input: ApiKeyCreate, actor: Actor): Promise<ApiKeyCreated> {
      refuseSimulation(user);
      const secretId = newSecretId();
      const secretKey = newSecretKey();
      const row = await db.transaction(async (tx) => {
        await repo.lockUser(tx, user.id);
        if ((await repo.countOfUser(tx, user.id)) >= limits.apiKey.perUser) {
          throw new AppError('API_KEY_LIMIT_REACHED', { params: { max: limits.apiKey.perUser } });
        }
        const created = await repo.insert(tx, {
          userId: user.id,
          secretId,
          secretKeySealed: box.seal(secretKey, secretContext(user.id, secretId)),
          note: input.note,
          readOnly: input.readOnly,
          createdAt: now(),
        });
        const after = { note: input.note, readOnly: input.readOnly };
        await recordOperation(tx, { actor, action: 'apiKey.create', target: target(created), after, at: now() });
        return created;
      });
      return { ...toApiKey(row), secretKey };
    },

    setNote: (user: AuthUser, id: number, note: string, actor: Actor) => change(user, id, { note }, actor),
    setEnabled: (user: AuthUser, id: number, enabled: boolean, actor: Actor) => change(user, id, { enabled }, actor),

    async delete(user: AuthUser, id: number, actor: Actor): Promise<null> {
      await db.transaction(async (tx) => {
        const before = await repo.findOfUser(tx, user.id, id);
        if (!before || !(await repo.remove(tx, user.id, id))) throw notFound();
        const was = { note: before.note, readOnly: before.readOnly, enabled: before.enabled };
        await recordOperation(tx, { actor, action: 'apiKey.delete', target: target(before), before: was, at: now() });
      });
      return null;
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
