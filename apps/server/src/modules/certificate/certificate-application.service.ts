import {
  type CertificateApplicationCreate,
  type CertificateApplicationListQuery,
  type CertificateApplicationOptions,
  type CertificateApplicationStatus,
  limits,
  namesCover,
} from '@edgeward/contract';
import type { Db, Executor } from '../../db/connect';
import type { StoredDnsCheck, StoredMessage } from '../../db/schema';
import { AppError, fieldError } from '../../http/errors';
import { enqueueJob } from '../../jobs/runner';
import type { Actor } from '../../lib/actor';
import { pageWithTotal } from '../../lib/page';
import type { DnsLookup } from '../../providers/dns/resolver';
import { recordOperation } from '../operation-log';
import * as certificates from './certificate.repository';
import { applicationJob } from './certificate-application.jobs';
import * as repo from './certificate-application.repository';
import type { DomainCaller, DomainHttps } from './domain-https';

export interface ApplicationServiceDeps {
  db: Db;
  now: () => Date;
  dns: DnsLookup;
  domains: DomainHttps;
}

/** An application with what its views need besides the row: the issued certificate's dates, the deploy domains. */
export interface ApplicationView {
  row: repo.ApplicationRow;
  certificate: { notBefore: Date; notAfter: Date } | null;
  deployDomains: { id: number; domainName: string }[];
  /** The TXT records, each with its host relative to the apex (what DNS consoles ask for). */
  records: { domainName: string; host: string; name: string; value: string }[];
}

const notFound = () => new AppError('CERT_APPLICATION_NOT_FOUND', { messageKey: 'certificate.application.notFound' });
const wrongState = () => new AppError('CERT_APPLICATION_STATE');

const baseName = (name: string) => (name.startsWith('*.') ? name.slice(2) : name);

/** `_acme-challenge.www.example.com` under example.com -> `_acme-challenge.www`. */
function hostOf(name: string, apex: string | null): string {
  return apex && name.endsWith(`.${apex}`) ? name.slice(0, -(apex.length + 1)) : name;
}

/** The TXT records as the views show them, each with its host relative to the apex. */
export function recordViews(records: repo.ApplicationRow['records'], apexOf: (name: string) => string | null) {
  return records.map((r) => ({
    domainName: r.domainName,
    host: hostOf(r.name, apexOf(baseName(r.domainName))),
    name: r.name,
    value: r.value,
  }));
}

/** What DNS says about each record (all values of one name must be there): the first problem is the reason. */
async function checkRecords(dns: DnsLookup, records: repo.ApplicationRow['records']): Promise<StoredDnsCheck[]> {
  const found = new Map<string, string[] | null>();
  for (const name of new Set(records.map((r) => r.name))) {
    found.set(name, await dns.txt(name).catch(() => null));
  }
  return records.map((r) => {
    const values = found.get(r.name) ?? null;
    if (values === null) return { name: r.name, expected: r.value, found: [], failure: 'dnsUnreachable' as const };
    const ok = values.some((v) => v.trim() === r.value);
    const failure = ok ? null : values.length ? ('recordMismatch' as const) : ('recordMissing' as const);
    return { name: r.name, expected: r.value, found: values, failure };
  });
}

function dnsFailureOf(check: StoredDnsCheck): StoredMessage {
  if (check.failure === 'dnsUnreachable') {
    return { key: 'certificate.application.dnsUnreachable', params: { name: check.name } };
  }
  if (check.failure === 'recordMismatch') {
    return { key: 'domain.verify.recordMismatch', params: { name: check.name, found: check.found.join(', ') } };
  }
  return { key: 'domain.verify.recordMissing', params: { name: check.name } };
}

/**
 * Certificate applications as the customer drives them: apply, verify the records, retry. The issuance itself is
 * the application job's (certificate-issuance.ts). Every call reads the application through the caller's id.
 */
/** A customer's move of an application (verify, retry), with the status it left and the one it reached. */
function recordMove(
  tx: Executor,
  actor: Actor,
  action: 'certificateApplication.verify' | 'certificateApplication.retry',
  row: repo.ApplicationRow,
  to: string,
  at: Date,
) {
  return recordOperation(tx, {
    actor,
    action,
    target: { type: 'certificateApplication', id: row.id, name: row.domainNames.join(', ') },
    before: { status: row.status },
    after: { status: to },
    at,
  });
}

const retryable: readonly CertificateApplicationStatus[] = ['failed', 'expired'];

/**
 * Another go at a failed or expired application, conditional on its status: after a DNS failure it waits for the
 * same records again (the CA's authorizations are untouched); after a CA failure or an expiry a new order is placed,
 * with new records. Answers the moved row, or undefined when another process moved it first.
 */
async function tryAgain(tx: Executor, row: repo.ApplicationRow, at: Date) {
  const sameRecords = row.status === 'failed' && row.failureStage === 'dns' && row.orderUrl;
  const next = await repo.countRetry(
    tx,
    row.id,
    [row.status],
    sameRecords
      ? { status: 'pending', failure: null, failureStage: null, updatedAt: at }
      : {
          status: 'creating',
          failure: null,
          failureStage: null,
          orderUrl: null,
          records: [],
          recordsAt: null,
          dnsCheck: null,
          certificateKeySealed: null,
          retryReason: null,
          nextAttemptAt: null,
          updatedAt: at,
        },
  );
  if (next?.status === 'creating') await enqueueJob(tx, applicationJob, { applicationId: row.id }, { runAt: at });
  return next;
}

export function createApplicationService(deps: ApplicationServiceDeps) {
  const { db, now, domains } = deps;

  async function own(user: DomainCaller, id: number) {
    const row = await repo.findOfUser(db, user.id, id);
    if (!row) throw notFound();
    return row;
  }

  async function viewsOf(user: DomainCaller, rows: repo.ApplicationRow[]): Promise<ApplicationView[]> {
    const mine = new Map((await domains.domainsOf(user)).map((d) => [d.id, d]));
    const views: ApplicationView[] = [];
    for (const row of rows) {
      const certificate = row.certificateId ? await certificates.findOfUser(db, user.id, row.certificateId) : undefined;
      views.push({
        row,
        certificate: certificate ? { notBefore: certificate.notBefore, notAfter: certificate.notAfter } : null,
        deployDomains: row.deployDomainIds.flatMap((id) => {
          const domain = mine.get(id);
          return domain ? [{ id: domain.id, domainName: domain.domainName }] : [];
        }),
        records: recordViews(row.records, domains.apexOf),
      });
    }
    return views;
  }

  const viewOf = async (user: DomainCaller, row: repo.ApplicationRow) => (await viewsOf(user, [row]))[0]!;

  return {
    async options(user: DomainCaller): Promise<CertificateApplicationOptions> {
      return { apexDomains: await domains.verifiedApexes(user), domains: await domains.domainsOf(user) };
    },

    /**
     * Every name must be under an apex the caller has verified; the domains to deploy to must be the caller's and
     * covered by the names. The order is placed by the job, enqueued with the application in one transaction.
     */
    async create(user: DomainCaller, body: CertificateApplicationCreate, actor: Actor): Promise<ApplicationView> {
      const verified = new Set(await domains.verifiedApexes(user));
      const foreign = body.domainNames.filter((name) => {
        const apex = domains.apexOf(baseName(name));
        return !apex || !verified.has(apex);
      });
      if (foreign.length > 0) {
        throw new AppError('CERT_NAME_NOT_OWNED', {
          messageKey: 'certificate.application.notOwned',
          params: { names: foreign.join(', ') },
          fields: { domainNames: 'certificate.application.notOwned' },
        });
      }
      const mine = new Map((await domains.domainsOf(user)).map((d) => [d.id, d.domainName]));
      const deployIds = [...new Set(body.deployDomainIds)];
      const uncovered = deployIds.filter((id) => !mine.has(id) || !namesCover(body.domainNames, mine.get(id)!));
      if (uncovered.length > 0) {
        throw fieldError('deployDomainIds', 'certificate.application.deployNotCovered', {
          domains: uncovered.map((id) => mine.get(id) ?? `#${id}`).join(', '),
        });
      }
      const id = await db.transaction(async (tx) => {
        const created = await repo.insert(tx, {
          userId: user.id,
          domainNames: body.domainNames,
          keyType: body.keyType,
          deployDomainIds: deployIds,
          renewalOf: null,
          at: now(),
        });
        await enqueueJob(tx, applicationJob, { applicationId: created }, { runAt: now() });
        await recordOperation(tx, {
          actor,
          action: 'certificateApplication.create',
          target: { type: 'certificateApplication', id: created, name: body.domainNames.join(', ') },
          after: { keyType: body.keyType, deployTo: deployIds.map((d) => mine.get(d)).join(', ') || undefined },
        });
        return created;
      });
      return viewOf(user, await own(user, id));
    },

    async list(user: DomainCaller, query: CertificateApplicationListQuery) {
      const filter = { userId: user.id, search: query.search || undefined, status: query.status };
      const total = await repo.countList(db, filter);
      const rows = await repo.listPage(db, filter, { offset: (query.page - 1) * query.size, limit: query.size });
      return pageWithTotal(query, await viewsOf(user, rows), total);
    },

    detail: async (user: DomainCaller, id: number) => viewOf(user, await own(user, id)),

    /**
     * Looks the records up through DNS_SERVERS. Wrong or missing (or DNS not answering): failed, with what was
     * found. Right: generating, and the job has the CA validate them.
     */
    async verify(user: DomainCaller, id: number, actor: Actor): Promise<ApplicationView> {
      const row = await own(user, id);
      if (row.status !== 'pending') throw wrongState();
      const dnsCheck = await checkRecords(deps.dns, row.records);
      const problem = dnsCheck.find((c) => c.failure);
      const at = now();
      const moved = await db.transaction(async (tx) => {
        const next = await repo.transition(
          tx,
          id,
          ['pending'],
          problem
            ? { status: 'failed', failure: dnsFailureOf(problem), failureStage: 'dns', dnsCheck, updatedAt: at }
            : { status: 'generating', failure: null, failureStage: null, dnsCheck, verifiedAt: at, updatedAt: at },
        );
        if (next?.status === 'generating') {
          await enqueueJob(tx, applicationJob, { applicationId: id }, { runAt: at });
        }
        if (next) await recordMove(tx, actor, 'certificateApplication.verify', row, next.status, at);
        return next;
      });
      if (!moved) throw wrongState();
      return viewOf(user, moved);
    },

    /** The customer's retry of a failed or expired application (tryAgain). */
    async retry(user: DomainCaller, id: number, actor: Actor): Promise<ApplicationView> {
      const row = await own(user, id);
      if (!retryable.includes(row.status)) throw wrongState();
      const at = now();
      const moved = await db.transaction(async (tx) => {
        const next = await tryAgain(tx, row, at);
        if (next) await recordMove(tx, actor, 'certificateApplication.retry', row, next.status, at);
        return next;
      });
      if (!moved) throw wrongState();
      return viewOf(user, moved);
    },

    /** Pending applications whose records were generated applicationExpiryDays ago expire. */
    expireStale(): Promise<number> {
      const before = new Date(now().getTime() - limits.certificate.applicationExpiryDays * 86_400_000);
      return repo.expirePending(db, before, now());
    },

    /**
     * Starts a renewal for each applied certificate within renewBeforeDays of its end that has none under way: the
     * renewal that failed or expired since the certificate last changed is tried again (as the customer's retry
     * would) until the certificate ends, otherwise a new application for the same names and key type replaces the
     * certificate in place (redeployed where it is deployed).
     */
    async startRenewals(): Promise<number> {
      const before = new Date(now().getTime() + limits.certificate.renewBeforeDays * 86_400_000);
      const due = new Map((await repo.renewalDue(db, before, 100)).map((d) => [d.certificateId, d]));
      let started = 0;
      for (const d of due.values()) {
        await db.transaction(async (tx) => {
          const last = await repo.latestRenewal(tx, d.certificateId, d.certificateUpdatedAt);
          if (last && retryable.includes(last.status)) {
            // Once the certificate has ended its window is over: the customer may still retry by hand.
            if (d.notAfter > now()) await tryAgain(tx, last, now());
            return;
          }
          const id = await repo.insert(tx, {
            userId: d.userId,
            domainNames: d.domainNames,
            keyType: d.keyType,
            deployDomainIds: [],
            renewalOf: d.certificateId,
            at: now(),
          });
          await enqueueJob(tx, applicationJob, { applicationId: id }, { runAt: now() });
        });
        started++;
      }
      return started;
    },
  };
}

export type ApplicationService = ReturnType<typeof createApplicationService>;
