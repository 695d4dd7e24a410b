import {
  CacheConfigDataSchema,
  CompressionSchema,
  DomainConfigSchema,
  HeaderRulesDataSchema,
  OnOffSchema,
  OriginProtocolSchema,
  OriginSettingDataSchema,
  RequestLimitsDataSchema,
  SecurityPolicyDataSchema,
  UrlAuthDataSchema,
} from '@edgeward/contract';
import { z } from 'zod';

/*
 * What the console hands the edge for one domain: its whole configuration at one version, the certificate and
 * private key included (the edge serves HTTPS with them). The console builds it from the stored configuration and
 * parses it through this schema before it leaves; the edge agent parses what it receives through the same schema
 * and renders nginx configuration from it (render.ts).
 */

const access = DomainConfigSchema.shape;

/** The edge-platform security parts beyond referer, IP and UA filters; absent on CDN domains (all off). */
export const EdgeSecurityExtrasSchema = SecurityPolicyDataSchema.pick({
  adaptiveFrequencyControl: true,
  clientFiltering: true,
  bandwidthAbuseDefense: true,
  slowAttackDefense: true,
});
export type EdgeSecurityExtras = z.infer<typeof EdgeSecurityExtrasSchema>;

export const EdgeDomainConfigSchema = z.object({
  /** The first entry is the origin the console edits; each has its ports, host header and protocol. */
  sources: z.array(OriginSettingDataSchema).min(1),
  originProtocol: OriginProtocolSchema,
  rangeStatus: OnOffSchema,
  https: OnOffSchema,
  httpsConfig: z.object({
    forceHttps: OnOffSchema,
    http2: OnOffSchema,
    /** PEM chain and unencrypted private key; both null while HTTPS has never been configured. */
    certificatePem: z.string().nullable(),
    privateKeyPem: z.string().nullable(),
  }),
  quic: OnOffSchema,
  websocket: OnOffSchema,
  compress: CompressionSchema,
  cacheConfig: CacheConfigDataSchema,
  referer: access.referer,
  ipFilter: access.ipFilter,
  userAgentFilter: access.userAgentFilter,
  httpResponseHeader: HeaderRulesDataSchema,
  originRequestHeader: HeaderRulesDataSchema,
  forceRedirect: access.forceRedirect,
  urlAuth: UrlAuthDataSchema,
  requestLimits: RequestLimitsDataSchema,
  eoSecurity: EdgeSecurityExtrasSchema.optional(),
});
export type EdgeDomainConfig = z.infer<typeof EdgeDomainConfigSchema>;

export const EdgeDomainStateSchema = z.enum(['enabled', 'disabled', 'removed']);
export type EdgeDomainState = z.infer<typeof EdgeDomainStateSchema>;

export const EdgeSnapshotSchema = z.object({
  domainId: z.number().int().positive(),
  /** ASCII (punycode), lower case; a wildcard domain starts with '*.'. */
  domainName: z.string().min(1),
  /** The host the customer's CNAME points at; the edge answers to it as well as to the domain. */
  cname: z.string().min(1),
  variant: z.enum(['cdn', 'eo']),
  /** Grows with every change of the domain; an edge keeps the highest version it has seen. */
  version: z.number().int().positive(),
  /** enabled: served; disabled: answered 404 like an unknown host; removed: forgotten (config is null). */
  state: EdgeDomainStateSchema,
  config: EdgeDomainConfigSchema.nullable(),
});
export type EdgeSnapshot = z.infer<typeof EdgeSnapshotSchema>;
