import { preheatRoutes } from '@edgeward/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../http/route';
import type { CacheTaskService } from './cache-task.service';

export function preheatModule(service: CacheTaskService): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    const r = preheatRoutes;
    registerRoute(app, r.cacheQuota, ({ user }) => service.quota(user));
    registerRoute(app, r.createCacheTask, ({ user, body, actor }) => service.create(user, body, actor));
    registerRoute(app, r.cacheTasks, ({ user, query }) => service.list(user, query));
    registerRoute(app, r.cacheTask, ({ user, params }) => service.detail(user, params.id));
    registerRoute(app, r.resubmitCacheTask, ({ user, params, actor }) => service.resubmit(user, params.id, actor));
  };
}
