import { randomBytes } from 'node:crypto';
import {
  type AccelerationType,
  accelerationTypes,
  type DomainConfig,
  type DomainCreate,
  type DomainDetail,
  type DomainListItem,
  type DomainListQuery,
  defaultDomainSettings,
  deriveOriginType,
  domainVerifyRecordPrefix,
  isIp,
  type OriginSetting,
  toAsciiDomain,
  type VerificationStatus,
} from '@edgeward/contract';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/connect';
import { AppError, fieldError, notFound } from '../../http/errors';
import { enqueueJob } from '../../jobs/runner';
import type { DnsLookup } from '../../providers/dns/resolver';
import type { EdgeReport, EdgeSnapshot } from '../../providers/edge/edge.provider';
import { assertRealNameVerified } from '../identity/real-name.guard';
import type { AuthUser } from '../session/session.service';
import { apexDomain } from './apex-domain';
import { publishJob } from './domain.jobs';
import * as repo from './domain.repository';
import { type DomainEvent, edgeTarget, initialStatus, nextStatus } from './domain-state';
import type { OriginChecker } from './origin-check';

/** The stored document: the API's DomainConfig without what the domains row and the version column carry. */
export type StoredDomainConfig = Omit<
  DomainConfig,
  'id' | 'domainName' | 'apexDomain' | 'cname' | 'configVersion' | 'updatedAt'
>;

export interface DomainServiceDeps {
  db: Db;
  config: Config;
  now: () => Date;
  dns: DnsLookup;
  origins: OriginChecker;
}

type Caller = Pick<AuthUser, 'id' | 'realNameVerified'>;

export function storedConfigOf(row: repo.DomainWithConfig): StoredDomainConfig {
  return row.config as unknown as StoredDomainConfig;
}

export function toListItem(row: repo.DomainRow & { https: 'on' | 'off' }): DomainListItem {
  return {
    id: row.id,
    domainName: row.domainName,
    cname: row.cname ?? '',
    type: row.type,
    status: row.status,
    https: row.https,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

export function toDetail(row: repo.DomainWithConfig): DomainDetail {
  const config = storedConfigOf(row);
  const origin = config.sources[0];
  return {
    ...toListItem({ ...row, https: config.https }),
    apexDomain: storedApexOf(row.domainName),
    originType: origin?.originType ?? 'ipaddr',
    origins: origin?.ipOrDomain ?? [],
    configVersion: row.version,
    statusReason:
      row.status === 'review_rejected' ? row.reviewReason : row.status === 'abnormal' ? row.abnormalReason : null,
  };
}

/** The apex of a stored name; names stored before the public suffix list was used may have none. */
export function storedApexOf(domainName: string): string {
  return apexDomain(domainName) ?? domainName;
}

/** The apex that must be verified; a public suffix (co.za, github.io) belongs to nobody, so it cannot be added. */
function verifiableApex(domainName: string): string {
  const apex = apexDomain(domainName);
  if (!apex) throw fieldError('domainName', 'domain.name.publicSuffix');
  return apex;
}

function newVerificationValue(): string {
  return `edgeward-verify=${randomBytes(16).toString('hex')}`;
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** The refusal of a customer action that the current status does not allow. */
function refused(event: DomainEvent): AppError {
  return new AppError(event === 'delete' ? 'DOMAIN_NOT_DELETABLE' : 'DOMAIN_STATE_CONFLICT');
}

/**
 * Accelerated domains: creation (ownership, limits, origin check), the list, the status switches and their
 * rollout to the edge, the operator's review and the edge's reports. Every change that the edge must see commits
 * together with a durable publish job (outbox); the job sends the domain's latest complete configuration.
 */
export function createDomainService(deps: DomainServiceDeps) {
  const { db, config, now } = deps;
  /** Asks for the domain's current state to be sent to the edge, in the same transaction as the change. */
  async function requestPublish(tx: Executor, domainId: number): Promise<void> {
    await enqueueJob(tx, publishJob, { domainId }, { runAt: now() });
  }

  async function ownDomain(user: Caller, id: number, ex: Executor = db, lock = false) {
    const row = await repo.findOfUser(ex, user.id, id, { lock });
    if (!row) throw notFound();
    return row;
  }

  /**
   * Whole-site acceleration sends dynamic traffic through to the origin, so it is gated: the account must be
   * real-name verified and below WHOLE_SITE_LIMIT whole-site domains; such domains always go through review.
   */
  async function wholeSiteRule(user: Caller): Promise<{ allowed: boolean; reasonKey: string | null }> {
    if (!user.realNameVerified) return { allowed: false, reasonKey: 'errors.REAL_NAME_REQUIRED' };
    const held = await repo.countOfUser(db, user.id, 'whole_site');
    if (held >= config.domain.wholeSiteLimit) return { allowed: false, reasonKey: 'errors.WHOLE_SITE_NOT_ALLOWED' };
    return { allowed: true, reasonKey: null };
  }

  /**
   * Refuses origin names that resolve to internal addresses (a name is as good as an IP for SSRF), then asks the
   * first origin for any HTTP answer on the port its protocol uses.
   */
  async function checkOrigin(origin: OriginSetting, domainName: string, fieldPrefix: string): Promise<void> {
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
  }

  function verificationRecord(apex: string) {
    return { host: domainVerifyRecordPrefix, name: `${domainVerifyRecordPrefix}.${apex}` };
  }

  /** Applies a customer action's transition on the locked row; bumps the version so the edge sees a new snapshot. */
  async function switchStatus(user: Caller, id: number, event: 'enable' | 'disable' | 'delete') {
    if (event === 'enable') assertRealNameVerified(user);
    return db.transaction(async (tx) => {
      const row = await ownDomain(user, id, tx, true);
      const to = nextStatus(row.status, event);
      if (!to) throw refused(event);
      const at = now();
      const fields = { status: to, abnormalReason: event === 'enable' ? null : undefined };
      await repo.updateDomainOfUser(tx, user.id, id, fields, at);
      if (event !== 'delete') await repo.bumpVersionOfUser(tx, user.id, id, at);
      await requestPublish(tx, id);
      return toListItem({ ...row, status: to, updatedAt: at, https: storedConfigOf(row).https });
    });
  }

  return {
    checkOrigin,
    requestPublish,

    async limit(user: Caller) {
      return { used: await repo.countOfUser(db, user.id), max: config.domain.limit };
    },

    async types(user: Caller): Promise<AccelerationType[]> {
      const wholeSite = await wholeSiteRule(user);
      return accelerationTypes.filter((t) => t !== 'whole_site' || wholeSite.allowed);
    },

    canCreateWholeSite: wholeSiteRule,

    /**
     * The TXT record for the name's apex: random per user and apex, the same on every call. The add-domain flow's
     * first step asks for it, so a name already added is refused here rather than after the whole flow.
     */
    async queryVerifyRecord(user: Caller, domainName: string) {
      const apex = verifiableApex(domainName);
      if (await repo.findNameHolder(db, domainName)) throw new AppError('DOMAIN_TAKEN');
      const record = verificationRecord(apex);
      const row = await repo.ensureVerification(db, user.id, apex, record.name, newVerificationValue());
      return {
        domainName,
        apexDomain: apex,
        recordType: 'TXT' as const,
        ...record,
        value: row.recordValue,
        verified: row.status === 'success',
      };
    },

    /** Looks the record up in DNS now. A missing or different record is a 'failed' answer, not an error. */
    async verifyRecord(
      user: Caller,
      domainName: string,
    ): Promise<{ domainName: string; apexDomain: string; status: VerificationStatus }> {
      assertRealNameVerified(user);
      const apex = verifiableApex(domainName);
      const existing = await repo.findVerification(db, user.id, apex);
      if (existing?.status === 'success') return { domainName, apexDomain: apex, status: 'success' };
      const row =
        existing ??
        (await repo.ensureVerification(db, user.id, apex, verificationRecord(apex).name, newVerificationValue()));
      await repo.setVerificationStatus(db, user.id, row.id, 'validating', now());
      const values = await deps.dns.txt(row.recordName).catch(() => [] as string[]);
      const status = values.some((v) => v.trim() === row.recordValue) ? 'success' : 'failed';
      await repo.setVerificationStatus(db, user.id, row.id, status, now());
      return { domainName, apexDomain: apex, status };
    },

    async create(user: Caller, body: DomainCreate): Promise<DomainDetail> {
      assertRealNameVerified(user);
      const domainName = body.domainName;
      const wholeSite = body.type === 'whole_site';
      if (wholeSite && !(await wholeSiteRule(user)).allowed) throw new AppError('WHOLE_SITE_NOT_ALLOWED');
      const apex = verifiableApex(domainName);
      if (await repo.findNameHolder(db, domainName)) throw new AppError('DOMAIN_TAKEN');
      const verification = await repo.findVerification(db, user.id, apex);
      if (verification?.status !== 'success') throw new AppError('DOMAIN_NOT_VERIFIED');
      if ((await repo.countOfUser(db, user.id)) >= config.domain.limit) throw new AppError('DOMAIN_LIMIT_REACHED');
      await checkOrigin(body.origin, domainName, 'origin.');

      const status = initialStatus({ review: config.domain.reviewNewDomains || wholeSite });
      const stored: StoredDomainConfig = {
        ...defaultDomainSettings(body.type),
        sources: [{ originType: deriveOriginType(body.origin.ipOrDomain), ...body.origin }],
        originProtocol: body.origin.originProtocol,
      };
      const id = await db.transaction(async (tx) => {
        await repo.lockUser(tx, user.id);
        if ((await repo.countOfUser(tx, user.id)) >= config.domain.limit) throw new AppError('DOMAIN_LIMIT_REACHED');
        let id: number;
        try {
          id = await repo.insertDomain(tx, {
            userId: user.id,
            domainName,
            type: body.type,
            status,
            wholeSite,
            config: stored as unknown as repo.StoredConfig,
            at: now(),
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw new AppError('DOMAIN_TAKEN');
          throw error;
        }
        if (edgeTarget(status)) await requestPublish(tx, id);
        return id;
      });
      return toDetail((await repo.findOfUser(db, user.id, id))!);
    },

    async list(user: Caller, query: DomainListQuery) {
      const filter: repo.ListFilter = {
        userId: user.id,
        search: query.domainName ? toAsciiDomain(query.domainName) : undefined,
        status: query.status,
        type: query.type,
      };
      const total = await repo.countList(db, filter);
      const rows = await repo.listPage(db, filter, {
        offset: (query.page - 1) * query.size,
        limit: query.size,
        order: query.order,
        total,
      });
      return { list: rows.map(toListItem), total, page: query.page, size: query.size };
    },

    async detail(user: Caller, id: number): Promise<DomainDetail> {
      return toDetail(await ownDomain(user, id));
    },

    enable: (user: Caller, id: number) => switchStatus(user, id, 'enable'),
    disable: (user: Caller, id: number) => switchStatus(user, id, 'disable'),
    delete: (user: Caller, id: number) => switchStatus(user, id, 'delete'),

    /**
     * The caller's domains for the CSV export, newest first, in keyset batches (constant memory, and each batch
     * costs the same however far in). The first batch is read before anything is sent, so that a failure can
     * still be answered as an error.
     */
    async exportRows(user: Caller, search: string | undefined, batchSize = 1000) {
      const filter: repo.ListFilter = { userId: user.id, search: search ? toAsciiDomain(search) : undefined };
      const first = await repo.exportBatch(db, filter, null, batchSize);
      async function* rows() {
        let batch = first;
        while (batch.length > 0) {
          for (const row of batch) yield toListItem(row);
          if (batch.length < batchSize) return;
          batch = await repo.exportBatch(db, filter, batch[batch.length - 1]!, batchSize);
        }
      }
      return rows();
    },

    // -------------------------------------------------------------------------------------------------------
    // Operator

    listUnderReview: () => repo.listUnderReviewSystem(db),

    /** The operator's decision on a domain under review; approval starts the rollout. */
    async review(domainName: string, decision: { approve: true } | { approve: false; reason: string }) {
      return db.transaction(async (tx) => {
        const row = await repo.findSystem(tx, { domainName: toAsciiDomain(domainName) }, { lock: true });
        if (!row) throw notFound();
        const event = decision.approve ? 'approve' : 'reject';
        const to = nextStatus(row.status, event);
        if (!to) throw refused(event);
        await repo.updateDomainSystem(
          tx,
          row.id,
          { status: to, reviewReason: decision.approve ? null : decision.reason },
          now(),
        );
        if (decision.approve) await requestPublish(tx, row.id);
        return { ...row, status: to };
      });
    },

    // -------------------------------------------------------------------------------------------------------
    // Edge

    /** What the edge should hold for a domain now: a snapshot, a removal, or nothing. */
    async edgeWork(
      domainId: number,
    ): Promise<{ kind: 'apply'; snapshot: EdgeSnapshot } | { kind: 'remove'; domainName: string } | null> {
      const row = await repo.findSystem(db, { id: domainId });
      if (!row) return null;
      const target = edgeTarget(row.status);
      if (target === null) return null;
      if (target === 'remove') return { kind: 'remove', domainName: row.domainName };
      const tls = await repo.findTlsMaterialSystem(db, domainId);
      const stored = storedConfigOf(row);
      return {
        kind: 'apply',
        snapshot: {
          domainId,
          domainName: row.domainName,
          version: row.version,
          state: target,
          config: {
            ...stored,
            type: row.type,
            httpsConfig: { ...stored.httpsConfig, certificatePem: tls.certificate, privateKeyPem: tls.privateKey },
          },
        },
      };
    },

    /**
     * A report from the edge. Only a report about the current version moves the status (an older one was
     * overtaken by a later change that is still rolling out); a removal deletes the domain for good.
     */
    async handleEdgeReport(report: EdgeReport): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await repo.findSystem(tx, { id: report.domainId }, { lock: true });
        if (!row) return;
        const at = now();
        if (report.kind === 'removed') {
          if (row.status === 'deleting') await repo.deleteSystem(tx, row.id);
          return;
        }
        if (report.version < row.version) return;
        if (report.kind === 'applied') {
          const to = nextStatus(row.status, 'applied');
          await repo.updateDomainSystem(
            tx,
            row.id,
            { cname: report.cname, ...(to ? { status: to, abnormalReason: null } : {}) },
            at,
          );
          return;
        }
        const to = nextStatus(row.status, 'failed');
        if (to) await repo.updateDomainSystem(tx, row.id, { status: to, abnormalReason: report.reason }, at);
      });
    },

    /** The current version of a domain by name, for the operator's simulated edge failure. */
    async findByNameSystem(domainName: string) {
      return repo.findSystem(db, { domainName: toAsciiDomain(domainName) });
    },
  };
}

export type DomainService = ReturnType<typeof createDomainService>;
