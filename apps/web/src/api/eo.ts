import { eoDomainRoutes, type RouteBody, type RouteDef } from '@edgeward/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { request } from './client';
import { domainKeys } from './domain';

const eoKeys = {
  detail: (id: number) => ['eo', 'domain', id] as const,
};

/** One edge-platform domain in its four parts. Silent: the settings page shows a failure in place. */
export function useEoDomain(id: number) {
  return useQuery({
    queryKey: eoKeys.detail(id),
    queryFn: () => request(eoDomainRoutes.detail, { params: { id } }, { silent: true }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** The parts saved on their own: POST /eo/domain/:id/source, /https, /config, /security. */
export type EoPart = 'source' | 'https' | 'config' | 'security';

/** Saves one part; silent, the form reports field errors under its fields. The answer replaces the cached domain. */
/** After any save of an edge-platform domain: its answer is the domain, and the lists show its state. */
function afterEoSave(client: QueryClient, id: number, data: Awaited<ReturnType<typeof fetchDetail>>) {
  client.setQueryData(eoKeys.detail(id), data);
  void client.invalidateQueries({ queryKey: domainKeys.lists });
}

export function useSaveEoPart<P extends EoPart>(id: number, part: P) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<(typeof eoDomainRoutes)[P]>) => {
      // Every part shares the params and the answer; only the body differs, and P ties it to the route.
      const route: RouteDef = eoDomainRoutes[part];
      return request(route, { params: { id }, body }, { silent: true }) as ReturnType<typeof fetchDetail>;
    },
    onSuccess: (data) => afterEoSave(client, id, data),
  });
}

function fetchDetail(id: number) {
  return request(eoDomainRoutes.detail, { params: { id } });
}

/**
 * The edge platform's saver of the CDN's general segments (cache, headers, URL authentication, compression,
 * request limits): each is one key of its /config part. The answer replaces the cached domain.
 */
export function useEoGeneralSaver(id: number) {
  const client = useQueryClient();
  return useCallback(
    async (body: RouteBody<typeof eoDomainRoutes.config>) => {
      const data = await request(eoDomainRoutes.config, { params: { id }, body }, { silent: true });
      afterEoSave(client, id, data);
      return data;
    },
    [client, id],
  );
}
