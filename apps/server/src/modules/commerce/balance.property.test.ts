import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommerceHarness, createCommerceHarness } from '../../../test/fixtures/commerce';
import { dbKinds } from '../../../test/helpers';
import { balanceLedger, balances, orders } from '../../db/schema';

type Step =
  | { kind: 'recharge'; yuan: number }
  | { kind: 'buy'; price: 0 | 1 | 2 }
  | { kind: 'refund'; pick: number }
  | { kind: 'burst'; calls: number; price: 0 | 1 | 2 };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('recharge' as const), yuan: fc.integer({ min: 1, max: 60 }) }),
  fc.record({ kind: fc.constant('buy' as const), price: fc.constantFrom(0 as const, 1 as const, 2 as const) }),
  fc.record({ kind: fc.constant('refund' as const), pick: fc.nat() }),
  // Concurrent orders paid at once, worth about three times what the balance usually holds.
  fc.record({
    kind: fc.constant('burst' as const),
    calls: fc.integer({ min: 2, max: 8 }),
    price: fc.constantFrom(0 as const, 1 as const, 2 as const),
  }),
);

const CI_PROPERTY_SEED = 20_261_126;

describe.each(dbKinds)('balance invariants on %s', (kind) => {
  let h: CommerceHarness;
  const packageIds: number[] = [];

  beforeAll(async () => {
    h = await createCommerceHarness(kind);
    for (const [i, priceFen] of [1_000n, 2_550n, 7_000n].entries()) {
      const row = await h.operator.addPackage({
        code: `p${i}`,
        type: 'traffic',
        name: `Package ${i}`,
        nameZh: `套餐 ${i}`,
        spec: `${i}`,
        specZh: `${i}`,
        quota: 1n,
        priceFen,
        validityMonths: 1,
      });
      packageIds.push(row.id);
    }
  });
  afterAll(() => h.close());

  it('random recharges, purchases, refunds and concurrent debits: the ledger sums to the balance, never below zero, no order paid twice', async () => {
    // CI runs one fixed seed, so a red run is the code's doing and replays as it was; elsewhere each run explores a
    // new one. The seed is printed so that a failure can be replayed with PROPERTY_SEED=<seed>.
    const seed = Number(process.env.PROPERTY_SEED ?? (process.env.CI ? CI_PROPERTY_SEED : Date.now() % 2 ** 31));
    console.info(`balance property test seed: ${seed}`);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const user = await h.user();
        const paidOrders: string[] = [];
        const payOne = async (price: 0 | 1 | 2) => {
          const placed = await h.call(user, 'POST', '/order/create', { packageId: packageIds[price] });
          return h.call(user, 'POST', `/order/${placed.body.data.id}/pay-by-balance`, undefined, {
            'idempotency-key': randomUUID(),
          });
        };
        for (const s of steps) {
          if (s.kind === 'recharge') await h.fund(user, s.yuan);
          if (s.kind === 'buy') {
            const res = await payOne(s.price);
            if (res.statusCode === 200) paidOrders.push(res.body.data.orderNo);
            else expect(res.body.error).toBe('INSUFFICIENT_BALANCE');
          }
          if (s.kind === 'burst') {
            const answers = await Promise.all(Array.from({ length: s.calls }, () => payOne(s.price)));
            for (const res of answers) {
              if (res.statusCode === 200) paidOrders.push(res.body.data.orderNo);
              else expect(res.body.error).toBe('INSUFFICIENT_BALANCE');
            }
          }
          if (s.kind === 'refund' && paidOrders.length > 0) {
            const [orderNo] = paidOrders.splice(s.pick % paidOrders.length, 1);
            await h.operator.refund(orderNo!);
          }
        }
        const db = h.ctx.database.db;
        const ledger = await db.select().from(balanceLedger).where(eq(balanceLedger.userId, user.id));
        const [stored] = await db.select().from(balances).where(eq(balances.userId, user.id));
        const sum = ledger.reduce((total, row) => total + row.amountFen, 0n);
        expect(sum).toBe(stored?.balanceFen ?? 0n);
        expect(ledger.every((row) => row.balanceAfterFen >= 0n)).toBe(true);
        // Replaying the ledger in order reproduces each row's balance after it.
        let running = 0n;
        for (const row of [...ledger].sort((a, b) => a.id - b.id)) {
          running += row.amountFen;
          expect(row.balanceAfterFen).toBe(running);
        }
        const payments = ledger.filter((row) => row.kind === 'payment').map((row) => row.orderId);
        expect(new Set(payments).size).toBe(payments.length);
        const mine = await db.select().from(orders).where(eq(orders.userId, user.id));
        const paidOrRefunded = mine.filter((o) => o.kind === 'package' && o.status !== 'unpaid');
        expect(paidOrRefunded.length).toBe(payments.length);
      }),
      { seed, numRuns: 12 },
    );
  });
});
