import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { JobRunner } from '../jobs/runner';
import { type AcmeProvider, createAcmeProvider } from './acme';
import { type CaptchaProvider, type CaptchaStore, createCaptchaProvider } from './captcha';
import { createDnsLookup, type DnsLookup } from './dns/resolver';
import { createEdgeProvider, type EdgeProvider } from './edge';
import { createIdentityVerifier, type IdentityVerifier } from './identity';
import { createMailProvider, type MailProvider } from './mail';
import type { OriginChecker, OriginCheckerOptions } from './origins';
import { createPaymentGateway, type PaymentGateway } from './payment';
import type { NotificationDelivery } from './sandbox-callback';

/** The outside world as the areas see it. */
export interface Providers {
  mail: MailProvider;
  dns: DnsLookup;
  origins: OriginChecker;
  edge: EdgeProvider;
  captcha: CaptchaProvider;
  payment: PaymentGateway;
  /** The face-check service of real-name verification. */
  identity: IdentityVerifier;
  /** The CA that issues applied certificates (ACME_DIRECTORY_URL). */
  acme: AcmeProvider;
}

export interface ProviderDeps {
  config: Config;
  db: Db;
  /** The edge's rollouts are durable jobs on this runner. */
  jobs: JobRunner;
  log: Pick<FastifyBaseLogger, 'info'>;
  now: () => Date;
  /** Where captchas are kept: the account area's table (composition-root.ts). */
  captchaStore: CaptchaStore;
  /** The check of customer-given origins: the domain area's (composition-root.ts). */
  originChecker: (options: OriginCheckerOptions) => OriginChecker;
  /** How the sandbox payment gateway reaches the notify URL; HTTP unless a test delivers in-process. */
  paymentDelivery?: NotificationDelivery;
  /** How the sandbox face-check service reaches the notify URL; HTTP unless a test delivers in-process. */
  faceCheckDelivery?: NotificationDelivery;
}

/**
 * The one place the providers are built from the configuration, shared by the server (buildApp) and the operator
 * command line; tests hand buildApp their own (AppDeps.providers) or replace single ones.
 */
export function createProviders(deps: ProviderDeps): Providers {
  const { config, db, now } = deps;
  const dns = createDnsLookup(config.domain.dnsServers);
  return {
    mail: createMailProvider({ config, db, log: deps.log, now }),
    dns,
    origins: deps.originChecker({
      dns,
      allowPrivate: config.domain.allowPrivateOrigins,
      timeoutMs: config.domain.originCheckTimeoutMs,
    }),
    edge: createEdgeProvider({ config, db, jobs: deps.jobs, now }),
    acme: createAcmeProvider(config.certificate.acme),
    captcha: createCaptchaProvider({
      store: deps.captchaStore,
      now,
      fixedAnswer: config.fixedCaptcha,
    }),
    payment: createPaymentGateway({ config, db, jobs: deps.jobs, now, deliver: deps.paymentDelivery }),
    identity: createIdentityVerifier({ config, db, jobs: deps.jobs, now, deliver: deps.faceCheckDelivery }),
  };
}
