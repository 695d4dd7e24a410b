import {
  type BandwidthStatistics,
  type DomainStatistics,
  type DomainVariant,
  type HitRateStatistics,
  type HomeQuery,
  type HomeStatistics,
  limits,
  type MyStatisticsDomain,
  type StatisticsQuery,
  type StatusStatistics,
  statisticsRange,
  type TopList,
  type TopQuery,
} from '@edgeward/contract';
import type { Db } from '../../db/connect';
import { notFound } from '../../http/errors';
import { bucketStart, rangePieces, utc8Day } from './buckets';
import { type DomainRef, domainsOfUser, userDomainsNamed } from './domain-directory';
import {
  bpsOf,
  byTraffic,
  filled,
  noFigures,
  toBandwidth,
  toDomainStatistics,
  toDomainUsage,
  toHitRate,
  toStatus,
} from './statistics.presenter';
import * as read from './traffic-read.repository';
import { foldRankings } from './traffic-write.repository';

export interface StatisticsServiceDeps {
  db: Db;
  now: () => Date;
  /**
   * Confines every query to one variant's domains: the CDN's statistics or the edge platform's. The CDN's figures
   * of the whole account are the account's buckets (deleted domains' traffic included) less its edge-platform
   * domains'.
   */
  variant: DomainVariant;
}

type Caller = { id: number };

/**
 * The statistics calls of spec section 7, answered from the rollups. Every query is confined to the caller's
 * domains: naming another customer's domain (or none that exists) answers NOT_FOUND.
 */
export function createStatisticsService(deps: StatisticsServiceDeps) {
  const { db, variant } = deps;

  async function domainsOf(user: Caller, names: readonly string[] | undefined): Promise<DomainRef[]> {
    if (names === undefined || names.length === 0) return domainsOfUser(db, user.id, variant);
    const unique = [...new Set(names)];
    const found = await userDomainsNamed(db, user.id, unique, variant);
    if (found.length !== unique.length) throw notFound();
    return found;
  }

  /** Named domains are summed from their own buckets; no names means the whole account's buckets. */
  async function scopeOf(user: Caller, names: readonly string[] | undefined): Promise<read.Scope> {
    if ((names === undefined || names.length === 0) && variant === 'cdn') {
      const edgePlatform = await domainsOfUser(db, user.id, 'eo');
      return { userId: user.id, except: edgePlatform.map((d) => d.id) };
    }
    return { domainIds: (await domainsOf(user, names)).map((d) => d.id) };
  }

  async function seriesOf(user: Caller, q: StatisticsQuery) {
    const scope = await scopeOf(user, q.domainNames);
    const rows = await read.series(db, scope, q.granularity, bucketStart(q.startTime, q.granularity), q.endTime);
    return filled(rows, q.startTime, q.endTime, q.granularity, (time) => ({ time, ...noFigures() }));
  }

  async function fiveMinutePoints(scope: read.Scope, from: number, to: number) {
    const rows = await read.fiveMinuteBytes(db, scope, from, to);
    return filled(rows, from, to, '5m', (time) => ({ time, bytes: 0 }));
  }

  async function usage(domains: readonly DomainRef[], startTime: number, endTime: number) {
    const ids = domains.map((d) => d.id);
    const totals = ids.length ? await read.domainTotals(db, ids, rangePieces(startTime, endTime)) : new Map();
    return domains.map((d) => toDomainUsage(d, totals.get(d.id))).sort(byTraffic);
  }

  /** The figures of the variant over a range (on the CDN, deleted domains' traffic included) and their peak 5-minute bandwidth. */
  async function summary(user: Caller, startTime: number, endTime: number) {
    const scope = await scopeOf(user, undefined);
    const all = await read.scopeTotals(db, scope, rangePieces(startTime, endTime));
    const points = await fiveMinutePoints(scope, bucketStart(startTime, '5m'), endTime);
    return {
      bytes: all.bytes,
      requests: all.requests,
      hitRate: all.requests > 0 ? all.hits / all.requests : null,
      peakBps: points.reduce((max, p) => Math.max(max, bpsOf(p.bytes)), 0),
    };
  }

  return {
    /** Requests per 5-minute bucket of one domain (any owner): what the edge platform's baselines are built from. */
    async requestsPerFiveMinutes(domainId: number, from: number, to: number): Promise<number[]> {
      const rows = await read.series(db, { domainIds: [domainId] }, '5m', bucketStart(from, '5m'), to);
      return rows.map((row) => row.requests);
    },

    async domainStatistics(user: Caller, q: StatisticsQuery): Promise<DomainStatistics> {
      return toDomainStatistics(q.granularity, await seriesOf(user, q));
    },

    async bandwidth(user: Caller, q: StatisticsQuery): Promise<BandwidthStatistics> {
      const scope = await scopeOf(user, q.domainNames);
      return toBandwidth(
        q.granularity,
        await fiveMinutePoints(scope, bucketStart(q.startTime, q.granularity), q.endTime),
      );
    },

    async hitRate(user: Caller, q: StatisticsQuery): Promise<HitRateStatistics> {
      return toHitRate(q.granularity, await seriesOf(user, q));
    },

    async status(user: Caller, q: StatisticsQuery): Promise<StatusStatistics> {
      const points = await seriesOf(user, q);
      const ids = (await domainsOf(user, q.domainNames)).map((d) => d.id);
      // Codes are kept per domain and to the hour: a range's distribution counts the hours it touches, over the
      // domains the account holds now.
      const pieces = rangePieces(bucketStart(q.startTime, q.granularity), q.endTime, '1h');
      const codes = ids.length ? await read.statusCodes(db, ids, pieces) : [];
      return toStatus(q.granularity, points, codes);
    },

    async myDomains(user: Caller, q: StatisticsQuery): Promise<MyStatisticsDomain> {
      return { list: await usage(await domainsOf(user, q.domainNames), q.startTime, q.endTime) };
    },

    async top(user: Caller, q: TopQuery): Promise<TopList> {
      const ids = (await domainsOf(user, q.domainNames)).map((d) => d.id);
      if (ids.length === 0) return { kind: q.kind, list: [] };
      // Batches recorded since the last fold count too: a ranking is never behind the rollups beside it.
      await foldRankings(db);
      const list = await read.topItems(db, ids, q.kind, utc8Day(q.startTime), utc8Day(q.endTime - 1), q.limit);
      return { kind: q.kind, list };
    },

    /** The overview: the last 7 days (or the given range) against the period of the same length before it. */
    async home(user: Caller, q: HomeQuery): Promise<HomeStatistics> {
      const { startTime, endTime } =
        q.startTime !== undefined && q.endTime !== undefined
          ? { startTime: q.startTime, endTime: q.endTime }
          : statisticsRange('7d', deps.now().getTime());
      const previousStartTime = startTime - (endTime - startTime);
      const current = await summary(user, startTime, endTime);
      const previous = await summary(user, previousStartTime, startTime);
      const compare = (key: 'bytes' | 'requests' | 'peakBps') => ({ value: current[key], previous: previous[key] });
      return {
        startTime,
        endTime,
        previousStartTime,
        bytes: compare('bytes'),
        requests: compare('requests'),
        peakBps: compare('peakBps'),
        hitRate: { value: current.hitRate, previous: previous.hitRate },
        topDomains: (await usage(await domainsOfUser(db, user.id, variant), startTime, endTime)).slice(
          0,
          limits.traffic.topDefault,
        ),
      };
    },
  };
}

export type StatisticsService = ReturnType<typeof createStatisticsService>;
