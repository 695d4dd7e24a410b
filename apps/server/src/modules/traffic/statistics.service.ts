import {
  type BandwidthStatistics,
  type DomainStatistics,
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
  addFigures,
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

export interface StatisticsServiceDeps {
  db: Db;
  now: () => Date;
}

type Caller = { id: number };

/**
 * The statistics calls of spec section 7, answered from the rollups. Every query is confined to the caller's
 * domains: naming another customer's domain (or none that exists) answers NOT_FOUND.
 */
export function createStatisticsService(deps: StatisticsServiceDeps) {
  const { db } = deps;

  async function domainsOf(user: Caller, names: readonly string[] | undefined): Promise<DomainRef[]> {
    if (names === undefined || names.length === 0) return domainsOfUser(db, user.id);
    const unique = [...new Set(names)];
    const found = await userDomainsNamed(db, user.id, unique);
    if (found.length !== unique.length) throw notFound();
    return found;
  }

  async function seriesOf(user: Caller, q: StatisticsQuery) {
    const ids = (await domainsOf(user, q.domainNames)).map((d) => d.id);
    const from = bucketStart(q.startTime, q.granularity);
    const rows = ids.length ? await read.series(db, ids, q.granularity, from, q.endTime) : [];
    return filled(rows, q.startTime, q.endTime, q.granularity, (time) => ({ time, ...noFigures() }));
  }

  async function fiveMinutePoints(ids: readonly number[], from: number, to: number) {
    const rows = ids.length ? await read.fiveMinuteBytes(db, ids, from, to) : [];
    return filled(rows, from, to, '5m', (time) => ({ time, bytes: 0 }));
  }

  async function totalsOf(domains: readonly DomainRef[], startTime: number, endTime: number) {
    const ids = domains.map((d) => d.id);
    return ids.length ? await read.domainTotals(db, ids, rangePieces(startTime, endTime)) : new Map();
  }

  async function usage(domains: readonly DomainRef[], startTime: number, endTime: number) {
    const totals = await totalsOf(domains, startTime, endTime);
    return domains.map((d) => toDomainUsage(d, totals.get(d.id))).sort(byTraffic);
  }

  async function summary(domains: readonly DomainRef[], startTime: number, endTime: number) {
    const totals = await totalsOf(domains, startTime, endTime);
    const all = [...totals.values()].reduce((sum, f) => addFigures(sum, f), noFigures());
    const points = await fiveMinutePoints(
      domains.map((d) => d.id),
      bucketStart(startTime, '5m'),
      endTime,
    );
    return {
      list: domains.map((d) => toDomainUsage(d, totals.get(d.id))).sort(byTraffic),
      bytes: all.bytes,
      requests: all.requests,
      hitRate: all.requests > 0 ? all.hits / all.requests : null,
      peakBps: points.reduce((max, p) => Math.max(max, bpsOf(p.bytes)), 0),
    };
  }

  return {
    async domainStatistics(user: Caller, q: StatisticsQuery): Promise<DomainStatistics> {
      return toDomainStatistics(q.granularity, await seriesOf(user, q));
    },

    async bandwidth(user: Caller, q: StatisticsQuery): Promise<BandwidthStatistics> {
      const ids = (await domainsOf(user, q.domainNames)).map((d) => d.id);
      return toBandwidth(
        q.granularity,
        await fiveMinutePoints(ids, bucketStart(q.startTime, q.granularity), q.endTime),
      );
    },

    async hitRate(user: Caller, q: StatisticsQuery): Promise<HitRateStatistics> {
      return toHitRate(q.granularity, await seriesOf(user, q));
    },

    async status(user: Caller, q: StatisticsQuery): Promise<StatusStatistics> {
      const points = await seriesOf(user, q);
      const ids = (await domainsOf(user, q.domainNames)).map((d) => d.id);
      // Codes are kept to the hour: a range's distribution counts the hours it touches.
      const pieces = rangePieces(bucketStart(q.startTime, q.granularity), q.endTime, '1h');
      const codes = ids.length ? await read.statusCodes(db, ids, pieces) : [];
      return toStatus(q.granularity, points, codes);
    },

    async myDomains(user: Caller, q: StatisticsQuery): Promise<MyStatisticsDomain> {
      return { list: await usage(await domainsOf(user, q.domainNames), q.startTime, q.endTime) };
    },

    async top(user: Caller, q: TopQuery): Promise<TopList> {
      const ids = (await domainsOf(user, q.domainNames)).map((d) => d.id);
      const list = ids.length
        ? await read.topItems(db, ids, q.kind, utc8Day(q.startTime), utc8Day(q.endTime - 1), q.limit)
        : [];
      return { kind: q.kind, list };
    },

    /** The overview: the last 7 days (or the given range) against the period of the same length before it. */
    async home(user: Caller, q: HomeQuery): Promise<HomeStatistics> {
      const fallback = statisticsRange('7d', deps.now().getTime());
      const endTime = q.endTime ?? fallback.endTime;
      const startTime = q.startTime ?? (q.endTime === undefined ? fallback.startTime : endTime - 7 * 86_400_000);
      const previousStartTime = startTime - (endTime - startTime);
      const domains = await domainsOfUser(db, user.id);
      const current = await summary(domains, startTime, endTime);
      const previous = await summary(domains, previousStartTime, startTime);
      const compare = (key: 'bytes' | 'requests' | 'peakBps') => ({ value: current[key], previous: previous[key] });
      return {
        startTime,
        endTime,
        previousStartTime,
        bytes: compare('bytes'),
        requests: compare('requests'),
        peakBps: compare('peakBps'),
        hitRate: { value: current.hitRate, previous: previous.hitRate },
        topDomains: current.list.slice(0, limits.traffic.topDefault),
      };
    },
  };
}

export type StatisticsService = ReturnType<typeof createStatisticsService>;
