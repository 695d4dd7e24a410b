import { defineRoute, ofVariant } from '../route';
import {
  BandwidthStatisticsSchema,
  DomainStatisticsSchema,
  EdgeLogBatchResultSchema,
  HitRateStatisticsSchema,
  HomeQuerySchema,
  HomeStatisticsSchema,
  MyStatisticsDomainSchema,
  StatisticsQuerySchema,
  StatusStatisticsSchema,
  TopListSchema,
  TopQuerySchema,
} from '../schemas/traffic';

/*
 * Traffic statistics: the spec's section 7 user paths, answered from the five-minute, hourly, 4-hour and daily
 * rollups of the edge's access logs. startTime/endTime are epoch ms; days are Beijing days (UTC+8).
 * - Tenancy: domainNames may only name the caller's domains; any other name answers NOT_FOUND, like a missing one.
 *   Without domainNames the account's figures answer, traffic of domains deleted since included.
 * - A range longer than limits.traffic.maxRangeDays, or five-minute points over more than maxFiveMinuteRangeDays,
 *   is a validation failure (traffic.range.*).
 * The edge's log intake (/edge/logs) is not a customer call: an edge node authenticates with its own token.
 */

const tag = 'statistics';
const query = { id: 'statistics', action: 'query' } as const;

// The CDN's statistics (the edge platform's are its /eo/domain/... calls); the rankings serve both.
export const trafficRoutes = ofVariant(
  'cdn',
  {
    home: defineRoute({
      method: 'GET',
      path: '/user/home',
      summary: 'Overview: traffic, peak bandwidth, requests and hit rate against the previous period; top-5 domains',
      tag,
      permission: { id: 'overview' },
      query: HomeQuerySchema,
      data: HomeStatisticsSchema,
    }),
    domainStatistics: defineRoute({
      method: 'GET',
      path: '/user/domain-statistics',
      summary: 'Traffic (bytes) and requests per bucket',
      tag,
      permission: query,
      query: StatisticsQuerySchema,
      data: DomainStatisticsSchema,
    }),
    bandwidth: defineRoute({
      method: 'GET',
      path: '/user/bs_statistics',
      summary: 'Bandwidth per bucket, its peak and 95th percentile',
      tag,
      permission: query,
      query: StatisticsQuerySchema,
      data: BandwidthStatisticsSchema,
    }),
    hitRate: defineRoute({
      method: 'GET',
      path: '/user/hit_rate_statistics',
      summary: 'Cache hit rate (requests and bytes) per bucket',
      tag,
      permission: query,
      query: StatisticsQuerySchema,
      data: HitRateStatisticsSchema,
    }),
    status: defineRoute({
      method: 'GET',
      path: '/user/status_statistics',
      summary: 'Status classes per bucket and the distribution of status codes',
      tag,
      permission: query,
      query: StatisticsQuerySchema,
      data: StatusStatisticsSchema,
    }),
    myDomains: defineRoute({
      method: 'GET',
      path: '/user/my_statistics_domain',
      summary: "The caller's domains with their figures in the range, most traffic first",
      tag,
      permission: query,
      query: StatisticsQuerySchema,
      data: MyStatisticsDomainSchema,
    }),
    top: defineRoute({
      method: 'GET',
      path: '/statistics/top',
      summary: 'Top URLs, referers or client addresses by requests (Beijing days of the range)',
      tag,
      permission: query,
      query: TopQuerySchema,
      data: TopListSchema,
    }),
  },
  ['top'],
);

/**
 * The edge's access-log intake: JSON lines (application/x-ndjson or text/plain, optionally Content-Encoding: gzip),
 * Authorization: Bearer <edge node token>, X-Batch-Id naming the batch (a batch posted twice counts once; without
 * it, the body's SHA-256 names it).
 */
export const edgeLogRoutes = {
  ingest: defineRoute({
    method: 'POST',
    path: '/edge/logs',
    summary: 'Edge nodes post access-log lines',
    tag: 'edge',
    auth: 'none',
    data: EdgeLogBatchResultSchema,
  }),
};
