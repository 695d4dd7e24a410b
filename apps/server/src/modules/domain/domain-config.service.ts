import {
  type CacheConfig,
  type Compression,
  type DomainConfig,
  deriveOriginType,
  type EoGeneralConfig,
  type ForceRedirect,
  type HeaderRulesBody,
  type HttpsInfo,
  type IpAcl,
  type OriginProtocolBody,
  type OriginSetting,
  originEntryIssues,
  type RangeSwitch,
  type Referer,
  type RequestLimits,
  type SecurityPolicy,
  type UrlAuth,
  type UserAgentFilter,
  type Websocket,
} from '@edgeward/contract';
import type { Executor } from '../../db/connect';
import type { StoredDomainConfig } from '../../db/schema';
import { AppError, fieldError } from '../../http/errors';
import type { Actor } from '../../lib/actor';
import { type CertificateInfo, type CertificateProblem, checkCertificate } from '../../lib/certificate-check';
import { assertRealNameVerified } from '../identity';
import { recordOperation } from '../operation-log';
import { toDomainConfig } from './domain.presenter';
import * as repo from './domain.repository';
import type { DomainOriginService } from './domain-origin.service';
import { nextStatus } from './domain-state';
import { type Caller, type DomainStore, ownDomain, refused, requestPublish } from './domain-steps';

/** Paid add-ons a settings switch may need. */
type Addon = 'websocket';

export interface DomainConfigServiceDeps extends DomainStore {
  origins: DomainOriginService;
  /** Whether the customer has bought the add-on. */
  hasAddon: (userId: number, addon: Addon) => Promise<boolean>;
  /** Lets the segment checks see origins the way the create call does (ALLOW_PRIVATE_ORIGINS). */
  allowPrivateOrigins: boolean;
  /** A certificate pasted on the HTTPS tab becomes a managed certificate deployed to the domain, in the save's transaction. */
  certificatePasted: (tx: Executor, pasted: PastedCertificate) => Promise<void>;
}

export interface PastedCertificate {
  userId: number;
  domainId: number;
  domainName: string;
  name: string;
  certificate: string;
  privateKey: string;
  info: CertificateInfo;
  at: Date;
}

const certificateMessages: Record<CertificateProblem, string> = {
  certificateFormat: 'domain.cert.unparsable',
  keyFormat: 'domain.cert.keyPem',
  keyEncrypted: 'domain.cert.keyEncrypted',
  keyType: 'certificate.check.keyType',
  keyMismatch: 'domain.cert.keyMismatch',
  leafNotFirst: 'certificate.check.leafNotFirst',
  chainOrder: 'certificate.check.chainOrder',
  chainBroken: 'domain.cert.chainInvalid',
  expired: 'domain.cert.expired',
  notYetValid: 'domain.cert.notYetValid',
  chainExpired: 'certificate.check.chainExpired',
  chainNotYetValid: 'certificate.check.chainNotYetValid',
  hostMismatch: 'domain.cert.domainMismatch',
};

interface SegmentChange {
  patch: Partial<StoredDomainConfig>;
  /** A certificate installed with the change; `pasted` when it came from the HTTPS tab rather than a deployment. */
  tls?: { certificate: string; privateKey: string; pasted?: { name: string; info: CertificateInfo } };
}

/** Computes the change from the body and the current (locked) configuration; may refuse with a field error. */
type Compute = (current: StoredDomainConfig, row: repo.DomainWithConfig) => SegmentChange | Promise<SegmentChange>;

/**
 * The settings segments. Each save is one transaction: lock the domain, check the status allows settings, compute
 * the piece against the latest configuration, write it with a version bump (other pieces untouched), move the
 * status (configuring), and queue the new snapshot for the edge. Checks that go over the network (origin) or are
 * heavy (certificate) run before the transaction, so no lock waits on them.
 */
export function createDomainConfigService(deps: DomainConfigServiceDeps) {
  const { db, now, variant } = deps;

  async function save(user: Caller, id: number, actor: Actor, compute: Compute): Promise<DomainConfig> {
    return db.transaction(async (tx) => {
      const row = await ownDomain(tx, user, id, { variant, lock: true });
      const to = nextStatus(row.status, 'configure');
      if (!to) throw refused('configure');
      const change = await compute(row.config, row);
      const at = now();
      const written = await repo.patchConfigOfUser(tx, user.id, id, change.patch, at, change.tls);
      const pasted = change.tls?.pasted;
      if (pasted) {
        await deps.certificatePasted(tx, {
          userId: user.id,
          domainId: id,
          domainName: row.domainName,
          name: pasted.name,
          certificate: change.tls!.certificate,
          privateKey: change.tls!.privateKey,
          info: pasted.info,
          at,
        });
      }
      if (to !== row.status) await repo.updateDomainOfUser(tx, user.id, id, { status: to }, at);
      // The pieces the save names, as they were and as they are now: the summary lists the fields that differ.
      const keys = Object.keys(change.patch) as (keyof StoredDomainConfig)[];
      await recordOperation(tx, {
        actor,
        action: 'domain.configure',
        target: { type: 'domain', id, name: row.domainName },
        before: Object.fromEntries(keys.map((k) => [k, row.config[k]])),
        after: change.patch,
        at,
      });
      // Configure leads only to statuses the edge holds (configuring, disabled): every save is published.
      await requestPublish(tx, id, now());
      return toDomainConfig({ ...row, ...written! });
    });
  }

  /** Reads the domain before a save, to run the slow checks first; the save itself re-reads under the lock. */
  async function prepare(user: Caller, id: number) {
    assertRealNameVerified(user);
    const row = await ownDomain(db, user, id, { variant });
    if (!nextStatus(row.status, 'configure')) throw refused('configure');
    return row;
  }

  const simple =
    <B>(toPatch: (body: B) => Partial<StoredDomainConfig>) =>
    async (user: Caller, id: number, body: B, actor: Actor) => {
      // Nothing slow to check first: the save's own locked read finds the domain and refuses its status.
      assertRealNameVerified(user);
      return save(user, id, actor, () => ({ patch: toPatch(body) }));
    };

  /**
   * HTTPS switches and the certificate. A new certificate is checked against the domain and the clock before
   * anything is stored; without one, HTTPS can be on only when a certificate is already installed. Forced
   * HTTPS and the force-redirect type 'https' are one switch seen from two screens: they are kept equal.
   */
  async function saveHttps(
    user: Caller,
    id: number,
    body: HttpsInfo,
    actor: Actor,
    pasted: boolean,
  ): Promise<DomainConfig> {
    const row = await prepare(user, id);
    let installed:
      | {
          checked: CertificateInfo;
          certificate: string;
          privateKey: string;
          info: NonNullable<StoredDomainConfig['httpsConfig']['certificate']>;
        }
      | undefined;
    if (body.certificate) {
      const result = checkCertificate({
        certificate: body.certificate.certificate,
        privateKey: body.certificate.privateKey,
        domainName: row.domainName,
        now: now(),
      });
      if (!result.ok) {
        const key = certificateMessages[result.problem];
        throw new AppError('CERT_INVALID', { fields: { [`certificate.${result.field}`]: key }, messageKey: key });
      }
      installed = {
        checked: result.info,
        certificate: body.certificate.certificate.trim(),
        privateKey: body.certificate.privateKey.trim(),
        info: {
          name: body.certificate.name,
          subjects: result.info.dnsNames,
          issuer: result.info.issuer,
          notBefore: result.info.validFrom,
          notAfter: result.info.validTo,
        },
      };
    }
    return save(user, id, actor, (current, locked) => {
      if (body.https === 'on' && !installed && !locked.hasCertificate) {
        throw fieldError('certificate', 'domain.cert.required');
      }
      const redirect = current.forceRedirect;
      const forceRedirect =
        body.forceHttps === 'on'
          ? { type: 'https' as const, statusCode: redirect.statusCode }
          : redirect.type === 'https'
            ? { type: 'off' as const, statusCode: redirect.statusCode }
            : redirect;
      return {
        patch: {
          https: body.https,
          quic: body.quic,
          httpsConfig: {
            forceHttps: body.forceHttps,
            http2: body.http2,
            certificate: installed ? installed.info : current.httpsConfig.certificate,
          },
          forceRedirect,
        },
        tls: installed && {
          certificate: installed.certificate,
          privateKey: installed.privateKey,
          pasted: pasted ? { name: installed.info.name, info: installed.checked } : undefined,
        },
      };
    });
  }

  return {
    async get(user: Caller, id: number): Promise<DomainConfig> {
      return toDomainConfig(await ownDomain(db, user, id, { variant }));
    },

    /** The stored record, for a variant that presents it in its own shape (the edge platform's four parts). */
    stored: (user: Caller, id: number) => ownDomain(db, user, id, { variant }),

    async origin(user: Caller, id: number, body: OriginSetting, actor: Actor) {
      const row = await prepare(user, id);
      const same = originEntryIssues(body.ipOrDomain, {
        domainName: row.domainName,
        allowPrivate: deps.allowPrivateOrigins,
      }).find((issue) => issue.message === 'domain.origin.sameAsDomain');
      if (same) throw fieldError(`ipOrDomain.${same.path.join('.')}`, same.message);
      await deps.origins.check(body, row.domainName, '');
      return save(user, id, actor, (current) => ({
        patch: {
          sources: [{ originType: deriveOriginType(body.ipOrDomain), ...body }, ...current.sources.slice(1)],
          originProtocol: body.originProtocol,
        },
      }));
    },

    async originProtocol(user: Caller, id: number, body: OriginProtocolBody, actor: Actor) {
      const row = await prepare(user, id);
      const origin = row.config.sources[0]!;
      await deps.origins.check({ ...origin, originProtocol: body.originProtocol }, row.domainName, '');
      return save(user, id, actor, (current) => {
        const [first, ...rest] = current.sources;
        return {
          patch: {
            originProtocol: body.originProtocol,
            sources: [{ ...first!, originProtocol: body.originProtocol }, ...rest],
          },
        };
      });
    },

    /** The HTTPS tab: a pasted certificate becomes a managed certificate (certificate area) deployed here. */
    httpsInfo: (user: Caller, id: number, body: HttpsInfo, actor: Actor) => saveHttps(user, id, body, actor, true),

    /** The certificate area deploying one of its managed certificates; it records the deployment itself. */
    installManagedCertificate: (user: Caller, id: number, body: HttpsInfo, actor: Actor) =>
      saveHttps(user, id, body, actor, false),

    async forceRedirect(user: Caller, id: number, body: ForceRedirect, actor: Actor) {
      await prepare(user, id);
      return save(user, id, actor, (current) => {
        if (body.type === 'https' && current.https !== 'on') throw fieldError('type', 'domain.https.enableFirst');
        return {
          patch: {
            forceRedirect: body,
            httpsConfig: { ...current.httpsConfig, forceHttps: body.type === 'https' ? 'on' : 'off' },
          },
        };
      });
    },

    async websocket(user: Caller, id: number, body: Websocket, actor: Actor) {
      await prepare(user, id);
      if (body.websocket === 'on' && !(await deps.hasAddon(user.id, 'websocket'))) {
        throw new AppError('ADDON_REQUIRED');
      }
      return save(user, id, actor, () => ({ patch: { websocket: body.websocket } }));
    },

    rangeSwitch: simple<RangeSwitch>((body) => ({ rangeStatus: body.rangeSwitch })),
    ipAcl: simple<IpAcl>((body) => ({ ipFilter: body })),
    cacheRule: simple<CacheConfig>((body) => ({ cacheConfig: body })),
    referer: simple<Referer>((body) => ({ referer: body })),
    responseHeader: simple<HeaderRulesBody>((body) => ({ httpResponseHeader: body })),
    requestHeader: simple<HeaderRulesBody>((body) => ({ originRequestHeader: body })),
    urlAuth: simple<UrlAuth>((body) => ({ urlAuth: body })),
    userAgentFilter: simple<UserAgentFilter>((body) => ({ userAgentFilter: body })),
    compression: simple<Compression>((body) => ({ compress: body })),
    rateLimit: simple<RequestLimits>((body) => ({ requestLimits: body })),

    /** The edge platform's general settings: the pieces the body names, saved together. */
    general: simple<EoGeneralConfig>(
      ({ rangeStatus, ...pieces }) =>
        Object.fromEntries(
          Object.entries({ ...pieces, rangeStatus }).filter(([, value]) => value !== undefined),
        ) as Partial<StoredDomainConfig>,
    ),

    /** The edge platform's security policy: the CDN's access lists plus the parts only the edge platform has. */
    securityPolicy: simple<SecurityPolicy>(({ referer, ipFilter, userAgentFilter, ...eoSecurity }) => ({
      referer,
      ipFilter,
      userAgentFilter,
      eoSecurity,
    })),
  };
}
