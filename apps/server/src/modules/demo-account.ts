import { createPasswordHasher } from '../secrets/password-hasher';
import { createSampleApplicant, demoAccount, ensureDemoAccount } from './account';
import type { Area, AreaContext } from './area';
import { addSampleSubmission } from './identity';
import { ensureDemoAdmin } from './staff';

/**
 * The demo account (config.demo: development on loopback, or DEMO=true) and, when it is created now, every area's
 * sample data, so that a newcomer's console is alive at the first login; and the operator console's demo admin with
 * a customer waiting for real-name review, so that its queues are alive too. Never in production: config.demo is
 * false there. Answers the demo account's id when it was created now.
 */
export async function startDemoAccount(ctx: AreaContext, areas: readonly Area[]): Promise<number | null> {
  if (!ctx.config.demo) return null;
  const passwords = createPasswordHasher(ctx.config.passwordHashing);
  await ensureDemoAdmin(ctx.database.db, passwords, ctx.log);
  const userId = await ensureDemoAccount(ctx.database.db, passwords, ctx.log);
  if (userId === null) return null;
  for (const area of areas) await area.sampleData?.(ctx, { userId, userName: demoAccount.userName });
  const applicant = await createSampleApplicant(ctx.database.db, passwords);
  if (applicant !== null) await addSampleSubmission(ctx, { userId: applicant });
  return userId;
}
