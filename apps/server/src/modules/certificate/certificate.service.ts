import {
  type CertificateCoveredDomain,
  type CertificateCreate,
  type CertificateDetail,
  type CertificateListQuery,
  type CertificateRenewal,
  type CertificateReplace,
  certificateZipFiles,
  limits,
  namesCover,
} from '@edgeward/contract';
import type { Db } from '../../db/connect';
import { AppError, notFound } from '../../http/errors';
import type { Actor } from '../../lib/actor';
import { type CertificateInfo, checkCertificate } from '../../lib/certificate-check';
import { pageWithTotal } from '../../lib/page';
import type { SecretBox } from '../../secrets/secret-box';
import { recordOperation } from '../operation-log';
import type { AuthUser } from '../session';
import { toCertificateDetail, toCertificateListItem } from './certificate.presenter';
import * as repo from './certificate.repository';
import * as applications from './certificate-application.repository';
import { recordViews } from './certificate-application.service';
import type { DomainHttps } from './domain-https';
import { zipFiles } from './zip';

type Caller = Pick<AuthUser, 'id' | 'realNameVerified'>;

export interface CertificateServiceDeps {
  db: Db;
  now: () => Date;
  box: SecretBox;
  domains: DomainHttps;
}

/** One domain's deployment outcome; the route translates the message. */
export interface DeployOutcome {
  domainId: number;
  domainName: string;
  ok: boolean;
  message?: { key: string; params?: Record<string, string> };
}

export interface CertificateFile {
  filename: string;
  contentType: string;
  body: Buffer | string;
}

/** The sealed key is bound to its owner: a value copied onto another customer's row does not open. */
const keyContext = (userId: number) => `certificate-key:user:${userId}`;

/**
 * Checks a chain and key and turns them into what is stored, or refuses with CERT_INVALID and the field message
 * certificate.check.<problem>.
 */
export function certificateMaterial(
  input: { certificate: string; privateKey: string },
  userId: number,
  deps: Pick<CertificateServiceDeps, 'box' | 'now'>,
): repo.CertificateMaterial {
  const result = checkCertificate({ certificate: input.certificate, privateKey: input.privateKey, now: deps.now() });
  if (!result.ok) {
    const key = `certificate.check.${result.problem}`;
    throw new AppError('CERT_INVALID', { fields: { [result.field]: key }, messageKey: key });
  }
  return materialOf(result.info, input.certificate.trim(), input.privateKey.trim(), userId, deps.box);
}

export function materialOf(
  info: CertificateInfo,
  certificatePem: string,
  privateKey: string,
  userId: number,
  box: SecretBox,
): repo.CertificateMaterial {
  return {
    certificatePem: `${certificatePem}\n`,
    privateKeySealed: box.seal(`${privateKey}\n`, keyContext(userId)),
    commonName: info.commonName,
    dnsNames: info.dnsNames,
    subject: info.subject,
    issuer: info.issuer,
    issuerName: info.issuerName,
    keyType: info.keyType,
    keyBits: info.keyBits,
    notBefore: new Date(info.validFrom),
    notAfter: new Date(info.validTo),
    fingerprint256: info.fingerprint256,
    serialNumber: info.serialNumber,
  };
}

const asTxt = <R>(record: R) => ({ ...record, type: 'TXT' as const });

/** A file name from the certificate's name: letters, digits, dot, dash and underscore. */
function fileStem(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '') || 'certificate';
}

/**
 * Managed certificates: upload, list, detail, download, replace, delete and deployment to the caller's domains.
 * Every call reads the certificate through the caller's id, so a foreign id answers NOT_FOUND like a missing one.
 */
export function createCertificateService(deps: CertificateServiceDeps) {
  const { db, now, box, domains } = deps;

  async function own(user: Caller, id: number) {
    const row = await repo.findOfUser(db, user.id, id);
    if (!row) throw notFound();
    return row;
  }

  async function deployedRefs(id: number): Promise<{ id: number; domainName: string }[]> {
    return (await repo.deploymentsOf(db, [id])).map((d) => ({ id: d.domainId, domainName: d.domainName }));
  }

  /** The open renewal of each certificate (waiting for DNS, failed...), with the records to add while pending. */
  async function renewalsOf(user: Caller, ids: number[]): Promise<Map<number, CertificateRenewal>> {
    const open = await applications.openRenewalsOf(db, user.id, ids);
    return new Map(
      open.map((row) => [
        row.renewalOf!,
        {
          applicationId: row.id,
          status: row.status,
          records: row.status === 'pending' ? recordViews(row.records, domains.apexOf).map(asTxt) : [],
        },
      ]),
    );
  }

  async function detailOf(user: Caller, id: number): Promise<CertificateDetail> {
    const renewal = (await renewalsOf(user, [id])).get(id) ?? null;
    return toCertificateDetail(await own(user, id), await deployedRefs(id), renewal, now());
  }

  /** Installs on each domain in turn: one domain's refusal does not stop the others. */
  async function deployTo(
    user: Caller,
    row: repo.CertificateRow,
    targets: { id: number; domainName: string }[],
    actor: Actor,
  ): Promise<DeployOutcome[]> {
    const material = {
      name: row.name,
      certificate: row.certificatePem,
      privateKey: box.open(row.privateKeySealed, keyContext(row.userId)),
    };
    const outcomes: DeployOutcome[] = [];
    for (const domain of targets) {
      try {
        await domains.installCertificate(user, domain.id, material, actor);
        await db.transaction(async (tx) => {
          const at = now();
          await repo.recordDeployment(tx, {
            domainId: domain.id,
            certificateId: row.id,
            domainName: domain.domainName,
            at,
          });
          await recordOperation(tx, {
            actor,
            action: 'certificate.deploy',
            target: { type: 'certificate', id: row.id, name: row.name },
            after: { domain: domain.domainName },
            at,
          });
        });
        outcomes.push({ domainId: domain.id, domainName: domain.domainName, ok: true });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        outcomes.push({ domainId: domain.id, domainName: domain.domainName, ok: false, message: reasonOf(error) });
      }
    }
    return outcomes;
  }

  return {
    async upload(user: Caller, body: CertificateCreate, actor: Actor) {
      const material = certificateMaterial(body, user.id, deps);
      const id = await db.transaction(async (tx) => {
        const at = now();
        const created = await repo.insert(tx, {
          ...material,
          userId: user.id,
          name: body.name,
          source: 'uploaded',
          at,
        });
        await recordOperation(tx, {
          actor,
          action: 'certificate.upload',
          target: { type: 'certificate', id: created, name: body.name },
          after: summaryOf(material),
          at,
        });
        return created;
      });
      return detailOf(user, id);
    },

    async list(user: Caller, query: CertificateListQuery) {
      const at = now();
      const filter: repo.ListFilter = {
        userId: user.id,
        search: query.search || undefined,
        expiry: query.expiry,
        source: query.source,
        covers: query.covers || undefined,
        now: at,
        expiringBefore: new Date(at.getTime() + limits.certificate.expiringDays * 86_400_000),
      };
      const total = await repo.countList(db, filter);
      const rows = await repo.listPage(db, filter, { offset: (query.page - 1) * query.size, limit: query.size });
      const ids = rows.map((r) => r.id);
      const deployments = await repo.deploymentsOf(db, ids);
      const renewals = await renewalsOf(user, ids);
      const list = rows.map((row) =>
        toCertificateListItem(
          row,
          deployments
            .filter((d) => d.certificateId === row.id)
            .map((d) => ({ id: d.domainId, domainName: d.domainName })),
          renewals.get(row.id) ?? null,
          at,
        ),
      );
      return pageWithTotal(query, list, total);
    },

    detail: detailOf,

    /** The chain as PEM, or (the owner's explicit download, the one place the key leaves) a zip with the key. */
    async download(user: Caller, id: number, format: 'pem' | 'zip'): Promise<CertificateFile> {
      const row = await own(user, id);
      const stem = fileStem(row.name);
      if (format === 'pem') {
        return { filename: `${stem}.pem`, contentType: 'application/x-pem-file', body: row.certificatePem };
      }
      const privateKey = box.open(row.privateKeySealed, keyContext(row.userId));
      return {
        filename: `${stem}.zip`,
        contentType: 'application/zip',
        body: zipFiles([
          { name: certificateZipFiles.chain, content: row.certificatePem },
          { name: certificateZipFiles.privateKey, content: privateKey },
        ]),
      };
    },

    /**
     * New chain and key for the same certificate. Where it is deployed the new one must cover every domain
     * (CERT_NOT_COVERING names those it misses); it is then installed on each of them again.
     */
    async replace(user: Caller, id: number, body: CertificateReplace, actor: Actor) {
      const material = certificateMaterial(body, user.id, deps);
      const deployed = await db.transaction(async (tx) => {
        const row = await repo.findOfUser(tx, user.id, id, { lock: true });
        if (!row) throw notFound();
        const refs = (await repo.deploymentsOf(tx, [id])).map((d) => ({ id: d.domainId, domainName: d.domainName }));
        const missed = refs.filter((d) => !namesCover(material.dnsNames, d.domainName));
        if (missed.length > 0) {
          throw new AppError('CERT_NOT_COVERING', {
            messageKey: 'certificate.notCovering',
            params: { domains: missed.map((d) => d.domainName).join(', ') },
          });
        }
        const at = now();
        await repo.updateMaterialOfUser(tx, user.id, id, { ...material, name: body.name ?? row.name, at });
        await recordOperation(tx, {
          actor,
          action: 'certificate.replace',
          target: { type: 'certificate', id, name: row.name },
          before: { name: row.name, ...summaryOf(row) },
          after: { name: body.name ?? row.name, ...summaryOf(material) },
          at,
        });
        return refs;
      });
      const results = await deployTo(user, await own(user, id), deployed, actor);
      return { certificate: await detailOf(user, id), results };
    },

    /** Installs the certificate again on every domain it is deployed to (its chain and key were renewed). */
    async redeploy(user: Caller, id: number, actor: Actor): Promise<DeployOutcome[]> {
      return deployTo(user, await own(user, id), await deployedRefs(id), actor);
    },

    /** Refused while the certificate is deployed (CERT_IN_USE naming the domains). */
    async delete(user: Caller, id: number, actor: Actor): Promise<null> {
      await db.transaction(async (tx) => {
        const row = await repo.findOfUser(tx, user.id, id, { lock: true });
        if (!row) throw notFound();
        const deployed = await repo.deploymentsOf(tx, [id]);
        if (deployed.length > 0) {
          throw new AppError('CERT_IN_USE', {
            messageKey: 'certificate.inUse',
            params: { domains: deployed.map((d) => d.domainName).join(', ') },
          });
        }
        await repo.deleteOfUser(tx, user.id, id);
        await recordOperation(tx, {
          actor,
          action: 'certificate.delete',
          target: { type: 'certificate', id, name: row.name },
          before: summaryOf(row),
          at: now(),
        });
      });
      return null;
    },

    /** The caller's domains whose names the certificate covers (wildcards one level), and where it is deployed. */
    async coveredDomains(user: Caller, id: number): Promise<CertificateCoveredDomain[]> {
      const row = await own(user, id);
      const deployed = new Set((await repo.deploymentsOf(db, [id])).map((d) => d.domainId));
      return (await domains.domainsOf(user))
        .filter((d) => namesCover(row.dnsNames, d.domainName))
        .map((d) => ({ ...d, deployed: deployed.has(d.id) }))
        .sort((a, b) => a.domainName.localeCompare(b.domainName));
    },

    /** Turns HTTPS on with this certificate for each chosen domain; each domain answers on its own. */
    async deploy(user: Caller, id: number, domainIds: number[], actor: Actor): Promise<DeployOutcome[]> {
      const row = await own(user, id);
      const mine = new Map((await domains.domainsOf(user)).map((d) => [d.id, d]));
      const outcomes: DeployOutcome[] = [];
      const targets: { id: number; domainName: string }[] = [];
      for (const domainId of new Set(domainIds)) {
        const domain = mine.get(domainId);
        if (!domain) {
          outcomes.push({ domainId, domainName: '', ok: false, message: { key: 'certificate.deploy.notFound' } });
        } else if (!namesCover(row.dnsNames, domain.domainName)) {
          outcomes.push({ ...domainRef(domain), ok: false, message: { key: 'certificate.deploy.notCovered' } });
        } else {
          targets.push(domain);
        }
      }
      return [...outcomes, ...(await deployTo(user, row, targets, actor))].sort((a, b) => a.domainId - b.domainId);
    },
  };
}

/** What the log says of a chain: the names it covers and when it ends. */
function summaryOf(material: Pick<repo.CertificateRow, 'dnsNames' | 'notAfter'>) {
  return { names: material.dnsNames.join(', '), notAfter: material.notAfter.toISOString() };
}

const domainRef = (d: { id: number; domainName: string }) => ({ domainId: d.id, domainName: d.domainName });

/** The domain area's refusal, as the reason shown beside 'Certificate deployment failed'. */
function reasonOf(error: AppError): DeployOutcome['message'] {
  const fieldKey = error.options.fields ? Object.values(error.options.fields)[0] : undefined;
  return { key: error.options.messageKey ?? fieldKey ?? `errors.${error.id}`, params: error.options.params as never };
}

export type CertificateService = ReturnType<typeof createCertificateService>;
