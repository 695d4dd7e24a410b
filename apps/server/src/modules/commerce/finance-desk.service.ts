import {
  formatFen,
  type Locale,
  type MyPackage,
  type PackageDefinitionFields,
  type PackageTextsEdit,
  type PageQuery,
  type Revenue,
  type RevenueFigures,
  type RevenueQuery,
  revenuePeriods,
  type StaffAuditAction,
  type StaffOrder,
  type StaffOrderQuery,
  type StaffPackage,
  type StaffReason,
} from '@edgeward/contract';
import type { PaymentSettings } from '../../config';
import type { Db, Executor, Tx } from '../../db/connect';
import type { OrderRow } from '../../db/schema';
import { notFound } from '../../http/errors';
import { translate } from '../../http/i18n';
import { csvRow } from '../../lib/csv';
import { pageWithTotal } from '../../lib/page';
import { recordStaffAction, type StaffActor } from '../../lib/staff-audit';
import { addPackageTo, confirmTransferOrder, refundOrder, rejectTransferOrder } from './commerce.operator';
import { localizedEntry, toStaffOrder, toStaffPackage } from './commerce.presenter';
import * as ordersRepo from './order.repository';
import type { OrderService } from './order.service';
import type { PackageRow } from './package.repository';
import * as packagesRepo from './package.repository';
import { type PeriodSums, revenueByPeriod } from './revenue.repository';

export interface FinanceDeskDeps {
  db: Db;
  now: () => Date;
  /** Where bank transfers go: shown with a transfer's order as the customer sees it. */
  payment: PaymentSettings;
  /** The customer's own reads (packages with their use, the statement), for the lists of a customer's page. */
  orders: Pick<OrderService, 'myPackages' | 'statement'>;
}

const packageTextKeys = ['name', 'nameZh', 'spec', 'specZh'] as const;

/**
 * The finance staff's desk in the operator console: every customer's orders and refunds, the bank transfers
 * waiting, the package catalogue and the revenue statement. Refund, confirm and the catalogue are the command line's
 * own (commerce.operator.ts); each change is written to the staff audit log in its transaction, with the order or
 * package row locked, so two staff acting on one row at the same moment act one after the other.
 */
export function createFinanceDesk(deps: FinanceDeskDeps) {
  const { db, now } = deps;
  const account = deps.payment.bankTransfer;

  async function presentOrder(ex: Executor, order: OrderRow, locale: Locale): Promise<StaffOrder> {
    const found = await ordersRepo.findOrderWithCustomer(ex, order.id);
    return toStaffOrder(order, found?.userName ?? '', account, locale);
  }

  /** The order, locked in a transaction with the change and its audit row; a bank transfer only when `transfer`. */
  function withOrder<T>(id: number, transfer: boolean, work: (tx: Tx, order: OrderRow) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      const order = await ordersRepo.lockOrderBy(tx, { id });
      if (!order || (transfer && order.transferReference === null)) throw notFound();
      return work(tx, order);
    });
  }

  function withPackage<T>(id: number, work: (tx: Tx, row: PackageRow) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      const row = await packagesRepo.lockPackage(tx, { id });
      if (!row) throw notFound();
      return work(tx, row);
    });
  }

  const auditOrder = (
    tx: Tx,
    actor: StaffActor,
    order: OrderRow,
    action: Extract<StaffAuditAction, `order.${string}`>,
    change: { before: Record<string, unknown>; after: Record<string, unknown>; reason?: string },
  ) =>
    recordStaffAction(
      tx,
      actor,
      {
        action,
        targetType: 'order',
        targetId: order.id,
        targetName: order.orderNo,
        customerId: order.userId,
        ...change,
      },
      now(),
    );

  const auditPackage = (
    tx: Tx,
    actor: StaffActor,
    row: PackageRow,
    action: Extract<StaffAuditAction, `package.${string}`>,
    change: { before?: Record<string, unknown>; after: Record<string, unknown> },
  ) =>
    recordStaffAction(
      tx,
      actor,
      { action, targetType: 'package', targetId: row.id, targetName: row.code, ...change },
      now(),
    );

  async function revenue(query: RevenueQuery): Promise<Revenue> {
    const sums = await revenueByPeriod(db, new Date(query.from), new Date(query.to), query.granularity);
    const of = (map: PeriodSums, period: string) => map.get(period) ?? { count: 0, fen: '0' };
    const periods = revenuePeriods(query.granularity, query.from, query.to).map(({ period, startAt }) => ({
      period,
      startAt,
      packageOrders: of(sums.packageOrders, period),
      recharges: of(sums.recharges, period),
      refunds: of(sums.refunds, period),
    }));
    const totalOf = (pick: (figures: RevenueFigures) => { count: number; fen: string }) =>
      periods.reduce(
        (total, p) => ({
          count: total.count + pick(p).count,
          fen: (BigInt(total.fen) + BigInt(pick(p).fen)).toString(),
        }),
        { count: 0, fen: '0' },
      );
    return {
      granularity: query.granularity,
      periods,
      total: {
        packageOrders: totalOf((f) => f.packageOrders),
        recharges: totalOf((f) => f.recharges),
        refunds: totalOf((f) => f.refunds),
      },
    };
  }

  /**
   * A customer for the lists of their page: an unknown id is 404, not an empty list. As a caller of the customer's own
   * reads, which never look at the real-name mark (only buying does).
   */
  async function customerOf(id: number) {
    const userName = await ordersRepo.customerNameOf(db, id);
    if (userName === undefined) throw notFound();
    return { id, userName, realNameVerified: true };
  }

  return {
    /** The customer's orders of every kind and status, newest first (the customer page's orders tab). */
    async customerOrders(id: number, page: PageQuery, locale: Locale) {
      const customer = await customerOf(id);
      const { rows, total } = await ordersRepo.listOrders(db, id, page);
      return pageWithTotal(
        page,
        rows.map((r) => toStaffOrder(r, customer.userName, account, locale)),
        total,
      );
    },

    /** The customer's packages of both consoles, with their use as the customer sees it, newest first. */
    async customerPackages(id: number, page: PageQuery, locale: Locale) {
      const customer = await customerOf(id);
      const all: MyPackage[] = [
        ...(await deps.orders.myPackages(customer, 'cdn', locale)),
        ...(await deps.orders.myPackages(customer, 'eo', locale)),
      ].sort((a, b) => b.effectiveAt - a.effectiveAt || b.id - a.id);
      const offset = (page.page - 1) * page.size;
      return pageWithTotal(page, all.slice(offset, offset + page.size), all.length);
    },

    /** The customer's balance movements, newest first, notes in the reader's language. */
    async customerStatement(id: number, page: PageQuery, locale: Locale) {
      const found = await deps.orders.statement(await customerOf(id), page);
      return { ...found, list: found.list.map((e) => localizedEntry(e, locale)) };
    },

    async orders(query: StaffOrderQuery, locale: Locale) {
      const { rows, total } = await ordersRepo.listAllOrders(db, query);
      const list = rows.map((r) => toStaffOrder(r.order, r.userName, account, locale));
      return pageWithTotal(query, list, total);
    },

    async order(id: number, locale: Locale): Promise<StaffOrder> {
      const found = await ordersRepo.findOrderWithCustomer(db, id);
      if (!found) throw notFound();
      return toStaffOrder(found.order, found.userName, account, locale);
    },

    refund: (actor: StaffActor, id: number, body: StaffReason, locale: Locale) =>
      withOrder(id, false, async (tx, order) => {
        const { order: refunded, balanceAfter } = await refundOrder(tx, order, now());
        await auditOrder(tx, actor, order, 'order.refund', {
          before: { status: order.status },
          after: {
            status: refunded.status,
            amountFen: refunded.amountFen.toString(),
            balanceAfterFen: balanceAfter.toString(),
          },
          reason: body.reason,
        });
        return presentOrder(tx, refunded, locale);
      }),

    async transfers(query: PageQuery) {
      const { rows, total } = await ordersRepo.pendingTransfersPage(db, query);
      const list = rows.map(({ order, userName }) => ({
        id: order.id,
        orderNo: order.orderNo,
        reference: order.transferReference ?? '',
        announcedFen: order.amountFen.toString(),
        userId: order.userId,
        userName,
        createdAt: order.createdAt.getTime(),
      }));
      return pageWithTotal(query, list, total);
    },

    confirmTransfer: (actor: StaffActor, id: number, receivedFen: bigint, locale: Locale) =>
      withOrder(id, true, async (tx, order) => {
        const paid = await confirmTransferOrder(tx, order, receivedFen, now());
        await auditOrder(tx, actor, order, 'order.confirmTransfer', {
          before: { status: order.status, announcedFen: order.amountFen.toString() },
          after: { status: paid.status, receivedFen: receivedFen.toString() },
        });
        return presentOrder(tx, paid, locale);
      }),

    rejectTransfer: (actor: StaffActor, id: number, body: StaffReason, locale: Locale) =>
      withOrder(id, true, async (tx, order) => {
        const cancelled = await rejectTransferOrder(tx, order, body.reason, now());
        await auditOrder(tx, actor, order, 'order.rejectTransfer', {
          before: { status: order.status, announcedFen: order.amountFen.toString() },
          after: { status: cancelled.status },
          reason: body.reason,
        });
        return presentOrder(tx, cancelled, locale);
      }),

    async packages(): Promise<StaffPackage[]> {
      return (await packagesRepo.listPackages(db, { all: true })).map(toStaffPackage);
    },

    addPackage: (actor: StaffActor, body: PackageDefinitionFields): Promise<StaffPackage> =>
      db.transaction(async (tx) => {
        const definition = {
          ...body,
          priceFen: BigInt(body.priceFen),
          quota: body.quota === null ? null : BigInt(body.quota),
        };
        const row = await addPackageTo(tx, definition, now());
        const { id: _id, createdAt: _at, ...after } = toStaffPackage(row);
        await auditPackage(tx, actor, row, 'package.add', { after });
        return toStaffPackage(row);
      }),

    editPackage: (actor: StaffActor, id: number, texts: PackageTextsEdit): Promise<StaffPackage> =>
      withPackage(id, async (tx, before) => {
        const changed = packageTextKeys.filter((key) => texts[key] !== undefined);
        const row = (await packagesRepo.updatePackageTexts(tx, { id }, texts)) ?? before;
        await auditPackage(tx, actor, row, 'package.edit', {
          before: Object.fromEntries(changed.map((key) => [key, before[key]])),
          after: Object.fromEntries(changed.map((key) => [key, row[key]])),
        });
        return toStaffPackage(row);
      }),

    packageSale: (actor: StaffActor, id: number, onSale: boolean): Promise<StaffPackage> =>
      withPackage(id, async (tx, before) => {
        const row = (await packagesRepo.setOnSale(tx, { id }, onSale)) ?? before;
        await auditPackage(tx, actor, row, 'package.sale', { before: { onSale: before.onSale }, after: { onSale } });
        return toStaffPackage(row);
      }),

    revenue,

    /** The statement as CSV in the reader's language: amounts in CNY, a total last. */
    async revenueCsv(query: RevenueQuery, locale: Locale): Promise<string> {
      const statement = await revenue(query);
      const header = [
        'period',
        'packageOrdersCount',
        'packageOrdersAmount',
        'rechargesCount',
        'rechargesAmount',
        'refundsCount',
        'refundsAmount',
      ].map((column) => translate(locale, `commerce.revenue.csv.${column}`));
      const line = (label: string, f: RevenueFigures) =>
        csvRow([
          label,
          f.packageOrders.count,
          formatFen(f.packageOrders.fen),
          f.recharges.count,
          formatFen(f.recharges.fen),
          f.refunds.count,
          formatFen(f.refunds.fen),
        ]);
      const lines = statement.periods.map((p) => line(p.period, p));
      // A byte-order mark, so that a spreadsheet reads the Chinese headers as UTF-8.
      return `\uFEFF${csvRow(header)}${lines.join('')}${line(translate(locale, 'commerce.revenue.csv.total'), statement.total)}`;
    },
  };
}

export type FinanceDesk = ReturnType<typeof createFinanceDesk>;
