import { limits } from '@edgeward/contract';
import { z } from 'zod';
import { defineJob } from '../../jobs/job';
import { defineSchedule } from '../../jobs/schedules';

/** Recomputes every eo domain's rate baseline from the last 7 days of its traffic. */
export const eoBaselineJob = defineJob({
  kind: 'eo.rate-baselines',
  payload: z.object({}),
  maxAttempts: 3,
  mergeKey: () => 'all',
});

export const eoBaselineSchedule = defineSchedule({
  name: 'eo.rate-baselines',
  everyMs: limits.eo.baselineRefreshMs,
  job: eoBaselineJob,
  payload: {},
});
