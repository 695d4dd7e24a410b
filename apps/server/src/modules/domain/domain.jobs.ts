import { z } from 'zod';
import { defineJob } from '../../jobs/job';

/**
 * Sends a domain's current state to the edge. The job reads the state when it runs, so every change waiting to
 * be published is carried by one job: changes made while one waits merge into it (one edge reload for ten saves).
 */
export const publishJob = defineJob({
  kind: 'domain.publish',
  payload: z.object({ domainId: z.number().int().positive() }),
  mergeKey: ({ domainId }) => String(domainId),
});
