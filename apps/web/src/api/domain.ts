import {
  type DomainConfig,
  type DomainCreateInput,
  type DomainListItem,
  type DomainListQueryInput,
  type DomainStatus,
  type DomainVariant,
  domainRoutes,
  eoDomainRoutes,
  type RouteBody,
  type RouteDef,
} from '@edgeward/contract';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { download, request } from './client';

/** Statuses the platform moves on by itself; screens showing them poll until they settle. */
const transitional: ReadonlySet<DomainStatus> = new Set(['creating', 'configuring', 'deleting']);
const isTransitional = (status: DomainStatus): boolean => transitional.has(status);

/** How often rows and details in a transitional status are fetched again. */
const DOMAIN_POLL_MS = 3000;

export const domainKeys = {
  all: ['domain'] as const,
  lists: ['domain', 'list'] as const,
  list: (query: DomainListQueryInput, variant: DomainVariant = 'cdn') => ['domain', 'list', variant, query] as const,
  limit: ['domain', 'limit'] as const,
  types: ['domain', 'types'] as const,
  wholeSite: ['domain', 'whole-site'] as const,
  verifyRecord: (domainName: string) => ['domain', 'verify-record', domainName] as const,
  detail: (id: number) => ['domain', 'detail', id] as const,
  config: (id: number) => ['domain', 'config', id] as const,
};

/**
 * Reads that a screen shows through components/DataState (the failure in place, with its request id and a retry)
 * are silent: a message on top would tell the same failure twice.
 */
const shownInPlace = { silent: true } as const;

/** The list of one variant's domains: the CDN's (/domain/list) or the edge platform's (/eo/domain/list). */
export function useDomainList(query: DomainListQueryInput, variant: DomainVariant = 'cdn') {
  return useQuery({
    queryKey: domainKeys.list(query, variant),
    queryFn: () => request(variant === 'eo' ? eoDomainRoutes.list : domainRoutes.list, { query }, shownInPlace),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.list.some((row) => isTransitional(row.status)) ? DOMAIN_POLL_MS : false),
  });
}

export function useDomainLimit() {
  return useQuery({ queryKey: domainKeys.limit, queryFn: () => request(domainRoutes.limit) });
}

export function useDomainTypes() {
  return useQuery({
    queryKey: domainKeys.types,
    queryFn: () => request(domainRoutes.types, {}, shownInPlace),
    staleTime: 5 * 60_000,
  });
}

export function useCanCreateWholeSite() {
  return useQuery({ queryKey: domainKeys.wholeSite, queryFn: () => request(domainRoutes.canCreateWholeSite) });
}

/**
 * The TXT record for a domain's apex; fetched on demand by the add-domain flow (queryClient.fetchQuery). Silent:
 * the flow shows a refusal (a name already added) under the name field.
 */
export function fetchVerifyRecord(client: QueryClient, domainName: string) {
  return client.fetchQuery({
    queryKey: domainKeys.verifyRecord(domainName),
    queryFn: () => request(domainRoutes.queryCreateVerifyRecord, { query: { domainName } }, { silent: true }),
    staleTime: 0,
  });
}

/** The page shows the verification outcome itself, so failures of the call stay quiet. */
export function useVerifyRecord() {
  return useMutation({
    mutationFn: (domainName: string) => request(domainRoutes.verifyRecord, { body: { domainName } }, { silent: true }),
  });
}

function afterListChange(client: QueryClient, row?: DomainListItem) {
  void client.invalidateQueries({ queryKey: domainKeys.lists });
  void client.invalidateQueries({ queryKey: domainKeys.limit });
  if (row) void client.invalidateQueries({ queryKey: domainKeys.detail(row.id) });
}

/** The flow explains origin and verification failures in place, so the call is silent. */
export function useCreateDomain(variant: DomainVariant = 'cdn') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DomainCreateInput) =>
      request(variant === 'eo' ? eoDomainRoutes.create : domainRoutes.create, { body }, { silent: true }),
    onSuccess: (detail) => {
      client.setQueryData(domainKeys.detail(detail.id), detail);
      afterListChange(client);
    },
  });
}

type StatusAction = 'enable' | 'disable' | 'delete';

/** Enable, disable or delete: each answers the row with its new status. The edge platform names the id in the path. */
export function useDomainAction(action: StatusAction, variant: DomainVariant = 'cdn') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      variant === 'eo'
        ? request(eoDomainRoutes[action], { params: { id } })
        : request(domainRoutes[action], { body: { id } }),
    onSuccess: (row) => afterListChange(client, row),
  });
}

export function useDomainDetail(id: number, enabled = true) {
  return useQuery({
    queryKey: domainKeys.detail(id),
    queryFn: () => request(domainRoutes.detail, { params: { id } }, shownInPlace),
    enabled: enabled && Number.isInteger(id) && id > 0,
    refetchInterval: (q) => (q.state.data && isTransitional(q.state.data.status) ? DOMAIN_POLL_MS : false),
  });
}

export function useDomainConfig(id: number) {
  return useQuery({
    queryKey: domainKeys.config(id),
    queryFn: () => request(domainRoutes.config, { params: { id } }, shownInPlace),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** The settings segments: POST /domain/config/:id/<segment>, each answering the whole updated config. */
export type ConfigSegment =
  | 'configOrigin'
  | 'configRangeSwitch'
  | 'configHttpsInfo'
  | 'configIpAcl'
  | 'configCacheRule'
  | 'configReferer'
  | 'configResponseHeader'
  | 'configOriginProtocol'
  | 'configForceRedirect'
  | 'configRequestHeader'
  | 'configUrlAuth'
  | 'configUserAgentFilter'
  | 'configCompression'
  | 'configRateLimit'
  | 'configWebsocket';

export type SegmentBody<S extends ConfigSegment> = RouteBody<(typeof domainRoutes)[S]>;

/** Saves one settings segment and answers the whole updated config. */
export type SaveSegment = <S extends ConfigSegment>(segment: S, body: SegmentBody<S>) => Promise<DomainConfig>;

/**
 * The CDN domain's segment saver. Silent: the settings screens answer failures with 'Configuration failed' and the
 * field errors. The returned config replaces the cached one, and the domain's status (now configuring) is fetched.
 */
export function useConfigSaver(id: number): SaveSegment {
  const client = useQueryClient();
  return useCallback(
    async (segment, body) => {
      // Every segment shares the params and the answer; only the body differs, and S ties it to the route.
      const route: RouteDef = domainRoutes[segment];
      const config = (await request(route, { params: { id }, body }, { silent: true })) as DomainConfig;
      client.setQueryData(domainKeys.config(id), config);
      void client.invalidateQueries({ queryKey: domainKeys.detail(id) });
      void client.invalidateQueries({ queryKey: domainKeys.lists });
      return config;
    },
    [client, id],
  );
}

/** The CSV of the user's domains (optionally those whose name contains `domainName`). Silent: the page says why. */
export function exportDomains(domainName: string | undefined, variant: DomainVariant = 'cdn') {
  const route = variant === 'eo' ? eoDomainRoutes.export : domainRoutes.export;
  return download(route, { query: domainName ? { domainName } : {} }, { silent: true });
}
