import { z } from 'zod';
import { limits } from '../limits';
import { EpochMsSchema, number } from './common';
import { DomainStatusSchema } from './domain';
import {
  CacheConfigDataSchema,
  CacheConfigSchema,
  CompressionSchema,
  HeaderRulesBodySchema,
  HeaderRulesDataSchema,
  HttpsConfigDataSchema,
  IpAclSchema,
  OnOffSchema,
  OriginProtocolSchema,
  OriginSettingDataSchema,
  RangeSwitchSchema,
  RefererSchema,
  RequestLimitsDataSchema,
  RequestLimitsSchema,
  rateLimitPresets,
  UrlAuthDataSchema,
  UrlAuthSchema,
  UserAgentFilterSchema,
  UserAgentFilterTypeSchema,
  UserAgentRulesSchema,
} from './domain-config';

/*
 * The edge-platform (eo) variant (spec sections 1 and 3): which menus a user's cdnType opens, and the eo domain's
 * configuration in its four parts (domainConfig, sourceConfig, httpsConfig, securityPolicy). Fields the CDN domain
 * has too use the CDN's schemas, so the rules are the same on both.
 */

const e = limits.eo;

/** An account's cdnType: the CDN menu, the edge-platform menu, or both. */
export const cdnTypes = ['cdn', 'eo', 'all'] as const;
export const CdnTypeSchema = z.enum(cdnTypes);
export type CdnType = z.infer<typeof CdnTypeSchema>;

/** The product a domain (and a route) belongs to. */
export const domainVariants = ['cdn', 'eo'] as const;
export type DomainVariant = (typeof domainVariants)[number];

/** The variants a cdnType opens; an unknown value is the CDN, as accounts were before the edge platform. */
export function variantsOf(cdnType: string | undefined): DomainVariant[] {
  if (cdnType === 'eo') return ['eo'];
  if (cdnType === 'all') return ['cdn', 'eo'];
  return ['cdn'];
}

// ---------------------------------------------------------------------------------------------------------------
// Security policy parts beyond the CDN's referer, IP filter and UA filter

export const frequencyLevels = ['loose', 'moderate', 'strict'] as const;
export const FrequencyLevelSchema = z.enum(frequencyLevels, { error: 'validation.required' });
export type FrequencyLevel = z.infer<typeof FrequencyLevelSchema>;
/** The levels are the CDN's rate-limit presets (spec section 9): loose 2000/5 s, moderate 200/10 s, strict 40/10 s. */
export const frequencyLevelRates: Record<FrequencyLevel, { limit: number; periodSeconds: number }> = rateLimitPresets;
export const recommendedFrequencyLevel: FrequencyLevel = 'moderate';

/** Requests over the level's rate from one client are blocked with 403 (spec section 9). */
export const AdaptiveFrequencyControlSchema = z.object({
  status: OnOffSchema,
  level: FrequencyLevelSchema.default(recommendedFrequencyLevel),
  action: z.literal('block').default('block'),
});
export type AdaptiveFrequencyControl = z.output<typeof AdaptiveFrequencyControlSchema>;

/** User-agent classes the edge recognises. */
export const uaClasses = ['crawler', 'scanner', 'headless', 'script'] as const;
/** Command-line and library clients by their user-agent product token. */
export const knownTools = ['curl', 'wget', 'python-requests', 'go-http-client', 'java', 'scrapy', 'postman'] as const;

function unique<T extends string>(values: readonly T[]) {
  return z
    .array(z.enum(values as unknown as [T, ...T[]], { error: 'validation.invalid' }))
    .refine((list) => new Set(list).size === list.length, { error: 'eo.client.duplicate' });
}

/**
 * Blocks requests by user-agent class, without a user agent, or from known tools; a request matching an allow rule
 * (the UA filter's rule syntax: '*' the only wildcard) passes whatever else matched.
 */
export const ClientFilteringSchema = z
  .object({
    status: OnOffSchema,
    uaClasses: unique(uaClasses).default([]),
    blockEmptyUa: z.boolean().default(false),
    knownTools: unique(knownTools).default([]),
    // The UA filter's rules and limit (limits.domain.uaRulesMax).
    allowRules: UserAgentRulesSchema.default([]),
  })
  .superRefine((value, ctx) => {
    const blocksSomething = value.uaClasses.length > 0 || value.blockEmptyUa || value.knownTools.length > 0;
    if (value.status === 'on' && !blocksSomething) {
      ctx.addIssue({ code: 'custom', path: ['uaClasses'], message: 'eo.client.nothingBlocked' });
    }
  });
export type ClientFiltering = z.output<typeof ClientFilteringSchema>;

function bounded(min: number, max: number, key: string) {
  return number()
    .int({ error: `${key}` })
    .min(min, { error: key })
    .max(max, { error: key });
}

/** A client that has downloaded thresholdMb within windowSeconds is capped to rateCapKbps (KB/s) from then on. */
export const BandwidthAbuseDefenseSchema = z.object({
  status: OnOffSchema,
  thresholdMb: bounded(e.abuseThresholdMbMin, e.abuseThresholdMbMax, 'eo.abuse.threshold').default(
    e.abuseThresholdMbDefault,
  ),
  windowSeconds: bounded(e.abuseWindowSecondsMin, e.abuseWindowSecondsMax, 'eo.abuse.window').default(
    e.abuseWindowSecondsDefault,
  ),
  rateCapKbps: bounded(e.abuseRateCapKbpsMin, e.abuseRateCapKbpsMax, 'eo.abuse.rateCap').default(
    e.abuseRateCapKbpsDefault,
  ),
});
export type BandwidthAbuseDefense = z.output<typeof BandwidthAbuseDefenseSchema>;

/**
 * A client whose body arrives slower than minBodyRate bytes/s over the first 8 KB (limits.eo.slowAttackInspectBytes),
 * or whose headers or body take longer than their timeouts, is cut off.
 */
export const SlowAttackDefenseSchema = z.object({
  status: OnOffSchema,
  minBodyRate: bounded(e.slowAttackMinRateMin, e.slowAttackMinRateMax, 'eo.slow.minRate').default(
    e.slowAttackMinRateDefault,
  ),
  headerTimeoutSeconds: bounded(e.headerTimeoutMin, e.headerTimeoutMax, 'eo.slow.headerTimeout').default(
    e.headerTimeoutDefault,
  ),
  bodyTimeoutSeconds: bounded(e.bodyTimeoutMin, e.bodyTimeoutMax, 'eo.slow.bodyTimeout').default(e.bodyTimeoutDefault),
});
export type SlowAttackDefense = z.output<typeof SlowAttackDefenseSchema>;

/** The body of POST /eo/domain/:id/security: the whole policy, every part. */
export const SecurityPolicySchema = z.object({
  referer: RefererSchema,
  ipFilter: IpAclSchema,
  userAgentFilter: UserAgentFilterSchema,
  adaptiveFrequencyControl: AdaptiveFrequencyControlSchema,
  clientFiltering: ClientFilteringSchema,
  bandwidthAbuseDefense: BandwidthAbuseDefenseSchema,
  slowAttackDefense: SlowAttackDefenseSchema,
});
export type SecurityPolicy = z.output<typeof SecurityPolicySchema>;
export type SecurityPolicyInput = z.input<typeof SecurityPolicySchema>;

/** The parts the CDN configuration does not have, as stored beside it; all off for a new domain. */
export type EoSecurityExtras = Omit<SecurityPolicy, 'referer' | 'ipFilter' | 'userAgentFilter'>;
export const defaultEoSecurityExtras: EoSecurityExtras = {
  adaptiveFrequencyControl: { status: 'off', level: recommendedFrequencyLevel, action: 'block' },
  clientFiltering: { status: 'off', uaClasses: [], blockEmptyUa: false, knownTools: [], allowRules: [] },
  bandwidthAbuseDefense: {
    status: 'off',
    thresholdMb: e.abuseThresholdMbDefault,
    windowSeconds: e.abuseWindowSecondsDefault,
    rateCapKbps: e.abuseRateCapKbpsDefault,
  },
  slowAttackDefense: {
    status: 'off',
    minBodyRate: e.slowAttackMinRateDefault,
    headerTimeoutSeconds: e.headerTimeoutDefault,
    bodyTimeoutSeconds: e.bodyTimeoutDefault,
  },
};

// ---------------------------------------------------------------------------------------------------------------
// General settings (POST /eo/domain/:id/config): any of the CDN's general pieces, at least one

export const EoGeneralConfigSchema = z
  .object({
    rangeStatus: RangeSwitchSchema.shape.rangeSwitch.optional(),
    compress: CompressionSchema.optional(),
    cacheConfig: CacheConfigSchema.optional(),
    httpResponseHeader: HeaderRulesBodySchema.optional(),
    originRequestHeader: HeaderRulesBodySchema.optional(),
    urlAuth: UrlAuthSchema.optional(),
    requestLimits: RequestLimitsSchema.optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), { error: 'validation.required' });
export type EoGeneralConfig = z.output<typeof EoGeneralConfigSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Responses (whitelists)

export const RateBaselineSchema = z.object({
  /** Requests per 10 s at the busiest 5 minutes of the last 7 days, and on average. */
  peakPer10s: z.number().int(),
  averagePer10s: z.number().int(),
  computedAt: EpochMsSchema,
});
export type RateBaseline = z.infer<typeof RateBaselineSchema>;

const OnOffRecord = { status: OnOffSchema };
export const SecurityPolicyDataSchema = z.object({
  referer: z.object({ type: z.enum(['off', 'allow', 'deny']), list: z.array(z.string()), allowEmpty: z.boolean() }),
  ipFilter: z.object({ type: z.enum(['off', 'allow', 'deny']), list: z.array(z.string()) }),
  userAgentFilter: z.object({ type: UserAgentFilterTypeSchema, rules: z.array(z.string()) }),
  adaptiveFrequencyControl: z.object({ ...OnOffRecord, level: FrequencyLevelSchema, action: z.literal('block') }),
  clientFiltering: z.object({
    ...OnOffRecord,
    uaClasses: z.array(z.enum(uaClasses)),
    blockEmptyUa: z.boolean(),
    knownTools: z.array(z.enum(knownTools)),
    allowRules: z.array(z.string()),
  }),
  bandwidthAbuseDefense: z.object({
    ...OnOffRecord,
    thresholdMb: z.number().int(),
    windowSeconds: z.number().int(),
    rateCapKbps: z.number().int(),
  }),
  slowAttackDefense: z.object({
    ...OnOffRecord,
    minBodyRate: z.number().int(),
    headerTimeoutSeconds: z.number().int(),
    bodyTimeoutSeconds: z.number().int(),
  }),
  /** The adaptive frequency control's baseline; null until the first daily computation. */
  baseline: RateBaselineSchema.nullable(),
});

/** GET /eo/domain/:id and every eo save: the domain and its configuration in the spec's four parts. */
export const EoDomainConfigSchema = z.object({
  id: z.number().int(),
  domainName: z.string(),
  cname: z.string(),
  status: DomainStatusSchema,
  sample: z.boolean(),
  domainConfig: z.object({
    rangeStatus: OnOffSchema,
    compress: CompressionSchema,
    cacheConfig: CacheConfigDataSchema,
    httpResponseHeader: HeaderRulesDataSchema,
    originRequestHeader: HeaderRulesDataSchema,
    urlAuth: UrlAuthDataSchema,
    requestLimits: RequestLimitsDataSchema,
  }),
  sourceConfig: z.object({ sources: z.array(OriginSettingDataSchema), originProtocol: OriginProtocolSchema }),
  httpsConfig: HttpsConfigDataSchema.extend({ https: OnOffSchema, quic: OnOffSchema }),
  securityPolicy: SecurityPolicyDataSchema,
  configVersion: z.number().int(),
  updatedAt: EpochMsSchema,
});
export type EoDomainConfig = z.infer<typeof EoDomainConfigSchema>;
