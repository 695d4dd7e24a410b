import { defineRoute } from '../route';
import { IdParamsSchema, pageOf } from '../schemas/common';
import {
  CacheQuotaSchema,
  CacheTaskCreateSchema,
  CacheTaskDetailSchema,
  CacheTaskListQuerySchema,
  CacheTaskSchema,
} from '../schemas/preheat';

/*
 * Preheat and refresh. The spec names the screen (/preheat) but no calls; these follow the other areas' style.
 * - Every URL's domain must be the caller's and served by the edge: enabled, or configuring a change while its
 *   previous version serves. A domain the edge does not serve yet (being created or enabled) answers
 *   'preheat.url.domainDeploying', any other 'preheat.url.domainNotOwned', at ['urls', line].
 * - Preheat refuses a URL whose cache expiry is 0 by the domain's cache rules ('preheat.url.notCacheable').
 * - Daily quotas per Beijing day: a task over what is left answers CACHE_TASK_QUOTA_EXCEEDED (params left, limit).
 * - Ownership: every :id is the caller's task; a foreign id answers NOT_FOUND like a missing one.
 * - resubmit makes a new task of the failed URLs (CACHE_TASK_NOTHING_FAILED when none failed).
 */

const tag = 'preheat';
const query = { id: 'preheat', action: 'query' } as const;
const add = { id: 'preheat', action: 'add' } as const;

export const preheatRoutes = {
  cacheQuota: defineRoute({
    method: 'GET',
    path: '/preheat/quota',
    summary: "Today's preheat and refresh quotas and their use (a Beijing day)",
    tag,
    permission: query,
    data: CacheQuotaSchema,
  }),
  createCacheTask: defineRoute({
    method: 'POST',
    path: '/preheat/tasks',
    summary: 'Refresh URLs or directories, or preheat URLs, of my enabled domains',
    tag,
    permission: add,
    body: CacheTaskCreateSchema,
    data: CacheTaskSchema,
  }),
  cacheTasks: defineRoute({
    method: 'GET',
    path: '/preheat/tasks',
    summary: 'My preheat and refresh tasks, newest first; filter by type, state and time',
    tag,
    permission: query,
    query: CacheTaskListQuerySchema,
    data: pageOf(CacheTaskSchema),
  }),
  cacheTask: defineRoute({
    method: 'GET',
    path: '/preheat/tasks/:id',
    summary: 'One task with the result of each URL',
    tag,
    permission: query,
    params: IdParamsSchema,
    data: CacheTaskDetailSchema,
  }),
  resubmitCacheTask: defineRoute({
    method: 'POST',
    path: '/preheat/tasks/:id/resubmit',
    summary: "A new task of a task's failed URLs",
    tag,
    permission: add,
    params: IdParamsSchema,
    data: CacheTaskSchema,
  }),
};
