import { type CacheTaskCreate, preheatRoutes, type RouteQuery } from '@edgeward/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from './client';

export type CacheTaskListQueryInput = RouteQuery<typeof preheatRoutes.cacheTasks>;

const preheatKeys = {
  all: ['preheat'] as const,
  quota: ['preheat', 'quota'] as const,
  tasks: (query: CacheTaskListQueryInput) => ['preheat', 'tasks', query] as const,
  task: (id: number) => ['preheat', 'task', id] as const,
};

/** Reads shown in place through components/DataState stay quiet. */
const shownInPlace = { silent: true } as const;

/** While a task on screen is processing, the history is read again this often until the edge has answered. */
const PROCESSING_POLL_MS = 3_000;

export function useCacheQuota() {
  return useQuery({ queryKey: preheatKeys.quota, queryFn: () => request(preheatRoutes.cacheQuota, {}, shownInPlace) });
}

export function useCacheTasks(query: CacheTaskListQueryInput) {
  return useQuery({
    queryKey: preheatKeys.tasks(query),
    queryFn: () => request(preheatRoutes.cacheTasks, { query }, shownInPlace),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.list.some((task) => task.status === 'processing') ? PROCESSING_POLL_MS : false,
  });
}

export function useCacheTask(id: number) {
  return useQuery({
    queryKey: preheatKeys.task(id),
    queryFn: () => request(preheatRoutes.cacheTask, { params: { id } }, shownInPlace),
    refetchInterval: (q) => (q.state.data?.status === 'processing' ? PROCESSING_POLL_MS : false),
  });
}

export function useCreateCacheTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CacheTaskCreate) => request(preheatRoutes.createCacheTask, { body }, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: preheatKeys.all }),
  });
}

export function useResubmitCacheTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(preheatRoutes.resubmitCacheTask, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: preheatKeys.all }),
  });
}
