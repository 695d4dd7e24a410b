import {
  type LedgerEntry,
  type Locale,
  limits,
  type MyPackage,
  type Order,
  type Package,
  type StaffOrder,
  type StaffPackage,
} from '@edgeward/contract';
import type { PaymentSettings } from '../../config';
import type { OrderRow } from '../../db/schema';
import { translate } from '../../http/i18n';
import type { LedgerRow } from './balance.repository';
import type { PackageRow, UserPackageRow } from './package.repository';

type BankAccount = PaymentSettings['bankTransfer'];

const ms = (d: Date | null) => (d ? d.getTime() : null);

/** Packages and orders carry their texts in both languages; each reader gets its own. */
function inLanguage<T>(locale: Locale, english: T, chinese: T): T {
  return locale === 'zh-CN' ? chinese : english;
}

export function toPackage(row: PackageRow, locale: Locale): Package {
  return {
    id: row.id,
    code: row.code,
    type: row.type,
    name: inLanguage(locale, row.name, row.nameZh),
    spec: inLanguage(locale, row.spec, row.specZh),
    quota: row.quota?.toString() ?? null,
    priceFen: row.priceFen.toString(),
    validityMonths: row.validityMonths,
  };
}

/** `account` is where bank transfers go; shown with the order's reference when it is a transfer. */
export function toOrder(row: OrderRow, account: BankAccount, locale: Locale): Order {
  return {
    id: row.id,
    orderNo: row.orderNo,
    kind: row.kind,
    productName: inLanguage(locale, row.productName, row.productNameZh),
    packageType: row.packageType,
    spec: inLanguage(locale, row.spec, row.specZh),
    validityMonths: row.validityMonths,
    amountFen: row.amountFen.toString(),
    status: row.status,
    paymentMethod: row.paymentMethod,
    createdAt: row.createdAt.getTime(),
    paidAt: ms(row.paidAt),
    // The time an unpaid order closes by itself; a settled one has none.
    closeAt: row.status === 'unpaid' ? ms(row.closeAt) : null,
    bankTransfer: row.transferReference ? { ...account, reference: row.transferReference } : null,
  };
}

/** An order as the finance staff read it: the customer's order, its customer, and when it was closed. */
export function toStaffOrder(row: OrderRow, userName: string, account: BankAccount, locale: Locale): StaffOrder {
  return {
    ...toOrder(row, account, locale),
    userId: row.userId,
    userName,
    cancelledAt: ms(row.cancelledAt),
    refundedAt: ms(row.refundedAt),
  };
}

/** A package of the catalogue as the finance staff manage it: both languages, on sale or not. */
export function toStaffPackage(row: PackageRow): StaffPackage {
  return {
    id: row.id,
    code: row.code,
    type: row.type,
    name: row.name,
    nameZh: row.nameZh,
    spec: row.spec,
    specZh: row.specZh,
    quota: row.quota?.toString() ?? null,
    priceFen: row.priceFen.toString(),
    validityMonths: row.validityMonths,
    onSale: row.onSale,
    createdAt: row.createdAt.getTime(),
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
 * A package the customer owns. `used` is what the traffic statistics measured against it (traffic packages: bytes
 * served in its validity); null where nothing measures it (HTTPS requests, which the access logs do not tell
 * apart), rather than a made-up zero.
 */
export function toMyPackage(
  row: UserPackageRow,
  { now, used, locale }: { now: Date; used: bigint | null; locale: Locale },
): MyPackage {
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
    name: inLanguage(locale, row.name, row.nameZh),
    spec: inLanguage(locale, row.spec, row.specZh),
    quota: row.quota?.toString() ?? null,
    used: used === null ? null : used.toString(),
    remaining: used === null || row.quota === null ? null : (row.quota > used ? row.quota - used : 0n).toString(),
    effectiveAt: row.effectiveAt.getTime(),
    expiresAt: row.expiresAt.getTime(),
    state,
  };
}

/** Ledger notes are message keys when the server wrote them, so each reader gets its language. */
export function localizedEntry(entry: LedgerEntry, locale: Locale): LedgerEntry {
  return entry.note.startsWith('commerce.') ? { ...entry, note: translate(locale, entry.note) } : entry;
}
