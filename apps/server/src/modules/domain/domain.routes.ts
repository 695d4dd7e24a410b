import { Readable } from 'node:stream';
import {
  domainCreateSchema,
  domainExportColumns,
  domainRoutes,
  formatUtc8,
  type Locale,
  originSettingSchema,
} from '@edgeward/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { AppError } from '../../http/errors';
import { translate } from '../../http/i18n';
import { enableRateLimits } from '../../http/rate-limit';
import { registerRoute } from '../../http/route';
import type { AreaContext } from '../area';
import { csvRow } from './csv';
import { createDomainService } from './domain.service';
import { type Addon, createDomainConfigService } from './domain-config.service';

/**
 * No paid add-on can be bought yet (packages and orders are another area), so no customer has one; the orders
 * area replaces this with a lookup of what the customer bought.
 */
async function hasAddon(_userId: number, _addon: Addon): Promise<boolean> {
  return false;
}

async function* csvLines(
  rows: AsyncIterable<Record<(typeof domainExportColumns)[number], string | number>>,
  locale: Locale,
) {
  // The headers in the caller's language; the time column names its zone (UTC+8), which the page does not use.
  yield csvRow(domainExportColumns.map((column) => translate(locale, `domain.export.column.${column}`)));
  for await (const row of rows) {
    yield csvRow(
      domainExportColumns.map((column) => {
        if (column === 'createdAt') return formatUtc8(Number(row.createdAt));
        if (column === 'status') return translate(locale, `domain.status.${row.status}`);
        if (column === 'type') return translate(locale, `domain.type.${row.type}`);
        return row[column];
      }),
    );
  }
}

/** Accelerated domains: the routes of the contract's domain table. */
export function domainModule(deps: AreaContext): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    await enableRateLimits(app);
    const { config, now } = deps;
    const db = deps.database.db;
    const domains = createDomainService({ db, config, now, dns: deps.providers.dns, origins: deps.providers.origins });
    const configs = createDomainConfigService({
      db,
      now,
      domains,
      hasAddon,
      allowPrivateOrigins: config.domain.allowPrivateOrigins,
    });

    const allowPrivate = config.domain.allowPrivateOrigins;
    const r = domainRoutes;
    registerRoute(app, r.list, ({ user, query }) => domains.list(user, query));
    registerRoute(
      app,
      allowPrivate ? { ...r.create, body: domainCreateSchema({ allowPrivate: true }) } : r.create,
      ({ user, body }) => domains.create(user, body),
    );
    registerRoute(app, r.detail, ({ user, params }) => domains.detail(user, params.id));
    registerRoute(app, r.delete, ({ user, body }) => domains.delete(user, body.id));
    registerRoute(app, r.disable, ({ user, body }) => domains.disable(user, body.id));
    registerRoute(app, r.enable, ({ user, body }) => domains.enable(user, body.id));
    registerRoute(app, r.limit, ({ user }) => domains.limit(user));
    registerRoute(app, r.types, ({ user }) => domains.types(user));
    registerRoute(app, r.canCreateWholeSite, async ({ user, locale }) => {
      const rule = await domains.canCreateWholeSite(user);
      return { allowed: rule.allowed, reason: rule.reasonKey ? translate(locale, rule.reasonKey) : null };
    });
    registerRoute(app, r.queryCreateVerifyRecord, ({ user, query }) =>
      domains.queryVerifyRecord(user, query.domainName),
    );
    registerRoute(app, r.verifyRecord, async ({ user, body, locale }) => {
      const result = await domains.verifyRecord(user, body.domainName);
      const key =
        result.status === 'success'
          ? 'domain.verify.success'
          : result.status === 'failed'
            ? 'domain.verify.failed'
            : null;
      return { ...result, message: key ? translate(locale, key) : null };
    });
    registerRoute(app, r.export, async ({ user, query, locale, request, reply }) => {
      const rows = await domains.exportRows(user, query.domainName).catch((error) => {
        request.log.error({ err: error }, 'domain export failed');
        throw new AppError('EXPORT_FAILED');
      });
      const day = formatUtc8(now().getTime()).slice(0, 10).replaceAll('-', '');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="domains-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(csvLines(rows, locale)));
    });

    registerRoute(app, r.config, ({ user, params }) => configs.get(user, params.id));
    registerRoute(
      app,
      allowPrivate ? { ...r.configOrigin, body: originSettingSchema({ allowPrivate: true }) } : r.configOrigin,
      ({ user, params, body }) => configs.origin(user, params.id, body),
    );
    registerRoute(app, r.configOriginProtocol, ({ user, params, body }) =>
      configs.originProtocol(user, params.id, body),
    );
    registerRoute(app, r.configRangeSwitch, ({ user, params, body }) => configs.rangeSwitch(user, params.id, body));
    registerRoute(app, r.configHttpsInfo, ({ user, params, body }) => configs.httpsInfo(user, params.id, body));
    registerRoute(app, r.configIpAcl, ({ user, params, body }) => configs.ipAcl(user, params.id, body));
    registerRoute(app, r.configCacheRule, ({ user, params, body }) => configs.cacheRule(user, params.id, body));
    registerRoute(app, r.configReferer, ({ user, params, body }) => configs.referer(user, params.id, body));
    registerRoute(app, r.configResponseHeader, ({ user, params, body }) =>
      configs.responseHeader(user, params.id, body),
    );
    registerRoute(app, r.configRequestHeader, ({ user, params, body }) => configs.requestHeader(user, params.id, body));
    registerRoute(app, r.configForceRedirect, ({ user, params, body }) => configs.forceRedirect(user, params.id, body));
    registerRoute(app, r.configUrlAuth, ({ user, params, body }) => configs.urlAuth(user, params.id, body));
    registerRoute(app, r.configUserAgentFilter, ({ user, params, body }) =>
      configs.userAgentFilter(user, params.id, body),
    );
    registerRoute(app, r.configCompression, ({ user, params, body }) => configs.compression(user, params.id, body));
    registerRoute(app, r.configRateLimit, ({ user, params, body }) => configs.rateLimit(user, params.id, body));
    registerRoute(app, r.configWebsocket, ({ user, params, body }) => configs.websocket(user, params.id, body));
    registerRoute(app, r.urlAuthSign, ({ user, body }) => configs.signUrl(user, body));
  };
}
