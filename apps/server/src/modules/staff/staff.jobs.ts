import { z } from 'zod';
import { defineJob } from '../../jobs/job';
import { defineSchedule } from '../../jobs/schedules';

/** Deletes expired staff sign-in challenges and sessions; the audit log keeps every sign-in. */
export const purgeExpiredStaffJob = defineJob({
  kind: 'staff.purge-expired',
  payload: z.object({}),
  maxAttempts: 3,
  mergeKey: () => 'all',
});

export const purgeExpiredStaffSchedule = defineSchedule({
  name: 'staff.purge-expired',
  everyMs: 60 * 60_000,
  job: purgeExpiredStaffJob,
  payload: {},
});
