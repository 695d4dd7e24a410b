import { defaultEoSecurityExtras, type EoDomainConfig, type RateBaseline } from '@edgeward/contract';
import type { DomainWithConfig } from '../domain';

/** The edge platform's view of a domain: the stored configuration in the spec's four parts (an explicit whitelist). */
export function toEoDomainConfig(row: DomainWithConfig, baseline: RateBaseline | null): EoDomainConfig {
  const c = row.config;
  return {
    id: row.id,
    domainName: row.domainName,
    cname: row.cname ?? '',
    status: row.status,
    sample: row.sample,
    domainConfig: {
      rangeStatus: c.rangeStatus,
      compress: c.compress,
      cacheConfig: c.cacheConfig,
      httpResponseHeader: c.httpResponseHeader,
      originRequestHeader: c.originRequestHeader,
      urlAuth: c.urlAuth,
      requestLimits: c.requestLimits,
    },
    sourceConfig: { sources: c.sources, originProtocol: c.originProtocol },
    httpsConfig: { ...c.httpsConfig, https: c.https, quic: c.quic },
    securityPolicy: {
      referer: c.referer,
      ipFilter: c.ipFilter,
      userAgentFilter: c.userAgentFilter,
      ...defaultEoSecurityExtras,
      ...c.eoSecurity,
      baseline,
    },
    configVersion: row.version,
    updatedAt: row.configUpdatedAt.getTime(),
  };
}
