import { z } from 'zod';
import { defineJob } from '../../jobs/job';
import { defineSchedule } from '../../jobs/schedules';

/** Uploads no ticket or reply named within this time are dropped, row and file. */
export const ABANDONED_IMAGE_MS = 24 * 60 * 60_000;

export const purgeAbandonedImagesJob = defineJob({
  kind: 'support.purge-abandoned-images',
  payload: z.object({}),
  maxAttempts: 3,
  mergeKey: () => 'all',
});

export const purgeAbandonedImagesSchedule = defineSchedule({
  name: 'support.purge-abandoned-images',
  everyMs: 60 * 60_000,
  job: purgeAbandonedImagesJob,
  payload: {},
});
