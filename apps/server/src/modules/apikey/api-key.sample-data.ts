import { secretBoxOf } from '../../secrets/secret-box';
import type { AreaContext, SampleOwner } from '../area';
import * as repo from './api-key.repository';
import { newSecretId, newSecretKey, secretContext } from './api-key.secrets';

const DAY_MS = 86_400_000;

/**
 * Two sample keys for the demo account: a read-only one used yesterday, and a disabled one. Their SecretKeys are
 * generated and sealed like any other and shown to nobody, so they sign nothing; they hold two of the five places.
 */
export async function addSampleApiKeys(ctx: AreaContext, owner: SampleOwner): Promise<void> {
  const box = secretBoxOf(ctx.config);
  const now = ctx.now().getTime();
  const samples = [
    {
      note: 'Monitoring (read-only)',
      readOnly: true,
      enabled: true,
      createdAt: new Date(now - 20 * DAY_MS),
      lastUsedAt: new Date(now - DAY_MS),
      lastUsedIp: '203.0.113.10',
    },
    { note: 'Old deploy script', readOnly: false, enabled: false, createdAt: new Date(now - 90 * DAY_MS) },
  ];
  for (const sample of samples) {
    const secretId = newSecretId();
    await repo.insert(ctx.database.db, {
      ...sample,
      userId: owner.userId,
      secretId,
      secretKeySealed: box.seal(newSecretKey(), secretContext(owner.userId, secretId)),
      sample: true,
    });
  }
}
