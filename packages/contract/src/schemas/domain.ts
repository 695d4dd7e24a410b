import { z } from 'zod';
import { limits } from '../limits';
import { toAsciiDomain } from '../net/domain-name';
import { PageQuerySchema, text } from './common';
import {
  type CacheRule,
  type DomainConfig,
  domainNameMessage,
  OnOffSchema,
  type OriginRuleOptions,
  OriginTypeSchema,
  originEntryIssues,
  originSettingSchema,
} from './domain-config';

const d = limits.domain;

/**
 * Domain statuses (spec section 4):
 * - creating: accepted, the edge is being set up; configuring: a configuration change is rolling out;
 * - enabled, disabled: serving or not (the customer's switch);
 * - deleting: removal from the edge in progress, the row disappears when it is done;
 * - abnormal: the edge reported a failure (origin unreachable, certificate problem...);
 * - under_review: waiting for the operator (new domains, whole-site acceleration);
 * - review_rejected: the operator refused it (review not passed); it can only be deleted.
 */
export const domainStatuses = [
  'creating',
  'configuring',
  'enabled',
  'disabled',
  'deleting',
  'abnormal',
  'under_review',
  'review_rejected',
] as const;
export const DomainStatusSchema = z.enum(domainStatuses, { error: 'validation.invalid' });
export type DomainStatus = z.infer<typeof DomainStatusSchema>;

/** Spec section 4: deleting is allowed only for disabled or rejected domains. */
export function canDeleteDomain(status: DomainStatus): boolean {
  return status === 'disabled' || status === 'review_rejected';
}
/** The spec leaves enable/disable open: a disabled domain can be enabled... */
export function canEnableDomain(status: DomainStatus): boolean {
  return status === 'disabled';
}
/** ...and a serving one (or one the edge reports as abnormal) can be disabled. */
export function canDisableDomain(status: DomainStatus): boolean {
  return status === 'enabled' || status === 'abnormal';
}
/** Settings can be saved while the domain exists on the edge and is not on its way in or out. */
export function canEditDomainConfig(status: DomainStatus): boolean {
  return status === 'enabled' || status === 'disabled' || status === 'configuring' || status === 'abnormal';
}

export const verificationStatuses = ['pending', 'validating', 'success', 'failed'] as const;
export const VerificationStatusSchema = z.enum(verificationStatuses);
export type VerificationStatus = z.infer<typeof VerificationStatusSchema>;

/**
 * web: static pages and small files; download: large files; media: video on demand; whole_site: dynamic and
 * static content together (only when GET /domain/can-create-whole-site allows it; its default cache expiry is 0).
 */
export const accelerationTypes = ['web', 'download', 'media', 'whole_site'] as const;
export const AccelerationTypeSchema = z.enum(accelerationTypes, { error: 'validation.required' });
export type AccelerationType = z.infer<typeof AccelerationTypeSchema>;

/**
 * An acceleration domain as typed: trimmed, lower-cased and converted to punycode (例子.com -> xn--fsqu00a.com)
 * before the format check. Wildcard domains are not supported.
 */
export const DomainNameSchema = text('domain.name.required')
  .trim()
  .min(1, { error: 'domain.name.required', abort: true })
  .overwrite(toAsciiDomain)
  .superRefine((name, ctx) => {
    const message = domainNameMessage(name);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** The cache rules a new domain starts with (spec section 9): all files 30 days, 0 for whole-site acceleration. */
export function defaultCacheRules(type: AccelerationType): CacheRule[] {
  const ttl = type === 'whole_site' ? 0 : d.cacheDefaultDays;
  return [
    {
      priority: d.cachePriorityMin,
      type: 'all',
      content: [],
      ttl,
      unit: ttl === 0 ? 'seconds' : 'days',
      ignoreUrlParameter: 'off',
    },
  ];
}

/** Every setting a new domain starts with apart from its identity and origin. */
export function defaultDomainSettings(
  type: AccelerationType,
): Omit<
  DomainConfig,
  'id' | 'domainName' | 'apexDomain' | 'cname' | 'sources' | 'originProtocol' | 'configVersion' | 'updatedAt'
> {
  return {
    rangeStatus: 'off',
    https: 'off',
    httpsConfig: { forceHttps: 'off', http2: 'off', certificate: null },
    quic: 'off',
    websocket: 'off',
    compress: { gzip: 'off', brotli: 'off' },
    cacheConfig: {
      ignoreUrlParameter: 'off',
      cachePrefresh: 'off',
      offlineCache: 'off',
      rules: defaultCacheRules(type),
    },
    referer: { type: 'off', list: [], allowEmpty: true },
    ipFilter: { type: 'off', list: [] },
    userAgentFilter: { type: 'off', rules: [] },
    httpResponseHeader: { headers: [] },
    originRequestHeader: { headers: [] },
    forceRedirect: { type: 'off', statusCode: 302 },
    urlAuth: {
      status: 'off',
      type: 'type_a',
      key: '',
      backupKey: '',
      expireTime: d.urlAuthExpireDefault,
      signArg: 'sign',
    },
    requestLimits: { status: 'off', rules: [] },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Requests

export const DomainSortSchema = z.enum(['asc', 'desc']);

/** GET /domain/list: 1-based page, domainName is a substring search, newest first unless order=asc. */
export const DomainListQuerySchema = PageQuerySchema.extend({
  domainName: text().trim().max(d.nameMax).optional(),
  status: DomainStatusSchema.optional(),
  type: AccelerationTypeSchema.optional(),
  order: DomainSortSchema.default('desc'),
});
export type DomainListQuery = z.output<typeof DomainListQuerySchema>;
export type DomainListQueryInput = z.input<typeof DomainListQuerySchema>;

/**
 * POST /domain/create. The type alone says whether it is whole-site acceleration. The server builds a relaxed copy
 * with domainCreateSchema({ allowPrivate: true }) when ALLOW_PRIVATE_ORIGINS is set.
 */
export function domainCreateSchema(options: Pick<OriginRuleOptions, 'allowPrivate'> = {}) {
  return z
    .object({
      domainName: DomainNameSchema,
      type: AccelerationTypeSchema,
      origin: originSettingSchema(options),
    })
    .superRefine((value, ctx) => {
      // The per-entry rules already ran; only the one that needs the sibling domain name is added here.
      for (const issue of originEntryIssues(value.origin.ipOrDomain, { ...options, domainName: value.domainName })) {
        if (issue.message === 'domain.origin.sameAsDomain') {
          ctx.addIssue({ code: 'custom', path: ['origin', 'ipOrDomain', ...issue.path], message: issue.message });
        }
      }
    });
}
export const DomainCreateSchema = domainCreateSchema();
export type DomainCreate = z.output<typeof DomainCreateSchema>;
export type DomainCreateInput = z.input<typeof DomainCreateSchema>;

export const DomainIdBodySchema = z.object({ id: z.number({ error: 'validation.required' }).int().positive() });
export type DomainIdBody = z.infer<typeof DomainIdBodySchema>;

export const DomainNameQuerySchema = z.object({ domainName: DomainNameSchema });
/** @alias The same schema as a body: one object, so the published API names it once. */
export const DomainNameBodySchema = DomainNameQuerySchema;
export type DomainNameBody = z.output<typeof DomainNameBodySchema>;

/** GET /domain/export: optional substring filter, like the list. */
export const DomainExportQuerySchema = z.object({ domainName: text().trim().max(d.nameMax).optional() });

/** POST /domain/url-auth/sign: a signed test URL for a path with the domain's current key. */
export const UrlAuthSignRequestSchema = z.object({
  id: z.number({ error: 'validation.required' }).int().positive(),
  path: text()
    .trim()
    .min(1, { error: 'validation.required', abort: true })
    .regex(/^\/[^\s?#]*$/, { error: 'domain.urlAuth.pathFormat' }),
  useBackupKey: z.boolean().default(false),
});
export type UrlAuthSignRequest = z.output<typeof UrlAuthSignRequestSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Responses (plain whitelists)

export const DomainListItemSchema = z.object({
  id: z.number().int(),
  domainName: z.string(),
  cname: z.string(),
  type: AccelerationTypeSchema,
  status: DomainStatusSchema,
  https: OnOffSchema,
  /** Sample data of the demo account (development only): the console labels it. */
  sample: z.boolean(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type DomainListItem = z.infer<typeof DomainListItemSchema>;

export const DomainDetailSchema = DomainListItemSchema.extend({
  /** The registrable domain by the public suffix list (ASCII): the zone the customer's DNS provider hosts. */
  apexDomain: z.string(),
  originType: OriginTypeSchema,
  origins: z.array(z.string()),
  configVersion: z.number().int(),
  /** The operator's reason when the review was not passed; the edge's reason when abnormal. */
  statusReason: z.string().nullable(),
});
export type DomainDetail = z.infer<typeof DomainDetailSchema>;

export const DomainLimitSchema = z.object({ used: z.number().int(), max: z.number().int() });
export type DomainLimit = z.infer<typeof DomainLimitSchema>;

/** The TXT record prefix that proves control of an apex domain: <prefix>.<apex> TXT <value>. */
export const domainVerifyRecordPrefix = '_edgeward-verify';

export const VerifyRecordSchema = z.object({
  domainName: z.string(),
  apexDomain: z.string(),
  recordType: z.literal('TXT'),
  /** The record's host relative to the apex (what DNS consoles ask for)... */
  host: z.string(),
  /** ...and its full name. */
  name: z.string(),
  value: z.string(),
  /** True when the apex is already verified for this account: no record is needed. */
  verified: z.boolean(),
});
export type VerifyRecord = z.infer<typeof VerifyRecordSchema>;

/**
 * Why a verification failed: the DNS servers did not answer (nothing is known about the record), the name holds no
 * TXT record, or its TXT records hold other values.
 */
export const verificationFailures = ['dnsUnreachable', 'recordMissing', 'recordMismatch'] as const;
export const VerificationFailureSchema = z.enum(verificationFailures);
export type VerificationFailure = z.infer<typeof VerificationFailureSchema>;

export const VerifyResultSchema = z.object({
  domainName: z.string(),
  apexDomain: z.string(),
  status: VerificationStatusSchema,
  /** Set when status is failed. */
  failure: VerificationFailureSchema.nullable(),
  /** The TXT values found at the record's name (for recordMismatch), so the customer sees what DNS answers. */
  found: z.array(z.string()),
  /**
   * In the caller's language; a failed record reads 'DNS verification failed, please check DNS record
   * configuration' followed by what was found.
   */
  message: z.string().nullable(),
});
export type VerifyResult = z.infer<typeof VerifyResultSchema>;

export const CanCreateWholeSiteSchema = z.object({
  allowed: z.boolean(),
  /** In the caller's language, when not allowed. */
  reason: z.string().nullable(),
});
export type CanCreateWholeSite = z.infer<typeof CanCreateWholeSiteSchema>;

export const UrlAuthSignedSchema = z.object({
  /** Full URL on the acceleration domain (https when HTTPS is on). */
  url: z.string(),
  expiresAt: z.number().int(),
});
export type UrlAuthSigned = z.infer<typeof UrlAuthSignedSchema>;

/** The CSV columns of GET /domain/export, in order (times in UTC+8, as the console shows them). */
export const domainExportColumns = ['domainName', 'cname', 'type', 'status', 'https', 'createdAt'] as const;
