import { Readable } from 'node:stream';
import { domainCreateSchema, domainRoutes, formatUtc8, originSettingSchema } from '@edgeward/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { AppError } from '../../http/errors';
import { translate } from '../../http/i18n';
import { enableRateLimits } from '../../http/rate-limit';
import { type HandlerContext, registerRoute } from '../../http/route';
import type { AreaContext } from '../area';
import { toCsvLines, toVerifyResult } from './domain.presenter';
import type { DomainServices } from './domain.services';
import { registerDomainReviewDesk } from './review-desk.routes';
import { createDomainReviewDesk } from './review-desk.service';

/** The CSV download of the caller's domains of the services' variant (the CDN's and the edge platform's export). */
export function domainExport(exports: DomainServices['exports'], now: () => Date) {
  return async ({ user, query, locale, request, reply }: HandlerContext<typeof domainRoutes.export>) => {
    const rows = await exports.exportRows(user, query.domainName).catch((error) => {
      request.log.error({ err: error }, 'domain export failed');
      throw new AppError('EXPORT_FAILED');
    });
    const day = formatUtc8(now().getTime()).slice(0, 10).replaceAll('-', '');
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="domains-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(toCsvLines(rows, locale)));
  };
}

/** Accelerated domains: the routes of the contract's domain table. */
export function domainModule(services: DomainServices, deps: AreaContext): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    await enableRateLimits(app);
    const { config, now } = deps;
    const { domains, verification, exports, configs, urlSigning } = services;
    const allowPrivate = config.domain.allowPrivateOrigins;
    const r = domainRoutes;
    registerDomainReviewDesk(app, createDomainReviewDesk({ db: deps.database.db, now, services }));
    registerRoute(app, r.list, ({ user, query }) => domains.list(user, query));
    registerRoute(
      app,
      allowPrivate ? { ...r.create, body: domainCreateSchema({ allowPrivate: true }) } : r.create,
      ({ user, body, actor }) => domains.create(user, body, actor),
    );
    registerRoute(app, r.detail, ({ user, params }) => domains.detail(user, params.id));
    registerRoute(app, r.delete, ({ user, body, actor }) => domains.delete(user, body.id, actor));
    registerRoute(app, r.disable, ({ user, body, actor }) => domains.disable(user, body.id, actor));
    registerRoute(app, r.enable, ({ user, body, actor }) => domains.enable(user, body.id, actor));
    registerRoute(app, r.limit, ({ user }) => domains.limit(user));
    registerRoute(app, r.types, ({ user }) => domains.types(user));
    registerRoute(app, r.canCreateWholeSite, async ({ user, locale }) => {
      const rule = await domains.canCreateWholeSite(user);
      return { allowed: rule.allowed, reason: rule.reasonKey ? translate(locale, rule.reasonKey) : null };
    });
    registerRoute(app, r.queryCreateVerifyRecord, ({ user, query }) =>
      verification.queryRecord(user, query.domainName),
    );
    registerRoute(app, r.verifyRecord, async ({ user, body, locale, actor }) => {
      return toVerifyResult(await verification.verify(user, body.domainName, actor), locale);
    });
    registerRoute(app, r.export, domainExport(exports, now));

    registerRoute(app, r.config, ({ user, params }) => configs.get(user, params.id));
    registerRoute(
      app,
      allowPrivate ? { ...r.configOrigin, body: originSettingSchema({ allowPrivate: true }) } : r.configOrigin,
      ({ user, params, body, actor }) => configs.origin(user, params.id, body, actor),
    );
    registerRoute(app, r.configOriginProtocol, ({ user, params, body, actor }) =>
      configs.originProtocol(user, params.id, body, actor),
    );
    registerRoute(app, r.configRangeSwitch, ({ user, params, body, actor }) =>
      configs.rangeSwitch(user, params.id, body, actor),
    );
    registerRoute(app, r.configHttpsInfo, ({ user, params, body, actor }) =>
      configs.httpsInfo(user, params.id, body, actor),
    );
    registerRoute(app, r.configIpAcl, ({ user, params, body, actor }) => configs.ipAcl(user, params.id, body, actor));
    registerRoute(app, r.configCacheRule, ({ user, params, body, actor }) =>
      configs.cacheRule(user, params.id, body, actor),
    );
    registerRoute(app, r.configReferer, ({ user, params, body, actor }) =>
      configs.referer(user, params.id, body, actor),
    );
    registerRoute(app, r.configResponseHeader, ({ user, params, body, actor }) =>
      configs.responseHeader(user, params.id, body, actor),
    );
    registerRoute(app, r.configRequestHeader, ({ user, params, body, actor }) =>
      configs.requestHeader(user, params.id, body, actor),
    );
    registerRoute(app, r.configForceRedirect, ({ user, params, body, actor }) =>
      configs.forceRedirect(user, params.id, body, actor),
    );
    registerRoute(app, r.configUrlAuth, ({ user, params, body, actor }) =>
      configs.urlAuth(user, params.id, body, actor),
    );
    registerRoute(app, r.configUserAgentFilter, ({ user, params, body, actor }) =>
      configs.userAgentFilter(user, params.id, body, actor),
    );
    registerRoute(app, r.configCompression, ({ user, params, body, actor }) =>
      configs.compression(user, params.id, body, actor),
    );
    registerRoute(app, r.configRateLimit, ({ user, params, body, actor }) =>
      configs.rateLimit(user, params.id, body, actor),
    );
    registerRoute(app, r.configWebsocket, ({ user, params, body, actor }) =>
      configs.websocket(user, params.id, body, actor),
    );
    registerRoute(app, r.urlAuthSign, ({ user, body }) => urlSigning.signUrl(user, body));
  };
}
