import type { DomainVariant } from '@edgeward/contract';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import type { Providers } from '../../providers';
import { createDomainService } from './domain.service';
import { createDomainConfigService, type DomainConfigServiceDeps } from './domain-config.service';
import { createDomainExportService } from './domain-export.service';
import { createDomainOriginService } from './domain-origin.service';
import { createDomainReviewService } from './domain-review.service';
import { createDomainVerificationService } from './domain-verification.service';
import { createEdgeRolloutService } from './edge-rollout.service';
import { createUrlSigningService } from './url-signing.service';

/** What the domain services are built from; the server's area context and the operator's command context both fit. */
export interface DomainServicesContext {
  config: Config;
  database: Database;
  now(): Date;
  providers: Pick<Providers, 'dns' | 'origins'>;
}

/**
 * What the domain area asks of two areas that depend on it, so it cannot import them: whether a customer holds a
 * paid add-on (the commerce area's record) and keeping a certificate pasted on the HTTPS tab (the certificate
 * area's). modules/index.ts connects them; each is built from the same context as the services.
 */
export interface DomainPorts {
  hasAddon(ctx: DomainServicesContext): DomainConfigServiceDeps['hasAddon'];
  certificatePasted(ctx: DomainServicesContext): DomainConfigServiceDeps['certificatePasted'];
}

/**
 * The domain area's parts, wired the same way for the routes, the publish job and the operator commands. The
 * customer-facing parts see one variant's domains: the CDN's (the default) or the edge platform's.
 */
export function createDomainServices(ctx: DomainServicesContext, ports: DomainPorts, variant: DomainVariant = 'cdn') {
  const { config } = ctx;
  const db = ctx.database.db;
  const now = () => ctx.now();
  const { dns } = ctx.providers;
  const origins = createDomainOriginService({ dns, origins: ctx.providers.origins });
  const verification = createDomainVerificationService({ db, now, dns });
  return {
    domains: createDomainService({ db, config, now, variant, origins, verification }),
    verification,
    configs: createDomainConfigService({
      db,
      now,
      variant,
      origins,
      // Paid add-ons are bought in the commerce area; the switch asks it what the customer holds.
      hasAddon: ports.hasAddon(ctx),
      allowPrivateOrigins: config.domain.allowPrivateOrigins,
      // Managed certificates and their deployments are the certificate area's record.
      certificatePasted: ports.certificatePasted(ctx),
    }),
    urlSigning: createUrlSigningService({ db, now, variant }),
    exports: createDomainExportService({ db, variant }),
    review: createDomainReviewService({ db, now }),
    edge: createEdgeRolloutService({ db, now, cnameZone: config.domain.cnameZone }),
  };
}

export type DomainServices = ReturnType<typeof createDomainServices>;
