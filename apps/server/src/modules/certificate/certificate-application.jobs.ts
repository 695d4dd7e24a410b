import { z } from 'zod';
import { defineJob } from '../../jobs/job';
import { defineSchedule } from '../../jobs/schedules';

/** The wait before retry n: 30 s, 1 min, 2 min ... capped at 30 minutes (an unreachable CA, an order still busy). */
export const applicationBackoffMs = (attempt: number) => Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 30 * 60_000);

/**
 * Takes one application as far as it can go: places the order and generates the records (creating), or has the
 * CA validate, finalizes and stores the certificate (generating). It reads where the application and its order
 * stand each time, so a run cut short anywhere is resumed by the next one.
 */
export const applicationJob = defineJob({
  kind: 'certificate.application',
  payload: z.object({ applicationId: z.number().int().positive() }),
  mergeKey: ({ applicationId }) => String(applicationId),
  maxAttempts: 8,
  backoff: applicationBackoffMs,
});

/** Expires applications left unverified and starts the renewal of applied certificates that expire soon. */
export const applicationMaintenanceJob = defineJob({
  kind: 'certificate.maintenance',
  payload: z.object({}),
  mergeKey: () => 'all',
});

export const applicationMaintenanceSchedule = defineSchedule({
  name: 'certificate.maintenance',
  everyMs: 3600_000,
  job: applicationMaintenanceJob,
  payload: {},
});
