// The certificate area's one door into the domain area: which domains a customer has, and installing a certificate
// on one of them through the domain's own HTTPS settings (its checks, its transaction, its publish job to the edge).
import { type CertificateUpload, type DomainVariant, domainVariants } from '@edgeward/contract';
import type { Actor } from '../../lib/actor';
import type { AreaContext } from '../area';
import { apexDomain, createDomainServices, type DomainPorts, type DomainServices, findOfUser } from '../domain';
import type { AuthUser } from '../session';

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

export function domainHttpsOf(ctx: AreaContext, ports: DomainPorts): DomainHttps {
  // Both product variants use the same certificates: the domain area's services of each, the CDN's for what is common.
  const services = Object.fromEntries(domainVariants.map((v) => [v, createDomainServices(ctx, ports, v)])) as Record<
    DomainVariant,
    DomainServices
  >;
  const db = ctx.database.db;
  return {
    async domainsOf(user) {
      const list: { id: number; domainName: string }[] = [];
      for (const variant of domainVariants) {
        for await (const row of await services[variant].exports.exportRows(user, undefined)) {
          list.push({ id: row.id, domainName: row.domainName });
        }
      }
      return list;
    },
    async installCertificate(user, domainId, material, actor) {
      const variant = (await findOfUser(db, user.id, domainId))?.variant ?? 'cdn';
      const { configs } = services[variant];
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
    verifiedApexes: (user) => services.cdn.verification.verifiedApexes(user),
    apexOf: apexDomain,
  };
}
