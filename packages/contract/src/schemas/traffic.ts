import { z } from 'zod';
import { limits } from '../limits';
import { epochMsQuery, text } from './common';

const t = limits.traffic;

/** Statistics granularities (spec section 9): 5 minutes, 1 hour, 4 hours, 1 day. */
export const statisticsGranularities = ['5m', '1h', '4h', '1d'] as const;
export type StatisticsGranularity = (typeof statisticsGranularities)[number];
/** The granularities summed from the 5-minute buckets. */
export const coarseGranularities = ['1h', '4h', '1d'] as const satisfies readonly StatisticsGranularity[];
export const StatisticsGranularitySchema = z.enum(statisticsGranularities, { error: 'validation.invalid' });

/** Each granularity's step in milliseconds. */
export const granularityMs: Record<StatisticsGranularity, number> = {
  '5m': 300_000,
  '1h': 3_600_000,
  '4h': 4 * 3_600_000,
  '1d': 86_400_000,
};

const DAY_MS = 86_400_000;

/** `a,b` or repeated `domainNames=a&domainNames=b`: the query names domains either way. */
const DomainNamesSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').filter((s) => s.trim() !== '') : value),
  z
    .array(text().trim().toLowerCase().min(1).max(limits.domain.nameMax))
    .max(t.maxQueryDomains, { error: 'validation.tooMany' }),
);

/**
 * A statistics query (spec sections 3 and 7): startTime and endTime are epoch milliseconds, the web having shifted
 * them to the UTC+8 reference; days and the 4-hour and 1-day buckets are Beijing's. Without domainNames every
 * domain of the caller counts; a name that is not the caller's answers NOT_FOUND.
 */
export const StatisticsQuerySchema = z
  .object({
    startTime: epochMsQuery('validation.required'),
    endTime: epochMsQuery('validation.required'),
    granularity: StatisticsGranularitySchema.default('1h'),
    domainNames: DomainNamesSchema.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.endTime <= q.startTime) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'traffic.range.endBeforeStart' });
    } else if (q.endTime - q.startTime > t.maxRangeDays * DAY_MS) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'traffic.range.tooLong' });
    } else if (q.granularity === '5m' && q.endTime - q.startTime > t.maxFiveMinuteRangeDays * DAY_MS) {
      ctx.addIssue({ code: 'custom', path: ['granularity'], message: 'traffic.range.tooFine' });
    }
  });
export type StatisticsQuery = z.output<typeof StatisticsQuerySchema>;
export type StatisticsQueryInput = z.input<typeof StatisticsQuerySchema>;

/** The overview (/user/home): both times or neither, which means the last 7 days; compared with the period before. */
export const HomeQuerySchema = z
  .object({
    startTime: epochMsQuery().optional(),
    endTime: epochMsQuery().optional(),
  })
  .superRefine((q, ctx) => {
    if (q.startTime === undefined && q.endTime === undefined) return;
    if (q.startTime === undefined || q.endTime === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [q.startTime === undefined ? 'startTime' : 'endTime'],
        message: 'validation.required',
      });
    } else if (q.endTime <= q.startTime) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'traffic.range.endBeforeStart' });
    } else if (q.endTime - q.startTime > t.maxRangeDays * DAY_MS) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'traffic.range.tooLong' });
    }
  });
export type HomeQuery = z.output<typeof HomeQuerySchema>;

export const topKinds = ['url', 'referer', 'clientIp'] as const;
export type TopKind = (typeof topKinds)[number];

export const TopQuerySchema = z
  .object({
    kind: z.enum(topKinds, { error: 'validation.invalid' }),
    limit: z.coerce.number().int().min(1).max(t.topMax).default(t.topDefault),
  })
  .and(StatisticsQuerySchema);
export type TopQuery = z.output<typeof TopQuerySchema>;

const count = z.number().int().min(0);
/** A share between 0 and 1; null where nothing was requested. */
const ratio = z.number().min(0).max(1).nullable();

export const TrafficPointSchema = z.object({ time: z.number().int(), bytes: count, requests: count });
export const DomainStatisticsSchema = z.object({
  granularity: StatisticsGranularitySchema,
  points: z.array(TrafficPointSchema),
  total: z.object({ bytes: count, requests: count }),
});
export type DomainStatistics = z.infer<typeof DomainStatisticsSchema>;

/**
 * Bandwidth in bits per second. A point is the highest five-minute average inside its bucket (a five-minute
 * point is that average itself); the 95th percentile is taken over the range's five-minute averages.
 */
export const BandwidthStatisticsSchema = z.object({
  granularity: StatisticsGranularitySchema,
  points: z.array(z.object({ time: z.number().int(), bps: z.number().min(0) })),
  peak: z.object({ bps: z.number().min(0), time: z.number().int().nullable() }),
  p95Bps: z.number().min(0),
});
export type BandwidthStatistics = z.infer<typeof BandwidthStatisticsSchema>;

export const HitRatePointSchema = z.object({
  time: z.number().int(),
  requests: count,
  hits: count,
  hitRate: ratio,
  byteHitRate: ratio,
});
export const HitRateStatisticsSchema = z.object({
  granularity: StatisticsGranularitySchema,
  points: z.array(HitRatePointSchema),
  total: HitRatePointSchema.omit({ time: true }),
});
export type HitRateStatistics = z.infer<typeof HitRateStatisticsSchema>;

export const statusClasses = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;
export type StatusClass = (typeof statusClasses)[number];
const StatusClassCountsSchema = z.object({ '1xx': count, '2xx': count, '3xx': count, '4xx': count, '5xx': count });
export const StatusStatisticsSchema = z.object({
  granularity: StatisticsGranularitySchema,
  points: z.array(StatusClassCountsSchema.extend({ time: z.number().int() })),
  classes: StatusClassCountsSchema,
  /** Every status code seen in the range, most frequent first. */
  codes: z.array(z.object({ code: z.number().int(), requests: count, share: z.number().min(0).max(1) })),
});
export type StatusStatistics = z.infer<typeof StatusStatisticsSchema>;

export const DomainUsageSchema = z.object({
  domainId: z.number().int(),
  domainName: z.string(),
  bytes: count,
  requests: count,
  hitRate: ratio,
  peakBps: z.number().min(0),
});
export type DomainUsage = z.infer<typeof DomainUsageSchema>;

/** /user/my_statistics_domain: each of the caller's domains with its figures in the range, most traffic first. */
export const MyStatisticsDomainSchema = z.object({ list: z.array(DomainUsageSchema) });
export type MyStatisticsDomain = z.infer<typeof MyStatisticsDomainSchema>;

export const TopListSchema = z.object({
  kind: z.enum(topKinds),
  list: z.array(z.object({ value: z.string(), requests: count, bytes: count })),
});
export type TopList = z.infer<typeof TopListSchema>;

const Compared = z.object({ value: z.number().min(0), previous: z.number().min(0) });
const ComparedRatio = z.object({ value: ratio, previous: ratio });

/** The overview: the range's totals against the period of the same length before it, and the top-5 domains. */
export const HomeStatisticsSchema = z.object({
  startTime: z.number().int(),
  endTime: z.number().int(),
  previousStartTime: z.number().int(),
  bytes: Compared,
  requests: Compared,
  peakBps: Compared,
  hitRate: ComparedRatio,
  topDomains: z.array(DomainUsageSchema),
});
export type HomeStatistics = z.infer<typeof HomeStatisticsSchema>;

/** What an edge node is told about one batch of access-log lines. */
export const EdgeLogBatchResultSchema = z.object({
  batchId: z.string(),
  /** The batch id was seen before: nothing was counted again. */
  duplicate: z.boolean(),
  lines: count,
  accepted: count,
  /** Lines that are not an access-log record (bad JSON, a missing or impossible field); never fatal. */
  rejected: count,
  /** Well-formed lines for a host that is no customer's domain. */
  unknownHost: count,
  /** The first few rejected lines: their 1-based number and what is wrong. */
  problems: z.array(z.object({ line: z.number().int(), problem: z.string() })),
});
export type EdgeLogBatchResult = z.infer<typeof EdgeLogBatchResultSchema>;
