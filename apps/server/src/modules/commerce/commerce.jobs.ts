import { limits } from '@edgeward/contract';
import { z } from 'zod';
import { defineJob } from '../../jobs/job';
import { defineSchedule } from '../../jobs/schedules';

/** Cancels unpaid orders past their 30 minutes; one waiting run is as good as ten. */
export const closeOverdueOrdersJob = defineJob({
  kind: 'commerce.close-overdue-orders',
  payload: z.object({}),
  maxAttempts: 3,
  mergeKey: () => 'all',
});

/** Every minute, so that an order closes at most a minute after its 30 minutes (payment also checks the time). */
export const closeOverdueOrdersSchedule = defineSchedule({
  name: 'commerce.close-overdue-orders',
  everyMs: Math.min(60_000, limits.commerce.unpaidCloseMs),
  job: closeOverdueOrdersJob,
  payload: {},
});
