import type { AreaContext, SampleOwner } from '../area';
import { debit } from './balance.repository';
import type { PackageDefinition } from './commerce.operator';
import { insertOrder } from './order.repository';
import { transferReference } from './order.service';
import { findPackageByCode, insertPackage, type PackageRow } from './package.repository';
import { EXPIRY_NOTICE_DAYS } from './package-expiry';
import { addMonths, newOrderNo, settlePaid } from './settlement';

const GB = 1024n ** 3n;

/** A starter catalogue for a development install, so that the demo's packages have something to be bought from. */
const sampleCatalogue: PackageDefinition[] = [
  {
    code: 'sample-traffic-100g',
    type: 'traffic',
    name: 'Traffic 100 GB',
    nameZh: '流量包 100 GB',
    spec: '100 GB',
    specZh: '100 GB',
    quota: 100n * GB,
    priceFen: 1_900n,
    validityMonths: 12,
  },
  {
    code: 'sample-traffic-1t',
    type: 'traffic',
    name: 'Traffic 1 TB',
    nameZh: '流量包 1 TB',
    spec: '1 TB',
    specZh: '1 TB',
    quota: 1024n * GB,
    priceFen: 16_900n,
    validityMonths: 12,
  },
  {
    code: 'sample-https-10m',
    type: 'https_requests',
    name: 'HTTPS requests 10 million',
    nameZh: 'HTTPS 请求数包 1000 万次',
    spec: '10,000,000 requests',
    specZh: '10,000,000 次请求',
    quota: 10_000_000n,
    priceFen: 500n,
    validityMonths: 12,
  },
  {
    code: 'sample-websocket',
    type: 'websocket',
    name: 'WebSocket add-on',
    nameZh: 'WebSocket 增值服务',
    spec: 'WebSocket for all domains',
    specZh: '全部域名可用 WebSocket',
    quota: null,
    priceFen: 9_900n,
    validityMonths: 1,
  },
  {
    code: 'sample-china-mainland',
    type: 'china_mainland',
    name: 'China-mainland optimization',
    nameZh: '中国大陆优化',
    spec: 'Enabled by customer service',
    specZh: '由客服开通',
    quota: null,
    priceFen: 29_900n,
    validityMonths: 1,
  },
  {
    code: 'sample-eo-basic',
    type: 'edge_plan',
    name: 'Edge platform Basic',
    nameZh: '边缘安全加速平台基础版',
    spec: 'Basic plan',
    specZh: '基础版套餐',
    quota: null,
    priceFen: 19_900n,
    validityMonths: 1,
  },
];

/**
 * The demo account's commerce: a 1,000 CNY recharge; bought from the balance a traffic package (active), the
 * WebSocket add-on (owned, so the domain settings' switch works, and running out within the week, so the expiry
 * reminder names it) and the edge platform's Basic plan; one order waiting for payment and one cancelled, all in one transaction.
 * The catalogue's sample packages are added first where missing.
 */
export async function addSampleCommerce(ctx: AreaContext, owner: SampleOwner): Promise<void> {
  const now = ctx.now();
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
  await ctx.database.db.transaction(async (tx) => {
    const catalogue = new Map<string, PackageRow>();
    for (const definition of sampleCatalogue) {
      // Found, or added now (insertPackage answers nothing only for a code taken, which findPackageByCode saw).
      const row = (await findPackageByCode(tx, definition.code)) ?? (await insertPackage(tx, definition));
      if (row) catalogue.set(definition.code, row);
    }
    const orderFor = (pkg: PackageRow, at: Date) => ({
      orderNo: newOrderNo(at),
      userId: owner.userId,
      kind: 'package' as const,
      packageId: pkg.id,
      productName: pkg.name,
      productNameZh: pkg.nameZh,
      packageType: pkg.type,
      spec: pkg.spec,
      specZh: pkg.specZh,
      quota: pkg.quota,
      validityMonths: pkg.validityMonths,
      amountFen: pkg.priceFen,
      status: 'unpaid' as const,
      createdAt: at,
      closeAt: new Date(at.getTime() + 30 * 60_000),
    });

    const rechargedAt = minutesAgo(3 * 24 * 60);
    const recharge = await insertOrder(tx, {
      orderNo: newOrderNo(rechargedAt),
      userId: owner.userId,
      kind: 'recharge',
      productName: 'Balance recharge',
      productNameZh: '余额充值',
      amountFen: 100_000n,
      status: 'unpaid',
      createdAt: rechargedAt,
      closeAt: new Date(rechargedAt.getTime() + 30 * 60_000),
    });
    await settlePaid(tx, recharge, { method: 'qr', at: rechargedAt });

    const buy = async (code: string, at: Date) => {
      const bought = await insertOrder(tx, orderFor(catalogue.get(code)!, at));
      await debit(tx, { userId: owner.userId, kind: 'payment', amountFen: bought.amountFen, orderId: bought.id, at });
      await settlePaid(tx, bought, { method: 'balance', at });
    };
    await buy('sample-traffic-1t', minutesAgo(2 * 24 * 60));
    await buy('sample-eo-basic', minutesAgo(2 * 24 * 60 - 10));
    // Bought so that it ends inside the reminder window: the hourly expiry run warns of it, as it would anyone.
    const expiresAt = new Date(now.getTime() + EXPIRY_NOTICE_DAYS * 24 * 60 * 60_000 - 60 * 60_000);
    await buy('sample-websocket', addMonths(expiresAt, -1));

    await insertOrder(tx, {
      ...orderFor(catalogue.get('sample-traffic-100g')!, minutesAgo(24 * 60)),
      status: 'cancelled',
      cancelledAt: minutesAgo(24 * 60 - 30),
    });
    await insertOrder(tx, orderFor(catalogue.get('sample-https-10m')!, minutesAgo(5)));

    // A bank transfer announced yesterday and not yet confirmed: the operator console's transfers queue has one.
    const announcedAt = minutesAgo(20 * 60);
    await insertOrder(tx, {
      orderNo: newOrderNo(announcedAt),
      userId: owner.userId,
      kind: 'recharge',
      productName: 'Balance recharge',
      productNameZh: '余额充值',
      amountFen: 50_000n,
      status: 'unpaid',
      paymentMethod: 'bank_transfer',
      transferReference: transferReference(),
      createdAt: announcedAt,
    });
  });
}
