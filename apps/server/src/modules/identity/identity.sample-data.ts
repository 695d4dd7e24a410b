import { secretBoxOf } from '../../secrets/secret-box';
import type { AreaContext, SampleOwner } from '../area';
import * as repo from './real-name.repository';
import { sealIdentity } from './real-name.service';

/**
 * The demo account is created verified; this gives it the identity it was verified with: GB 11643's own example
 * number and a placeholder name, marked as sample data.
 */
export async function addSampleIdentity(ctx: AreaContext, owner: SampleOwner): Promise<void> {
  const box = secretBoxOf(ctx.config);
  const at = ctx.now();
  await repo.insertAttempt(ctx.database.db, {
    userId: owner.userId,
    ...sealIdentity(box, owner.userId, { realName: '演示用户', idNumber: '11010519491231002X' }),
    provider: 'sample',
    status: 'passed',
    sample: true,
    createdAt: at,
    finishedAt: at,
  });
  await repo.setAccountVerified(ctx.database.db, owner.userId, true, at);
}

/** A submission whose face check failed, waiting for the operator console's reviewer (the demo's second customer). */
export async function addSampleSubmission(ctx: AreaContext, applicant: Pick<SampleOwner, 'userId'>): Promise<void> {
  const at = new Date(ctx.now().getTime() - 2 * 60 * 60_000);
  await repo.insertAttempt(ctx.database.db, {
    userId: applicant.userId,
    ...sealIdentity(secretBoxOf(ctx.config), applicant.userId, { realName: '李四', idNumber: '11010519491231002X' }),
    provider: 'sample',
    status: 'failed',
    sample: true,
    createdAt: at,
    finishedAt: at,
  });
}
