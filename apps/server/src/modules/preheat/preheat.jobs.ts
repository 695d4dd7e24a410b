import { z } from 'zod';
import { defineJob } from '../../jobs/job';

/** Hands a submitted task to the edge; the edge's results come back as a cache report. */
export const runCacheTaskJob = defineJob({
  kind: 'preheat.run',
  payload: z.object({ taskId: z.number().int().positive() }),
});
