import { type ApiKey, type ApiKeyCreate, type ApiKeyCreated, limits } from '@edgeward/contract';
import type { Db } from '../../db/connect';
import { AppError, notFound } from '../../http/errors';
import type { SecretBox } from '../../secrets/secret-box';
import { refuseSimulation } from '../account/simulation.guard';
import type { AuthUser } from '../session/session.service';
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

  async function change(user: AuthUser, id: number, set: { note?: string; enabled?: boolean }): Promise<ApiKey> {
    const row = await repo.update(db, user.id, id, set);
    if (!row) throw notFound();
    return toApiKey(row);
  }

  return {
    list: async (user: AuthUser) => (await repo.listOfUser(db, user.id)).map(toApiKey),

    async create(user: AuthUser, input: ApiKeyCreate): Promise<ApiKeyCreated> {
      await refuseSimulation(db, user);
      const secretId = newSecretId();
      const secretKey = newSecretKey();
      const row = await db.transaction(async (tx) => {
        await repo.lockUser(tx, user.id);
        if ((await repo.countOfUser(tx, user.id)) >= limits.apiKey.perUser) {
          throw new AppError('API_KEY_LIMIT_REACHED', { params: { max: limits.apiKey.perUser } });
        }
        return repo.insert(tx, {
          userId: user.id,
          secretId,
          secretKeySealed: box.seal(secretKey, secretContext(user.id, secretId)),
          note: input.note,
          readOnly: input.readOnly,
          createdAt: now(),
        });
      });
      return { ...toApiKey(row), secretKey };
    },

    setNote: (user: AuthUser, id: number, note: string) => change(user, id, { note }),
    setEnabled: (user: AuthUser, id: number, enabled: boolean) => change(user, id, { enabled }),

    async delete(user: AuthUser, id: number): Promise<null> {
      if (!(await repo.remove(db, user.id, id))) throw notFound();
      return null;
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
