import { limits } from '../limits';
import { defineRoute } from '../route';
import { EmptySchema, IdParamsSchema, pageOf } from '../schemas/common';
import {
  DomainCreateSchema,
  DomainDetailSchema,
  DomainExportQuerySchema,
  DomainListItemSchema,
  DomainListQuerySchema,
} from '../schemas/domain';
import { HttpsInfoSchema, OriginSettingSchema } from '../schemas/domain-config';
import { EoDomainConfigSchema, EoGeneralConfigSchema, SecurityPolicySchema } from '../schemas/eo';
import {
  BandwidthStatisticsSchema,
  DomainStatisticsSchema,
  HitRateStatisticsSchema,
  HomeQuerySchema,
  HomeStatisticsSchema,
  MyStatisticsDomainSchema,
  StatisticsQuerySchema,
} from '../schemas/traffic';

/*
 * The edge-platform (eo) domains: spec section 7's /eo/domain calls and /user/eo-home. Every call is of the 'eo'
 * variant: a user whose cdnType does not open it is answered 403 FORBIDDEN. What server and web must know:
 * - An eo domain is a domain of the variant 'eo'; a CDN domain's id answers NOT_FOUND here, and an eo domain's id
 *   answers NOT_FOUND on the CDN's /domain calls. A name is unique across both (DOMAIN_TAKEN).
 * - Creation, status rules, ownership, list filters and the export are the CDN domain's (routes/domain.ts).
 * - The four configuration parts are saved through /source (OriginSetting), /https (HttpsInfo), /config (any of
 *   the general pieces) and /security (the whole SecurityPolicy); each answers the whole EoDomainConfig.
 * - Statistics take the CDN's queries and answer the CDN's shapes, over the caller's eo domains only.
 */

const tag = 'eodomain';
const long = limits.request.longTimeoutMs;
const variant = 'eo' as const;
const perm = (action: 'query' | 'add' | 'get' | 'edit' | 'enable' | 'disable' | 'delete' | 'export') =>
  ({ id: 'eodomain', action }) as const;
const statistics = { id: 'statistics', action: 'query' } as const;

function statusSwitch(action: 'enable' | 'disable') {
  return defineRoute({
    variant,
    method: 'POST',
    path: `/eo/domain/:id/${action}`,
    summary: action === 'enable' ? 'Enable an edge-platform domain' : 'Disable an edge-platform domain',
    tag,
    permission: perm(action),
    params: IdParamsSchema,
    data: DomainListItemSchema,
  });
}

function configPart<
  B extends
    | typeof OriginSettingSchema
    | typeof HttpsInfoSchema
    | typeof EoGeneralConfigSchema
    | typeof SecurityPolicySchema,
>(segment: 'source' | 'https' | 'config' | 'security', summary: string, body: B) {
  return defineRoute({
    variant,
    method: 'POST',
    path: `/eo/domain/:id/${segment}`,
    summary,
    tag,
    permission: perm('edit'),
    params: IdParamsSchema,
    body,
    data: EoDomainConfigSchema,
  });
}

export const eoDomainRoutes = {
  list: defineRoute({
    variant,
    method: 'GET',
    path: '/eo/domain/list',
    summary: 'My edge-platform domains, newest first; search by name, filter by status and type',
    tag,
    permission: perm('query'),
    query: DomainListQuerySchema,
    data: pageOf(DomainListItemSchema),
    timeoutMs: long,
  }),
  create: defineRoute({
    variant,
    method: 'POST',
    path: '/eo/domain',
    summary: 'Add an edge-platform domain with its origin',
    tag,
    permission: perm('add'),
    body: DomainCreateSchema,
    data: DomainDetailSchema,
    timeoutMs: long,
  }),
  // Registered before /eo/domain/:id so that 'export' and the statistics never read as an id.
  export: defineRoute({
    variant,
    method: 'GET',
    path: '/eo/domain/export',
    summary: 'My edge-platform domains as CSV (domainName filters by substring)',
    tag,
    permission: perm('export'),
    query: DomainExportQuerySchema,
    data: EmptySchema,
    response: 'file',
  }),
  detail: defineRoute({
    variant,
    method: 'GET',
    path: '/eo/domain/:id',
    summary: 'One edge-platform domain with its four configuration parts',
    tag,
    permission: perm('get'),
    params: IdParamsSchema,
    data: EoDomainConfigSchema,
    timeoutMs: long,
  }),
  enable: statusSwitch('enable'),
  disable: statusSwitch('disable'),
  delete: defineRoute({
    variant,
    method: 'DELETE',
    path: '/eo/domain/:id',
    summary: 'Delete an edge-platform domain',
    tag,
    permission: perm('delete'),
    params: IdParamsSchema,
    data: DomainListItemSchema,
  }),
  https: configPart('https', 'HTTPS part: switches and certificate', HttpsInfoSchema),
  config: configPart(
    'config',
    'Domain part: cache, headers, URL auth, compression, request limits, range',
    EoGeneralConfigSchema,
  ),
  security: configPart('security', 'Security policy part', SecurityPolicySchema),
  source: configPart('source', 'Origin part', OriginSettingSchema),

  statistics: defineRoute({
    variant,
    method: 'GET',
    path: '/eo/domain/statistics',
    summary: 'Traffic and requests per bucket over my edge-platform domains',
    tag,
    permission: statistics,
    query: StatisticsQuerySchema,
    data: DomainStatisticsSchema,
  }),
  bandwidth: defineRoute({
    variant,
    method: 'GET',
    path: '/eo/domain/bs-statistics',
    summary: 'Bandwidth per bucket over my edge-platform domains',
    tag,
    permission: statistics,
    query: StatisticsQuerySchema,
    data: BandwidthStatisticsSchema,
  }),
  hitRate: defineRoute({
    variant,
    method: 'GET',
    path: '/eo/domain/hit-rate-statistics',
    summary: 'Cache hit rate per bucket over my edge-platform domains',
    tag,
    permission: statistics,
    query: StatisticsQuerySchema,
    data: HitRateStatisticsSchema,
  }),
  myDomains: defineRoute({
    variant,
    method: 'GET',
    path: '/eo/domain/my-statistics-domain',
    summary: 'My edge-platform domains with their figures in the range',
    tag,
    permission: statistics,
    query: StatisticsQuerySchema,
    data: MyStatisticsDomainSchema,
  }),
  home: defineRoute({
    variant,
    method: 'GET',
    path: '/user/eo-home',
    summary: 'Edge-platform overview: the last 7 days against the 7 before',
    tag,
    permission: { id: 'overview' },
    query: HomeQuerySchema,
    data: HomeStatisticsSchema,
  }),
};
