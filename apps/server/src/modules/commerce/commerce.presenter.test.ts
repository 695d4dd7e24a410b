import type { Locale } from '@edgeward/contract';
import { describe, expect, it } from 'vitest';
import type { OrderRow } from '../../db/schema';
import { toMyPackage, toOrder } from './commerce.presenter';
import type { UserPackageRow } from './package.repository';

const now = new Date(Date.UTC(2026, 2, 14, 8, 0, 0));
const DAY = 86_400_000;
const later = (ms: number) => new Date(now.getTime() + ms);

const owned = (row: Partial<UserPackageRow> = {}): UserPackageRow => ({
  id: 1,
  userId: 7,
  orderId: 3,
  orderNo: '202603140000000001',
  type: 'traffic',
  name: 'Traffic 100 GB',
  nameZh: '流量包 100 GB',
  spec: '100 GB',
  specZh: '100 GB 流量',
  quota: 1_000n,
  effectiveAt: later(-30 * DAY),
  expiresAt: later(60 * DAY),
  revokedAt: null,
  createdAt: later(-30 * DAY),
  ...row,
});

const mine = (row: UserPackageRow, used: bigint | null = null, locale: Locale = 'en-US') =>
  toMyPackage(row, { now, used, locale });

describe('toMyPackage', () => {
  it.each([
    ['active one millisecond beyond the 15 days of warning', later(15 * DAY + 1), 'active'],
    ['expiring with exactly 15 days left', later(15 * DAY), 'expiring'],
    ['expiring one millisecond before its end', later(1), 'expiring'],
    ['expired at its end', now, 'expired'],
    ['expired after its end', later(-DAY), 'expired'],
  ])('is %s', (_, expiresAt, state) => {
    expect(mine(owned({ expiresAt })).state).toBe(state);
  });

  it('is refunded once revoked, whatever its time left', () => {
    expect(mine(owned({ revokedAt: later(-DAY) })).state).toBe('refunded');
    expect(mine(owned({ revokedAt: later(-DAY), expiresAt: later(-1) })).state).toBe('refunded');
  });

  it.each([
    [999n, '999', '1'],
    [1_000n, '1000', '0'],
    [1_001n, '1001', '0'],
  ])('with %s of 1000 used: used %s, remaining %s (never below 0)', (used, usedText, remaining) => {
    expect(mine(owned(), used)).toMatchObject({ used: usedText, remaining });
  });

  it('answers no use and no remainder where nothing measures it, and no remainder without a quota', () => {
    expect(mine(owned())).toMatchObject({ used: null, remaining: null, quota: '1000' });
    expect(mine(owned({ quota: null, type: 'websocket' }), 5n)).toMatchObject({
      quota: null,
      used: '5',
      remaining: null,
    });
  });

  it('answers its times in epoch milliseconds, with its order number', () => {
    expect(mine(owned())).toEqual({
      id: 1,
      orderNo: '202603140000000001',
      type: 'traffic',
      name: 'Traffic 100 GB',
      spec: '100 GB',
      quota: '1000',
      used: null,
      remaining: null,
      effectiveAt: later(-30 * DAY).getTime(),
      expiresAt: later(60 * DAY).getTime(),
      state: 'active',
    });
  });

  it("answers its name and spec in the reader's language", () => {
    expect(mine(owned(), null, 'zh-CN')).toMatchObject({ name: '流量包 100 GB', spec: '100 GB 流量' });
    expect(mine(owned(), null, 'en-US')).toMatchObject({ name: 'Traffic 100 GB', spec: '100 GB' });
  });
});

describe('toOrder', () => {
  const account = { bankName: 'Example Bank', accountName: 'Edgeward Ltd', accountNumber: '6222 0000 0000 0000' };
  const row = (fields: Partial<OrderRow>) =>
    ({
      id: 5,
      orderNo: '202603140000000005',
      userId: 7,
      kind: 'recharge',
      productName: 'Balance recharge',
      productNameZh: '余额充值',
      packageType: null,
      spec: null,
      specZh: null,
      validityMonths: null,
      amountFen: 2_000n,
      status: 'unpaid',
      paymentMethod: null,
      createdAt: now,
      paidAt: null,
      closeAt: later(30 * 60_000),
      transferReference: null,
      ...fields,
    }) as OrderRow;

  it('shows the close time only while the order waits', () => {
    expect(toOrder(row({}), account, 'en-US').closeAt).toBe(later(30 * 60_000).getTime());
    for (const status of ['paid', 'cancelled', 'refunded'] as const) {
      expect(toOrder(row({ status }), account, 'en-US').closeAt, status).toBeNull();
    }
  });

  it("shows a bank transfer's account with its reference, and none for other orders", () => {
    const transfer = toOrder(
      row({ transferReference: 'EWABCDEFGH', paymentMethod: 'bank_transfer', closeAt: null }),
      account,
      'en-US',
    );
    expect(transfer).toMatchObject({ bankTransfer: { ...account, reference: 'EWABCDEFGH' }, closeAt: null });
    expect(toOrder(row({}), account, 'en-US').bankTransfer).toBeNull();
  });

  it('answers money as decimal fen text and times as epoch milliseconds', () => {
    const paid = toOrder(
      row({ status: 'paid', paidAt: later(60_000), amountFen: 12_345_678_901_234n }),
      account,
      'en-US',
    );
    expect(paid).toMatchObject({
      amountFen: '12345678901234',
      createdAt: now.getTime(),
      paidAt: later(60_000).getTime(),
    });
    expect(toOrder(row({}), account, 'en-US').paidAt).toBeNull();
  });

  it("answers the product and spec in the reader's language, and no spec where the order has none", () => {
    const pkg = row({
      kind: 'package',
      productName: 'Traffic 1 TB',
      productNameZh: '流量包 1 TB',
      spec: '1 TB',
      specZh: '1 TB 流量',
    });
    expect(toOrder(pkg, account, 'zh-CN')).toMatchObject({ productName: '流量包 1 TB', spec: '1 TB 流量' });
    expect(toOrder(pkg, account, 'en-US')).toMatchObject({ productName: 'Traffic 1 TB', spec: '1 TB' });
    expect(toOrder(row({}), account, 'zh-CN')).toMatchObject({ productName: '余额充值', spec: null });
  });
});
