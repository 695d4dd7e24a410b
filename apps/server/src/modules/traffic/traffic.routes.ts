import { trafficRoutes } from '@edgeward/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../http/route';
import type { StatisticsService } from './statistics.service';

/** Statistics: the routes of the contract's traffic table. */
export function trafficModule(statistics: () => StatisticsService): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    const service = statistics();
    const r = trafficRoutes;
    registerRoute(app, r.home, ({ user, query }) => service.home(user, query));
    registerRoute(app, r.domainStatistics, ({ user, query }) => service.domainStatistics(user, query));
    registerRoute(app, r.bandwidth, ({ user, query }) => service.bandwidth(user, query));
    registerRoute(app, r.hitRate, ({ user, query }) => service.hitRate(user, query));
    registerRoute(app, r.status, ({ user, query }) => service.status(user, query));
    registerRoute(app, r.myDomains, ({ user, query }) => service.myDomains(user, query));
    registerRoute(app, r.top, ({ user, query }) => service.top(user, query));
  };
}
