import type {
  CdnType,
  PageQuery,
  StaffCustomerCertificate,
  StaffCustomerDetail,
  StaffCustomerDomain,
  StaffCustomerQuery,
  StaffCustomerSession,
  StaffCustomerTicket,
  StaffPermissionSet,
  StaffReason,
} from '@edgeward/contract';
import type { Db, Executor } from '../../db/connect';
import { AppError, notFound } from '../../http/errors';
import { pageWithTotal } from '../../lib/page';
import { recordStaffAction, type StaffActor, type StaffAuditRecord } from '../../lib/staff-audit';
import { createOperationLogService } from '../operation-log';
import { revokeAllOfUser } from '../session';
import { issueSimulationToken, setPermission } from './account.operator';
import { toLoginLogPage } from './account.presenter';
import { listLoginLog } from './account.repository';
import { setCdnTypeById } from './cdn-type';
import * as repo from './customer.repository';
import * as twoFactorRepo from './two-factor.repository';

const toItem = (row: Awaited<ReturnType<typeof repo.search>>['rows'][number]) => ({
  ...row,
  createdAt: row.createdAt.getTime(),
  disabledAt: row.disabledAt?.getTime() ?? null,
});

/**
 * The customers in the operator console: search, an account's summary, and the command line's actions on it,
 * each audited in its transaction with the customer named (permissions also in the customer's operation log).
 */
export function createCustomerDesk(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;
  const operationLog = createOperationLogService({ db });

  async function customerOf(id: number) {
    const row = await repo.find(db, id);
    if (!row) throw notFound();
    return row;
  }

  /** A page of one of the customer's lists; an unknown customer is 404, not an empty list. */
  async function listOf<R, T>(
    id: number,
    page: PageQuery,
    read: (ex: Executor, userId: number, page: PageQuery) => Promise<{ rows: R[]; total: number }>,
    present: (row: R) => T,
  ) {
    await customerOf(id);
    const { rows, total } = await read(db, id, page);
    return pageWithTotal(page, rows.map(present), total);
  }

  const audit = (
    tx: Executor,
    actor: StaffActor,
    customer: { id: number; userName: string },
    record: Omit<StaffAuditRecord, 'targetType' | 'targetId' | 'targetName' | 'customerId'>,
  ) =>
    recordStaffAction(
      tx,
      actor,
      {
        ...record,
        targetType: 'account',
        targetId: customer.id,
        targetName: customer.userName,
        customerId: customer.id,
      },
      now(),
    );

  return {
    async list(query: StaffCustomerQuery) {
      const { rows, total } = await repo.search(db, query);
      return pageWithTotal(query, rows.map(toItem), total);
    },

    async detail(id: number): Promise<StaffCustomerDetail> {
      const customer = await customerOf(id);
      const last = await repo.lastSignIn(db, id);
      return {
        ...toItem(customer),
        disabledReason: customer.disabledReason,
        summary: await repo.summaryOf(db, id, now()),
        twoFactorEnabled: await twoFactorRepo.isEnabled(db, id),
        permissions: await repo.permissionsOf(db, id),
        openSessions: await repo.openSessions(db, id, now()),
        lastSignInAt: last?.at.getTime() ?? null,
        lastSignInIp: last?.ip ?? null,
      };
    },

    domains: (id: number, page: PageQuery) =>
      listOf(id, page, repo.domainsOf, (r): StaffCustomerDomain => ({ ...r, createdAt: r.createdAt.getTime() })),

    certificates: (id: number, page: PageQuery) =>
      listOf(
        id,
        page,
        repo.certificatesOf,
        (r): StaffCustomerCertificate => ({ ...r, notAfter: r.notAfter.getTime() }),
      ),

    tickets: (id: number, page: PageQuery) =>
      listOf(id, page, repo.ticketsOf, (r): StaffCustomerTicket => ({ ...r, updatedAt: r.updatedAt.getTime() })),

    /** The customer's open sessions, newest first: what they would see in their own console, and till when. */
    sessions: (id: number, page: PageQuery) =>
      listOf(
        id,
        page,
        (ex, userId, p) => repo.openSessionsOf(ex, userId, p, now()),
        (r): StaffCustomerSession => ({
          ...r,
          createdAt: r.createdAt.getTime(),
          lastSeenAt: r.lastSeenAt.getTime(),
          expiresAt: r.expiresAt.getTime(),
        }),
      ),

    /** The customer's sign-in attempts as their own login log shows them (failures on their name included). */
    async loginLog(id: number, page: PageQuery) {
      const customer = await customerOf(id);
      const offset = (page.page - 1) * page.size;
      const found = await listLoginLog(db, { userId: id, userName: customer.userName, limit: page.size, offset });
      return toLoginLogPage(page, found);
    },

    /** The customer's operation log as they read it, the operator's changes marked as such. */
    async operationLog(id: number, page: PageQuery) {
      await customerOf(id);
      return operationLog.page({ id }, page);
    },

    async setCdnType(actor: StaffActor, id: number, cdnType: CdnType): Promise<null> {
      const customer = await customerOf(id);
      await db.transaction(async (tx) => {
        await setCdnTypeById(tx, id, cdnType, now());
        await audit(tx, actor, customer, {
          action: 'customer.cdnType',
          before: { cdnType: customer.cdnType },
          after: { cdnType },
        });
      });
      return null;
    },

    async setPermission(actor: StaffActor, id: number, body: StaffPermissionSet): Promise<null> {
      const customer = await customerOf(id);
      await setPermission(db, customer, body.permissionId, body.actionList, (tx, before) =>
        audit(tx, actor, customer, {
          action: 'customer.permission',
          before: { [body.permissionId]: before },
          after: { [body.permissionId]: body.actionList },
        }),
      );
      return null;
    },

    /** For a customer who lost the authenticator and the recovery codes: the password alone signs in until set up. */
    async twoFactorOff(actor: StaffActor, id: number, body: StaffReason): Promise<null> {
      const customer = await customerOf(id);
      await db.transaction(async (tx) => {
        if (!(await twoFactorRepo.isEnabled(tx, id))) throw new AppError('TWO_FACTOR_NOT_ENABLED');
        await twoFactorRepo.remove(tx, id);
        await audit(tx, actor, customer, {
          action: 'customer.twoFactorOff',
          before: { twoFactorEnabled: true },
          after: { twoFactorEnabled: false },
          reason: body.reason,
        });
      });
      return null;
    },

    /**
     * Closes the account: its sessions are revoked in the same transaction, and while it is disabled no session, API
     * key or password opens it (session.service, api-key-auth, login.service check the mark).
     */
    async disable(actor: StaffActor, id: number, body: StaffReason): Promise<null> {
      const customer = await customerOf(id);
      await db.transaction(async (tx) => {
        const at = now();
        if (!(await repo.disable(tx, id, at, body.reason))) throw new AppError('CUSTOMER_ALREADY_DISABLED');
        await revokeAllOfUser(tx, id);
        await audit(tx, actor, customer, {
          action: 'customer.disable',
          before: { disabled: false },
          after: { disabled: true },
          reason: body.reason,
        });
      });
      return null;
    },

    async enable(actor: StaffActor, id: number, body: StaffReason): Promise<null> {
      const customer = await customerOf(id);
      await db.transaction(async (tx) => {
        if (!(await repo.enable(tx, id, now()))) throw new AppError('CUSTOMER_NOT_DISABLED');
        await audit(tx, actor, customer, {
          action: 'customer.enable',
          before: { disabled: true, reason: customer.disabledReason },
          after: { disabled: false },
          reason: body.reason,
        });
      });
      return null;
    },

    /** A one-time link to the customer's console as them (short-lived; a simulated session changes no secrets). */
    async simulate(actor: StaffActor, id: number, body: StaffReason) {
      const customer = await customerOf(id);
      if (customer.disabledAt) throw new AppError('ACCOUNT_DISABLED');
      return db.transaction(async (tx) => {
        const issued = (await issueSimulationToken(tx, { id }, now()))!;
        await audit(tx, actor, customer, { action: 'customer.simulate', reason: body.reason });
        return { token: issued.token, path: `/user/login/${issued.token}`, expiresAt: issued.expiresAt.getTime() };
      });
    },
  };
}
