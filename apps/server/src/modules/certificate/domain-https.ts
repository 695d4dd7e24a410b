// The certificate area's one door into the domain area: which domains a customer has, and installing a certificate
// on one of them through the domain's own HTTPS settings (its checks, its transaction, its publish job to the edge).
import type { CertificateUpload } from '@edgeward/contract';
import type { AreaContext } from '../area';
import { apexDomain } from '../domain/apex-domain';
import { createDomainServices } from '../domain/domain.services';
import type { Actor } from '../operation-log/actor';
import type { AuthUser } from '../session/session.service';

export type DomainCaller = Pick<AuthUser, 'id' | 'realNameVerified'>;

export interface DomainHttps {
  /** The caller's domains. */
  domainsOf(user: DomainCaller): Promise<{ id: number; domainName: string }[]>;
  /**
   * Installs the chain and key on the caller's domain and turns HTTPS on, keeping its other HTTPS switches. Throws
   * the domain area's AppError (not found, state conflict, real-name required, certificate refused...).
   */
  installCertificate(user: DomainCaller, domainId: number, material: CertificateUpload, actor: Actor): Promise<void>;
  /** The apexes the caller has proved to own (the domain area's TXT verification). */
  verifiedApexes(user: DomainCaller): Promise<string[]>;
  /** The registrable apex of a name (`www.example.co.uk` -> example.co.uk), null for a public suffix. */
  apexOf(name: string): string | null;
}

export function domainHttpsOf(ctx: AreaContext): DomainHttps {
  const { configs, exports, verification } = createDomainServices(ctx);
  return {
    async domainsOf(user) {
      const list: { id: number; domainName: string }[] = [];
      for await (const row of await exports.exportRows(user, undefined)) {
        list.push({ id: row.id, domainName: row.domainName });
      }
      return list;
    },
    async installCertificate(user, domainId, material, actor) {
      const current = await configs.get(user, domainId);
      await configs.installManagedCertificate(
        user,
        domainId,
        {
          https: 'on',
          http2: current.httpsConfig.http2,
          forceHttps: current.httpsConfig.forceHttps,
          quic: current.quic,
          certificate: material,
        },
        actor,
      );
    },
    verifiedApexes: (user) => verification.verifiedApexes(user),
    apexOf: apexDomain,
  };
}
