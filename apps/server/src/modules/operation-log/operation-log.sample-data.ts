import type { OperationAction, OperationTargetType } from '@edgeward/contract';
import { asc, eq } from 'drizzle-orm';
import { domains } from '../../db/schema';
import type { AreaContext, SampleOwner } from '../area';
import { describeChanges } from './change-summary';
import * as repo from './operation-log.repository';

interface SampleOperation {
  hoursAgo: number;
  action: OperationAction;
  target: { type: OperationTargetType; id?: string; name?: string };
  before?: unknown;
  after?: unknown;
  operator?: boolean;
}

/** A week of the demo account's operations, named after its sample domains, each marked as sample data. */
export async function addSampleOperations(ctx: AreaContext, owner: SampleOwner): Promise<void> {
  const { db } = ctx.database;
  const owned = await db
    .select({ id: domains.id, name: domains.domainName, status: domains.status })
    .from(domains)
    .where(eq(domains.userId, owner.userId))
    .orderBy(asc(domains.id));
  const ref = (status: string, fallback: string) => {
    const row = owned.find((d) => d.status === status);
    return row ? { id: String(row.id), name: row.name } : { name: fallback };
  };
  const first = ref('enabled', 'www.example.com');
  const second = ref('disabled', 'old.example.com');
  const samples: SampleOperation[] = [
    { hoursAgo: 160, action: 'domain.create', target: { type: 'domain', ...first }, after: { type: 'web' } },
    {
      hoursAgo: 165,
      action: 'domain.verifyOwnership',
      target: { type: 'domain', name: 'example.com' },
      operator: true,
      after: { verified: 'yes' },
    },
    {
      hoursAgo: 120,
      action: 'domain.configure',
      target: { type: 'domain', ...first },
      before: { cacheConfig: { rules: [] } },
      after: { cacheConfig: { rules: [{ type: 'suffix', ttl: 86400 }] } },
    },
    { hoursAgo: 96, action: 'certificate.upload', target: { type: 'certificate', name: 'sample-wildcard' } },
    {
      hoursAgo: 72,
      action: 'order.recharge',
      target: { type: 'order', name: 'R-SAMPLE-0001' },
      after: { amount: '100.00' },
    },
    {
      hoursAgo: 48,
      action: 'domain.disable',
      target: { type: 'domain', ...second },
      before: { status: 'enabled' },
      after: { status: 'disabled' },
    },
    { hoursAgo: 24, action: 'cacheTask.create', target: { type: 'cacheTask', name: 'refreshUrl' }, after: { urls: 2 } },
    {
      hoursAgo: 2,
      action: 'account.profile',
      target: { type: 'account', name: 'demo' },
      before: { nickName: 'Demo' },
      after: { nickName: 'Demo user' },
    },
  ];
  const at = ctx.now().getTime();
  for (const s of samples) {
    await repo.insert(db, {
      userId: owner.userId,
      actor: s.operator ? 'operator' : 'user',
      address: s.operator ? null : '203.0.113.7',
      action: s.action,
      targetType: s.target.type,
      targetId: s.target.id ?? null,
      targetName: s.target.name ?? null,
      changes: describeChanges(s.before, s.after),
      sample: true,
      createdAt: new Date(at - s.hoursAgo * 3_600_000),
    });
  }
}
