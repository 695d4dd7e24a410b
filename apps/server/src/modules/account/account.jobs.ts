import { z } from 'zod';
import { defineJob } from '../../jobs/job';
import { defineSchedule } from '../../jobs/schedules';

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
