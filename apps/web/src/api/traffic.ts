import {
  type DomainVariant,
  domainRoutes,
  eoDomainRoutes,
  limits,
  type StatisticsGranularity,
  trafficRoutes,
} from '@edgeward/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './client';
import { domainKeys } from './domain';

/** What one usage query asks: a range in epoch ms (Beijing days), a granularity, and the chosen domains (none: all). */
export interface UsageQuery {
  startTime: number;
  endTime: number;
  granularity: StatisticsGranularity;
  domainNames: string[];
}

/** The usage screen's metrics, each drawn from one statistics call. */
export const usageMetrics = ['traffic', 'bandwidth', 'requests', 'hitRate'] as const;
export type UsageMetric = (typeof usageMetrics)[number];

/** One point of a drawn series; a hit rate is null where nothing was requested. */
export interface UsagePoint {
  time: number;
  value: number | null;
}

const trafficKeys = {
  all: ['traffic'] as const,
  home: (variant: DomainVariant) => ['traffic', 'home', variant] as const,
  domains: (variant: DomainVariant, startTime: number, endTime: number) =>
    ['traffic', 'domains', variant, startTime, endTime] as const,
  usage: (variant: DomainVariant, metric: UsageMetric, query: UsageQuery | null) =>
    ['traffic', 'usage', variant, metric, query] as const,
};

/** The statistics calls of each variant: the CDN's /user/... and the edge platform's /eo/domain/... (same shapes). */
const calls = {
  cdn: {
    home: trafficRoutes.home,
    myDomains: trafficRoutes.myDomains,
    domainStatistics: trafficRoutes.domainStatistics,
    bandwidth: trafficRoutes.bandwidth,
    hitRate: trafficRoutes.hitRate,
    list: domainRoutes.list,
  },
  eo: {
    home: eoDomainRoutes.home,
    myDomains: eoDomainRoutes.myDomains,
    domainStatistics: eoDomainRoutes.statistics,
    bandwidth: eoDomainRoutes.bandwidth,
    hitRate: eoDomainRoutes.hitRate,
    list: eoDomainRoutes.list,
  },
} as const;

/** Widgets show their own failure in place (components/DataState), so the reads are silent. */
const shownInPlace = { silent: true } as const;

/** The overview's figures: the last 7 days against the 7 before, and the top-5 domains. */
/** The overview's figures: the query its page reads and the sign-in asks for ahead (navigation/console-preload). */
export const homeStatisticsQuery = (variant: DomainVariant) =>
  queryOptions({
    queryKey: trafficKeys.home(variant),
    queryFn: () => request(calls[variant].home, { query: {} }, shownInPlace),
  });

export function useHomeStatistics(variant: DomainVariant = 'cdn') {
  return useQuery(homeStatisticsQuery(variant));
}

/** The caller's domains with their figures in the range, for the domain choice. */
export function useStatisticsDomains(startTime: number, endTime: number, variant: DomainVariant = 'cdn') {
  return useQuery({
    queryKey: trafficKeys.domains(variant, startTime, endTime),
    queryFn: () =>
      request(calls[variant].myDomains, { query: { startTime, endTime, granularity: '1d' } }, shownInPlace),
    placeholderData: keepPreviousData,
  });
}

async function fetchSeries(
  variant: DomainVariant,
  metric: UsageMetric,
  { domainNames, ...range }: UsageQuery,
): Promise<UsagePoint[]> {
  const { bandwidth, hitRate, domainStatistics } = calls[variant];
  const query = { query: domainNames.length ? { ...range, domainNames: domainNames.join(',') } : range };
  switch (metric) {
    case 'bandwidth': {
      const data = await request(bandwidth, query, shownInPlace);
      return data.points.map((p) => ({ time: p.time, value: p.bps }));
    }
    case 'hitRate': {
      const data = await request(hitRate, query, shownInPlace);
      return data.points.map((p) => ({ time: p.time, value: p.hitRate }));
    }
    case 'traffic':
    case 'requests': {
      const data = await request(domainStatistics, query, shownInPlace);
      return data.points.map((p) => ({ time: p.time, value: metric === 'traffic' ? p.bytes : p.requests }));
    }
  }
}

/** The points of one metric; `query` null (the comparison switched off) asks nothing. */
export function useUsageSeries(metric: UsageMetric, query: UsageQuery | null, variant: DomainVariant = 'cdn') {
  return useQuery({
    queryKey: trafficKeys.usage(variant, metric, query),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    queryFn: () => fetchSeries(variant, metric, query as UsageQuery),
  });
}

const statusCountQuery = { page: 1, size: limits.page.maxSize };

/** The overview's domain counts by status: the list's first page at its largest size, and its total. */
export function useDomainStatusCounts(variant: DomainVariant = 'cdn') {
  return useQuery({
    queryKey: domainKeys.list(statusCountQuery, variant),
    queryFn: () => request(calls[variant].list, { query: statusCountQuery }, shownInPlace),
  });
}
