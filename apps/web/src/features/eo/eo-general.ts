import type { DomainConfig, EoDomainConfig, EoGeneralConfig } from '@edgeward/contract';
import type { ConfigSegment, SegmentBody } from '../../api/domain';

/** The CDN's settings segments the edge platform's general part holds, and the key of /config each one is. */
const generalKeys = {
  configCacheRule: 'cacheConfig',
  configResponseHeader: 'httpResponseHeader',
  configRequestHeader: 'originRequestHeader',
  configUrlAuth: 'urlAuth',
  configRateLimit: 'requestLimits',
  configCompression: 'compress',
} as const satisfies Partial<Record<ConfigSegment, keyof EoGeneralConfig>>;

type GeneralSegment = keyof typeof generalKeys;

export const isGeneralSegment = (segment: ConfigSegment): segment is GeneralSegment => segment in generalKeys;

/** A CDN segment's body as the edge platform's /config body: the same schema under its key. */
export function eoGeneralBody<S extends GeneralSegment>(segment: S, body: SegmentBody<S>) {
  return { [generalKeys[segment]]: body } as { [K in (typeof generalKeys)[S]]: SegmentBody<S> };
}

/**
 * An edge-platform domain's configuration in the CDN's shape, so that the CDN's sections edit its general part.
 * What the edge platform does not have (WebSocket, the CDN's forced redirect) reads as off; no section shown on
 * the edge platform reads it.
 */
export function eoAsDomainConfig(domain: EoDomainConfig): DomainConfig {
  const { domainConfig, sourceConfig, httpsConfig, securityPolicy } = domain;
  const { https, quic, ...certificateAndSwitches } = httpsConfig;
  return {
    id: domain.id,
    domainName: domain.domainName,
    apexDomain: domain.domainName,
    cname: domain.cname,
    sources: sourceConfig.sources,
    originProtocol: sourceConfig.originProtocol,
    rangeStatus: domainConfig.rangeStatus,
    https,
    httpsConfig: certificateAndSwitches,
    quic,
    websocket: 'off',
    compress: domainConfig.compress,
    cacheConfig: domainConfig.cacheConfig,
    referer: securityPolicy.referer,
    ipFilter: securityPolicy.ipFilter,
    userAgentFilter: securityPolicy.userAgentFilter,
    httpResponseHeader: domainConfig.httpResponseHeader,
    originRequestHeader: domainConfig.originRequestHeader,
    forceRedirect: { type: 'off', statusCode: 302 },
    urlAuth: domainConfig.urlAuth,
    requestLimits: domainConfig.requestLimits,
    configVersion: domain.configVersion,
    updatedAt: domain.updatedAt,
  };
}
