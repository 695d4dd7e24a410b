import { z } from 'zod';
import { defineJob } from '../../jobs/job';
import { defineSchedule } from '../../jobs/schedules';

/** Drops the nonces of signed calls whose timestamps can no longer be accepted anyway. */
export const purgeNoncesJob = defineJob({
  kind: 'apikey.purge-nonces',
  payload: z.object({}),
  maxAttempts: 3,
  mergeKey: () => 'all',
});

export const purgeNoncesSchedule = defineSchedule({
  name: 'apikey.purge-nonces',
  everyMs: 10 * 60_000,
  job: purgeNoncesJob,
  payload: {},
});
