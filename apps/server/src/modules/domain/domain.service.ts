import {
  type AccelerationType,
  accelerationTypes,
  type DomainCreate,
  type DomainDetail,
  type DomainListQuery,
  defaultDomainSettings,
  deriveOriginType,
  toAsciiDomain,
} from '@edgeward/contract';
import type { Config } from '../../config';
import type { StoredDomainConfig } from '../../db/schema';
import { isUniqueViolation } from '../../http/db-errors';
import { AppError } from '../../http/errors';
import type { Actor } from '../../lib/actor';
import { pageWithTotal } from '../../lib/page';
import { assertRealNameVerified } from '../identity';
import { recordOperation } from '../operation-log';
import { toDetail, toListItem } from './domain.presenter';
import * as repo from './domain.repository';
import * as listRepo from './domain-list.repository';
import type { DomainOriginService } from './domain-origin.service';
import { edgeTarget, initialStatus, nextStatus } from './domain-state';
import { type Caller, type DomainStore, ownDomain, refused, requestPublish } from './domain-steps';
import { type DomainVerificationService, verifiableApex } from './domain-verification.service';

export interface DomainServiceDeps extends DomainStore {
  config: Config;
  origins: DomainOriginService;
  verification: DomainVerificationService;
}

/**
 * A customer's accelerated domains: creation (ownership, limits, origin check), the list and the detail, and the
 * status switches. Every change that the edge must see commits together with a durable publish job (outbox); the
 * job sends the domain's latest complete configuration.
 */
export function createDomainService(deps: DomainServiceDeps) {
  const { db, config, now, variant } = deps;

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

  /** Applies a customer action's transition on the locked row; bumps the version so the edge sees a new snapshot. */
  async function switchStatus(user: Caller, id: number, event: 'enable' | 'disable' | 'delete', actor: Actor) {
    if (event === 'enable') assertRealNameVerified(user);
    return db.transaction(async (tx) => {
      const row = await ownDomain(tx, user, id, { variant, lock: true });
      const to = nextStatus(row.status, event);
      if (!to) throw refused(event);
      const at = now();
      const fields = {
        status: to,
        abnormalReason: event === 'enable' ? null : undefined,
        // A disabled domain is answered 404 by the edge; it serves again once the edge applies the enabling.
        edgeServing: event === 'disable' ? false : undefined,
      };
      await repo.updateDomainOfUser(tx, user.id, id, fields, at);
      if (event !== 'delete') await repo.bumpVersionOfUser(tx, user.id, id, at);
      await recordOperation(tx, {
        actor,
        action: `domain.${event}`,
        target: { type: 'domain', id, name: row.domainName },
        before: { status: row.status },
        after: { status: event === 'delete' ? undefined : to },
        at,
      });
      await requestPublish(tx, id, now());
      return toListItem({ ...row, status: to, updatedAt: at, https: row.config.https });
    });
  }

  return {
    async limit(user: Caller) {
      return { used: await repo.countOfUser(db, user.id), max: config.domain.limit };
    },

    async types(user: Caller): Promise<AccelerationType[]> {
      const wholeSite = await wholeSiteRule(user);
      return accelerationTypes.filter((t) => t !== 'whole_site' || wholeSite.allowed);
    },

    canCreateWholeSite: wholeSiteRule,

    async create(user: Caller, body: DomainCreate, actor: Actor): Promise<DomainDetail> {
      assertRealNameVerified(user);
      const domainName = body.domainName;
      const wholeSite = body.type === 'whole_site';
      if (wholeSite && !(await wholeSiteRule(user)).allowed) throw new AppError('WHOLE_SITE_NOT_ALLOWED');
      const apex = verifiableApex(domainName);
      if (await repo.findNameHolder(db, domainName)) throw new AppError('DOMAIN_TAKEN');
      if (!(await deps.verification.isVerified(user, apex))) throw new AppError('DOMAIN_NOT_VERIFIED');
      if ((await repo.countOfUser(db, user.id)) >= config.domain.limit) throw new AppError('DOMAIN_LIMIT_REACHED');
      await deps.origins.check(body.origin, domainName, 'origin.');

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
            variant,
            domainName,
            type: body.type,
            status,
            wholeSite,
            config: stored,
            at: now(),
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw new AppError('DOMAIN_TAKEN');
          throw error;
        }
        await recordOperation(tx, {
          actor,
          action: 'domain.create',
          target: { type: 'domain', id, name: domainName },
          after: { type: body.type, status, origin: body.origin.ipOrDomain },
        });
        if (edgeTarget(status)) await requestPublish(tx, id, now());
        return id;
      });
      return toDetail((await repo.findOfUser(db, user.id, id, { variant }))!);
    },

    async list(user: Caller, query: DomainListQuery) {
      const filter: listRepo.ListFilter = {
        userId: user.id,
        variant,
        search: query.domainName ? toAsciiDomain(query.domainName) : undefined,
        status: query.status,
        type: query.type,
      };
      const total = await listRepo.countList(db, filter);
      const rows = await listRepo.listPage(db, filter, {
        offset: (query.page - 1) * query.size,
        limit: query.size,
        order: query.order,
        total,
      });
      return pageWithTotal(query, rows.map(toListItem), total);
    },

    async detail(user: Caller, id: number): Promise<DomainDetail> {
      return toDetail(await ownDomain(db, user, id, { variant }));
    },

    enable: (user: Caller, id: number, actor: Actor) => switchStatus(user, id, 'enable', actor),
    disable: (user: Caller, id: number, actor: Actor) => switchStatus(user, id, 'disable', actor),
    delete: (user: Caller, id: number, actor: Actor) => switchStatus(user, id, 'delete', actor),
  };
}
