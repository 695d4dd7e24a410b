import { isIp, type OriginSetting } from '@edgeward/contract';
import { AppError, fieldError } from '../../http/errors';
import type { DnsLookup } from '../../providers/dns/resolver';
import type { OriginChecker } from '../../providers/origins';

export interface DomainOriginServiceDeps {
  dns: DnsLookup;
  origins: OriginChecker;
}

/** The origin a customer gives, checked before it is stored: at creation and at every change of origin settings. */
export function createDomainOriginService(deps: DomainOriginServiceDeps) {
  return {
    /**
     * Refuses origin names that resolve to internal addresses (a name is as good as an IP for SSRF), then asks the
     * first origin for any HTTP answer on the port its protocol uses.
     */
    async check(origin: OriginSetting, domainName: string, fieldPrefix: string): Promise<void> {
      const entries = origin.ipOrDomain;
      const resolved = await Promise.all(
        entries.map((entry) => (isIp(entry) ? [entry] : deps.dns.addresses(entry).catch(() => [] as string[]))),
      );
      resolved.forEach((addresses, i) => {
        if (!deps.origins.allowed(addresses))
          throw fieldError(`${fieldPrefix}ipOrDomain.${i}`, 'domain.origin.internalIp');
      });
      const https = origin.originProtocol === 'https';
      const result = await deps.origins.check({
        host: entries[0]!,
        port: https ? origin.httpsPort : origin.httpPort,
        protocol: https ? 'https' : 'http',
        hostHeader: origin.hostName || domainName,
      });
      if (result.ok) return;
      if (result.reason === 'internal') throw fieldError(`${fieldPrefix}ipOrDomain.0`, 'domain.origin.internalIp');
      throw new AppError('ORIGIN_UNREACHABLE');
    },
  };
}

export type DomainOriginService = ReturnType<typeof createDomainOriginService>;
