import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { defineJob } from '../../jobs/job';
import { defineSchedule } from '../../jobs/schedules';
import { ensureDemoAccount } from './account.operator';
import { createPasswordHasher } from './password-hasher';

/** Deletes expired captchas, codes and tokens; one waiting purge is as good as ten. */
export const purgeExpiredJob = defineJob({
  kind: 'account.purge-expired',
  payload: z.object({}),
  maxAttempts: 3,
  mergeKey: () => 'all',
});

export const purgeExpiredSchedule = defineSchedule({
  name: 'account.purge-expired',
  everyMs: 60 * 60_000,
  job: purgeExpiredJob,
  payload: {},
});

/** The demo account, when config.demo. */
export async function startAccount(deps: {
  config: Config;
  database: Database;
  log: Parameters<typeof ensureDemoAccount>[2];
}): Promise<void> {
  if (deps.config.demo) {
    await ensureDemoAccount(deps.database.db, createPasswordHasher(deps.config.passwordHashing), deps.log);
  }
}
