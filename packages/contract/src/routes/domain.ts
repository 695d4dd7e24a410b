import type { z } from 'zod';
import { limits } from '../limits';
import { domainProbeLimit } from '../rate-limits';
import { defineRoute, ofVariant, type RateLimit } from '../route';
import { EmptySchema, IdParamsSchema, pageOf } from '../schemas/common';
import {
  AccelerationTypeSchema,
  CanCreateWholeSiteSchema,
  DomainCreateSchema,
  DomainDetailSchema,
  DomainExportQuerySchema,
  DomainIdBodySchema,
  DomainLimitSchema,
  DomainListItemSchema,
  DomainListQuerySchema,
  DomainNameBodySchema,
  DomainNameQuerySchema,
  UrlAuthSignedSchema,
  UrlAuthSignRequestSchema,
  VerifyRecordSchema,
  VerifyResultSchema,
} from '../schemas/domain';
import {
  CacheConfigSchema,
  CompressionSchema,
  DomainConfigSchema,
  ForceRedirectSchema,
  HeaderRulesBodySchema,
  HttpsInfoSchema,
  IpAclSchema,
  OriginProtocolBodySchema,
  OriginSettingSchema,
  RangeSwitchSchema,
  RefererSchema,
  RequestLimitsSchema,
  UrlAuthSchema,
  UserAgentFilterSchema,
  WebsocketSchema,
} from '../schemas/domain-config';

/*
 * Accelerated domains: the spec's section 7 domain calls, the config segments, GET /domain/config/:id and the
 * URL-auth test signer. What the server and web must know:
 * - Ownership: every :id / {id} is the caller's domain; a foreign id answers NOT_FOUND like a missing one.
 * - Status rules live in schemas/domain.ts (canDeleteDomain, canEnableDomain, canDisableDomain,
 *   canEditDomainConfig); a refused transition answers DOMAIN_NOT_DELETABLE (delete) or DOMAIN_STATE_CONFLICT.
 *   delete/enable/disable answer the list item with its new status (delete: 'deleting').
 * - create: DOMAIN_TAKEN (any account has it), DOMAIN_LIMIT_REACHED, DOMAIN_NOT_VERIFIED (apex TXT record not
 *   verified: query-create-verify-record, then verify-record), WHOLE_SITE_NOT_ALLOWED, ORIGIN_UNREACHABLE.
 *   verify-record answers 200 with status 'failed' and a message rather than an error.
 * - Config segments answer the whole updated DomainConfig and bump configVersion. Lists are arrays (forms split
 *   text with splitLines / splitCacheContent). originType is derived from the list (deriveOriginType), never sent.
 * - The origin and origin-protocol segments write the same protocol: DomainConfig.originProtocol always equals
 *   sources[0].originProtocol. An empty hostName means the acceleration domain is sent as Host.
 * - Internal origin IPs: the table's schemas refuse them. With ALLOW_PRIVATE_ORIGINS the server registers create
 *   and config origin with domainCreateSchema({ allowPrivate: true }) / originSettingSchema({ allowPrivate: true }).
 *   "Origin is not the acceleration domain" is in the create schema; on config origin the server checks it with
 *   originEntryIssues(list, { domainName }) and answers fieldError('ipOrDomain.<i>', 'domain.origin.sameAsDomain').
 * - https-info carries https, http2, forceHttps and quic; http2/forceHttps/quic need https on (schema). A new
 *   certificate is checked by the server with node:crypto (CERT_INVALID, field messages domain.cert.*). HTTPS on
 *   without any certificate: fieldError('certificate', 'domain.cert.required'). forceHttps on <=> forceRedirect
 *   type 'https' (the server keeps them equal); force-redirect type 'https' with HTTPS off: fieldError('type',
 *   'domain.https.enableFirst'). QUIC has no segment of its own: it lives in https-info.
 * - Config saves are refused with DOMAIN_STATE_CONFLICT unless canEditDomainConfig(status); an edge that fails to
 *   apply a change answers CONFIG_FAILED (配置失败). websocket is a paid add-on: ADDON_REQUIRED when not bought.
 * - list: order=asc|desc by creation time (default desc), domainName is a substring filter; the web omits empty
 *   filters. export: CSV with domainExportColumns, status and type written with the domain.status.* /
 *   domain.type.* texts of the caller's language.
 * - Verification record: <domainVerifyRecordPrefix>.<apex> TXT <value>; an apex verified once covers all its
 *   subdomains for that account. The apex follows the public suffix list with private suffixes (the server's
 *   modules/domain/apex-domain.ts; detail and config carry it as apexDomain); a public suffix itself (co.za,
 *   github.io) is refused with fieldError('domainName', 'domain.name.publicSuffix').
 * - Cache: the matching rule with the highest priority number wins. Rate limits: `limit` requests per
 *   `periodSeconds` per client IP plus `threshold` burst, then 403.
 * - url-auth/sign: signUrlTypeA (random rand, uid '0') or signUrlTypeB with the current time; the url is https
 *   when HTTPS is on. crypto/url-auth.ts is the one implementation the edge verifies with, too.
 * - Certificate texts are domain.cert.* (not cert.*), so they never collide with the certificate area's keys.
 * - The spec's `source` and `securityPolicy` fields are not in this config: sources[0] is the origin, and the
 *   security policy belongs to the edge-platform (eodomain) area.
 */

const tag = 'domain';
const long = limits.request.longTimeoutMs;
const query = { id: 'domain', action: 'query' } as const;
const edit = { id: 'domain', action: 'edit' } as const;

function configSegment<Body extends z.ZodType>(segment: string, summary: string, body: Body, rateLimit?: RateLimit) {
  return defineRoute({
    rateLimit,
    method: 'POST',
    path: `/domain/config/:id/${segment}`,
    summary,
    tag,
    permission: edit,
    params: IdParamsSchema,
    body,
    data: DomainConfigSchema,
  });
}

// The CDN's domains: an eo-only account is answered 403 here. Shared by both variants' add-domain flows: the apex
// proof (one proof covers both), the domain limit (counted over both) and the acceleration types.
export const domainRoutes = ofVariant(
  'cdn',
  {
    list: defineRoute({
      method: 'GET',
      path: '/domain/list',
      summary: 'My domains, newest first; search by name, filter by status and type',
      tag,
      permission: query,
      query: DomainListQuerySchema,
      data: pageOf(DomainListItemSchema),
      timeoutMs: long,
    }),
    create: defineRoute({
      method: 'POST',
      path: '/domain/create',
      summary: 'Add an accelerated domain with its origin',
      tag,
      permission: { id: 'domain', action: 'add' },
      body: DomainCreateSchema,
      data: DomainDetailSchema,
      timeoutMs: long,
      rateLimit: domainProbeLimit,
    }),
    detail: defineRoute({
      method: 'GET',
      path: '/domain/:id/detail',
      summary: 'One domain',
      tag,
      permission: query,
      params: IdParamsSchema,
      data: DomainDetailSchema,
      timeoutMs: long,
    }),
    delete: defineRoute({
      method: 'POST',
      path: '/domain/delete',
      summary: 'Delete a disabled or rejected domain',
      tag,
      permission: { id: 'domain', action: 'delete' },
      body: DomainIdBodySchema,
      data: DomainListItemSchema,
    }),
    disable: defineRoute({
      method: 'POST',
      path: '/domain/disable',
      summary: 'Stop serving a domain',
      tag,
      permission: { id: 'domain', action: 'disable' },
      body: DomainIdBodySchema,
      data: DomainListItemSchema,
    }),
    enable: defineRoute({
      method: 'POST',
      path: '/domain/enable',
      summary: 'Serve a disabled domain again',
      tag,
      permission: { id: 'domain', action: 'enable' },
      body: DomainIdBodySchema,
      data: DomainListItemSchema,
    }),
    limit: defineRoute({
      method: 'GET',
      path: '/domain/limit',
      summary: 'How many domains the account has and may have',
      tag,
      permission: query,
      data: DomainLimitSchema,
    }),
    queryCreateVerifyRecord: defineRoute({
      method: 'GET',
      path: '/domain/query-create-verify-record',
      summary: 'The TXT record that proves control of the apex domain',
      tag,
      permission: query,
      query: DomainNameQuerySchema,
      data: VerifyRecordSchema,
    }),
    verifyRecord: defineRoute({
      method: 'POST',
      path: '/domain/verify-record',
      summary: 'Check the TXT record now',
      tag,
      permission: { id: 'domain', action: 'add' },
      body: DomainNameBodySchema,
      data: VerifyResultSchema,
      rateLimit: domainProbeLimit,
    }),
    types: defineRoute({
      method: 'GET',
      path: '/domain/type',
      summary: 'Acceleration types this account can create',
      tag,
      permission: query,
      data: AccelerationTypeSchema.array(),
    }),
    export: defineRoute({
      method: 'GET',
      path: '/domain/export',
      summary: 'My domains as CSV',
      tag,
      permission: { id: 'domain', action: 'export' },
      query: DomainExportQuerySchema,
      data: EmptySchema,
      response: 'file',
    }),
    canCreateWholeSite: defineRoute({
      method: 'GET',
      path: '/domain/can-create-whole-site',
      summary: 'Whether whole-site acceleration is open to this account',
      tag,
      permission: query,
      data: CanCreateWholeSiteSchema,
    }),
    config: defineRoute({
      method: 'GET',
      path: '/domain/config/:id',
      summary: 'The whole configuration of a domain',
      tag,
      permission: query,
      params: IdParamsSchema,
      data: DomainConfigSchema,
    }),
    configOrigin: configSegment(
      'origin',
      'Origin IPs or domain, ports, Host header, protocol',
      OriginSettingSchema,
      domainProbeLimit,
    ),
    configRangeSwitch: configSegment('range-switch', 'Range requests to the origin', RangeSwitchSchema),
    configHttpsInfo: configSegment('https-info', 'HTTPS, certificate, HTTP/2, forced HTTPS, QUIC', HttpsInfoSchema),
    configIpAcl: configSegment('ip-acl', 'IP allow or deny list', IpAclSchema),
    configCacheRule: configSegment('cache-rule', 'Cache rules and switches', CacheConfigSchema),
    configReferer: configSegment('referer', 'Referer allow or deny list', RefererSchema),
    configResponseHeader: configSegment('response-header', 'Headers sent to clients', HeaderRulesBodySchema),
    configOriginProtocol: configSegment(
      'origin-protocol',
      'Protocol used towards the origin',
      OriginProtocolBodySchema,
      domainProbeLimit,
    ),
    configForceRedirect: configSegment('force-redirect', 'Redirect clients to HTTP or HTTPS', ForceRedirectSchema),
    configRequestHeader: configSegment('request-header', 'Headers sent to the origin', HeaderRulesBodySchema),
    configUrlAuth: configSegment('url-auth', 'Signed URL authentication', UrlAuthSchema),
    configUserAgentFilter: configSegment(
      'user-agent-filter',
      'User-agent blacklist or whitelist',
      UserAgentFilterSchema,
    ),
    configCompression: configSegment('compression', 'gzip and brotli', CompressionSchema),
    configRateLimit: configSegment('rate-limit', 'Request limits per client', RequestLimitsSchema),
    configWebsocket: configSegment('websocket', 'WebSocket (paid add-on)', WebsocketSchema),
    urlAuthSign: defineRoute({
      method: 'POST',
      path: '/domain/url-auth/sign',
      summary: "A signed test URL with the domain's current URL-auth key",
      tag,
      permission: query,
      body: UrlAuthSignRequestSchema,
      data: UrlAuthSignedSchema,
    }),
  },
  ['queryCreateVerifyRecord', 'verifyRecord', 'limit', 'types', 'canCreateWholeSite'],
);
