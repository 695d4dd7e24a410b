import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommerceHarness, createCommerceHarness } from '../../../test/fixtures/commerce';
import type { TestUser } from '../../../test/fixtures/users';
import { dbKinds } from '../../../test/helpers';
import { sandboxPayments, userPackages } from '../../db/schema';
import { addonOwnership } from './addon-ownership';
import { closeGatewayTradeJob } from './commerce.jobs';
import { remindExpiringPackages } from './package-expiry';

const DAY = 86_400_000;

/**
 * A package from its purchase to its end: which list shows it, when an add-on is held (from its start until the
 * millisecond of its expiry, not after a refund), and the reminder in its last 7 days (both edges, once).
 */
describe.each(dbKinds)('package lifetime on %s', (kind) => {
  let h: CommerceHarness;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    h = await createCommerceHarness(kind);
    const define = async (
      code: string,
      type: 'traffic' | 'websocket' | 'edge_plan' | 'https_requests',
      priceFen: bigint,
    ) => {
      ids[code] = (
        await h.operator.addPackage({
          code,
          type,
          name: `Package ${code}`,
          nameZh: `套餐 ${code}`,
          spec: code,
          specZh: code,
          quota: type === 'traffic' || type === 'https_requests' ? 1_000n : null,
          priceFen,
          validityMonths: 1,
        })
      ).id;
    };
    await define('ws', 'websocket', 900n);
    await define('plan', 'edge_plan', 500n);
    await define('traffic-b', 'traffic', 400n);
    await define('traffic-a', 'traffic', 300n);
    await define('requests', 'https_requests', 100n);
  });
  afterAll(() => h.close());

  const buy = async (user: TestUser, code: string) => {
    const placed = await h.order(user, ids[code]!);
    expect((await h.payByBalance(user, placed.id)).statusCode).toBe(200);
    const [owned] = await h.ctx.database.db.select().from(userPackages).where(eq(userPackages.orderId, placed.id));
    return { placed, owned: owned! };
  };
  const messages = async (user: TestUser) =>
    (await h.call(user, 'GET', '/notice/all')).body.data.list.map((m: { title: string }) => m.title) as string[];

  it('sells the catalogue by type, then price, and filters it by type', async () => {
    const buyer = await h.user();
    const codes = async (query: string) =>
      (await h.call(buyer, 'GET', `/package/list${query}`)).body.data.map((p: { code: string }) => p.code);
    expect(await codes('')).toEqual(['plan', 'requests', 'traffic-a', 'traffic-b', 'ws']);
    expect(await codes('?type=traffic')).toEqual(['traffic-a', 'traffic-b']);
    expect(await codes('?type=edge_plan')).toEqual(['plan']);
  });

  it('shows CDN packages and add-ons under my plan, edge-platform plans under the edge one', async () => {
    const buyer = await h.user();
    await h.fund(buyer, 50);
    for (const code of ['ws', 'plan', 'traffic-a', 'requests']) await buy(buyer, code);
    const types = async (path: string) =>
      (await h.call(buyer, 'GET', path)).body.data.map((p: { type: string }) => p.type).sort();
    expect(await types('/user/my_plan')).toEqual(['https_requests', 'traffic', 'websocket']);
    expect(await types('/user/eo/my-plan')).toEqual(['edge_plan']);
    // Only traffic has a measured use; HTTPS requests are not told apart in the access logs.
    const plan = (await h.call(buyer, 'GET', '/user/my_plan')).body.data as { type: string; used: string | null }[];
    expect(plan.find((p) => p.type === 'https_requests')?.used).toBeNull();
    expect(plan.find((p) => p.type === 'traffic')?.used).toBe('0');
  });

  it('holds an add-on from its start until the millisecond before its expiry, and not once refunded', async () => {
    const buyer = await h.user();
    await h.fund(buyer, 50);
    const { placed, owned } = await buy(buyer, 'ws');
    const holdsAt = (at: Date) => addonOwnership({ db: h.ctx.database.db, now: () => at })(buyer.id, 'websocket');
    expect(await holdsAt(new Date(owned.effectiveAt.getTime() - 1))).toBe(false);
    expect(await holdsAt(owned.effectiveAt)).toBe(true);
    expect(await holdsAt(new Date(owned.expiresAt.getTime() - 1))).toBe(true);
    expect(await holdsAt(owned.expiresAt)).toBe(false);
    expect(
      await addonOwnership({ db: h.ctx.database.db, now: () => owned.effectiveAt })(buyer.id, 'china_mainland'),
    ).toBe(false);
    await h.operator.refund(placed.orderNo);
    expect(await holdsAt(owned.effectiveAt)).toBe(false);
  });

  it('reminds once in the last 7 days: not a millisecond before them, not at the end, not after a refund', async () => {
    const kept = await h.user();
    const refunded = await h.user();
    await h.fund(kept, 50);
    await h.fund(refunded, 50);
    const { owned } = await buy(kept, 'traffic-a');
    const other = await buy(refunded, 'traffic-a');
    await h.operator.refund(other.placed.orderNo);
    const reminded = async (user: TestUser) =>
      (await messages(user)).filter((title) => title === 'Package Package traffic-a expires soon');
    const end = owned.expiresAt.getTime();
    await remindExpiringPackages(h.ctx.database.db, new Date(end - 7 * DAY - 1));
    expect(await reminded(kept)).toEqual([]);
    await remindExpiringPackages(h.ctx.database.db, new Date(end));
    expect(await reminded(kept)).toEqual([]);
    await remindExpiringPackages(h.ctx.database.db, new Date(end - 7 * DAY));
    expect(await reminded(kept)).toHaveLength(1);
    await remindExpiringPackages(h.ctx.database.db, new Date(end - 1));
    expect(await reminded(kept)).toHaveLength(1);
    expect(await reminded(refunded)).toEqual([]);
    const inChinese = await h.call(kept, 'GET', '/notice/all', undefined, { 'accept-language': 'zh-CN' });
    expect(inChinese.body.data.list.map((m: { title: string }) => m.title)).toContain('套餐 套餐 traffic-a 即将到期');
  });

  it('closes no trade of a gateway the server no longer uses, even one whose number the sandbox knows', async () => {
    const buyer = await h.user();
    const placed = await h.order(buyer, ids.ws!);
    await h.openQr(buyer, placed.id);
    const [payment] = await h.ctx.database.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.outTradeNo, placed.orderNo));
    await h.ctx.app.jobs.enqueue(closeGatewayTradeJob, { gateway: 'retired-gateway', tradeNo: payment!.tradeNo });
    await h.ctx.app.jobs.runDue();
    const [after] = await h.ctx.database.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.tradeNo, payment!.tradeNo));
    expect(after!.status).toBe('waiting');
  });
});
