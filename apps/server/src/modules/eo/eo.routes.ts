import { domainCreateSchema, eoDomainRoutes, originSettingSchema } from '@edgeward/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../http/route';
import type { AreaContext } from '../area';
import { type DomainServices, domainExport } from '../domain';
import type { StatisticsService } from '../traffic';
import type { EoService } from './eo.service';

/** The edge platform's routes: every call carries variant 'eo', so the route guard answers 403 to CDN-only users. */
export function eoModule(
  parts: { domains: DomainServices; eo: EoService; statistics: StatisticsService },
  deps: AreaContext,
): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    const { domains, eo, statistics } = parts;
    const allowPrivate = deps.config.domain.allowPrivateOrigins;
    const r = eoDomainRoutes;
    registerRoute(app, r.list, ({ user, query }) => domains.domains.list(user, query));
    registerRoute(
      app,
      allowPrivate ? { ...r.create, body: domainCreateSchema({ allowPrivate: true }) } : r.create,
      ({ user, body, actor }) => domains.domains.create(user, body, actor),
    );
    registerRoute(app, r.export, domainExport(domains.exports, deps.now));
    registerRoute(app, r.detail, ({ user, params }) => eo.detail(user, params.id));
    registerRoute(app, r.enable, ({ user, params, actor }) => domains.domains.enable(user, params.id, actor));
    registerRoute(app, r.disable, ({ user, params, actor }) => domains.domains.disable(user, params.id, actor));
    registerRoute(app, r.delete, ({ user, params, actor }) => domains.domains.delete(user, params.id, actor));
    registerRoute(app, r.https, ({ user, params, body, actor }) => eo.https(user, params.id, body, actor));
    registerRoute(app, r.config, ({ user, params, body, actor }) => eo.general(user, params.id, body, actor));
    registerRoute(app, r.security, ({ user, params, body, actor }) => eo.security(user, params.id, body, actor));
    registerRoute(
      app,
      allowPrivate ? { ...r.source, body: originSettingSchema({ allowPrivate: true }) } : r.source,
      ({ user, params, body, actor }) => eo.source(user, params.id, body, actor),
    );
    registerRoute(app, r.statistics, ({ user, query }) => statistics.domainStatistics(user, query));
    registerRoute(app, r.bandwidth, ({ user, query }) => statistics.bandwidth(user, query));
    registerRoute(app, r.hitRate, ({ user, query }) => statistics.hitRate(user, query));
    registerRoute(app, r.myDomains, ({ user, query }) => statistics.myDomains(user, query));
    registerRoute(app, r.home, ({ user, query }) => statistics.home(user, query));
  };
}
