import { z } from 'zod';
import { defineJob } from '../../jobs/job';
import { defineSchedule } from '../../jobs/schedules';

/** Drops raw access-log lines older than TRAFFIC_RAW_RETENTION_DAYS; the rollups stay. */
export const purgeRawLinesJob = defineJob({
  kind: 'traffic.purge-raw-lines',
  payload: z.object({}),
  maxAttempts: 3,
  mergeKey: () => 'all',
});

export const purgeRawLinesSchedule = defineSchedule({
  name: 'traffic.purge-raw-lines',
  everyMs: 60 * 60_000,
  job: purgeRawLinesJob,
  payload: {},
});

/**
 * Folds the ranking entries of recorded batches into the day's rankings (traffic-write.repository.ts foldRankings),
 * so that they do not pile up while nobody reads a ranking.
 */
export const foldRankingsJob = defineJob({
  kind: 'traffic.fold-rankings',
  payload: z.object({}),
  maxAttempts: 3,
  mergeKey: () => 'all',
});

export const foldRankingsSchedule = defineSchedule({
  name: 'traffic.fold-rankings',
  everyMs: 60_000,
  job: foldRankingsJob,
  payload: {},
});
