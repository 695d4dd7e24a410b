import { type LedgerEntry, limits, type MyPackage, type Order, type Package } from '@edgeward/contract';
import type { PaymentSettings } from '../../config';
import type { OrderRow } from '../../db/schema';
import type { LedgerRow } from './balance.repository';
import type { PackageRow, UserPackageRow } from './package.repository';

type BankAccount = PaymentSettings['bankTransfer'];

const ms = (d: Date | null) => (d ? d.getTime() : null);

export function toPackage(row: PackageRow): Package {
  return {
    id: row.id,
    code: row.code,
    type: row.type,
    name: row.name,
    spec: row.spec,
    quota: row.quota?.toString() ?? null,
    priceFen: row.priceFen.toString(),
    validityMonths: row.validityMonths,
  };
}

/** `account` is where bank transfers go; shown with the order's reference when it is a transfer. */
export function toOrder(row: OrderRow, account: BankAccount): Order {
  return {
    id: row.id,
    orderNo: row.orderNo,
    kind: row.kind,
    productName: row.productName,
    packageType: row.packageType,
    spec: row.spec,
    validityMonths: row.validityMonths,
    amountFen: row.amountFen.toString(),
    status: row.status,
    paymentMethod: row.paymentMethod,
    createdAt: row.createdAt.getTime(),
    paidAt: ms(row.paidAt),
    closeAt: ms(row.closeAt),
    bankTransfer: row.transferReference ? { ...account, reference: row.transferReference } : null,
  };
}

export function toLedgerEntry(row: LedgerRow): LedgerEntry {
  return {
    id: row.id,
    kind: row.kind,
    amountFen: row.amountFen.toString(),
    balanceAfterFen: row.balanceAfterFen.toString(),
    orderNo: row.orderNo,
    note: row.note,
    createdAt: row.createdAt.getTime(),
  };
}

/**
 * A package the customer owns. `used` comes from the traffic statistics, which do not exist yet: until then it is
 * null (unknown) and so is `remaining`, rather than a made-up zero.
 */
export function toMyPackage(row: UserPackageRow, now: Date): MyPackage {
  const warnMs = limits.commerce.expiryWarningDays * 86_400_000;
  const state = row.revokedAt
    ? 'refunded'
    : row.expiresAt <= now
      ? 'expired'
      : row.expiresAt.getTime() - now.getTime() <= warnMs
        ? 'expiring'
        : 'active';
  return {
    id: row.id,
    orderNo: row.orderNo,
    type: row.type,
    name: row.name,
    spec: row.spec,
    quota: row.quota?.toString() ?? null,
    used: null,
    remaining: null,
    effectiveAt: row.effectiveAt.getTime(),
    expiresAt: row.expiresAt.getTime(),
    state,
  };
}
