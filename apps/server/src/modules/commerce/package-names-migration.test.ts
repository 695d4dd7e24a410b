import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommerceHarness, createCommerceHarness } from '../../../test/fixtures/commerce';
import { dbKinds, rerunMigration } from '../../../test/helpers';
import { rowsOf } from '../../db/migrate';

describe.each(dbKinds)('migration 0025 (package texts per language) on %s', (kind) => {
  let h: CommerceHarness;
  beforeAll(async () => {
    h = await createCommerceHarness(kind);
  });
  afterAll(() => h.close());

  it('gives the sample catalogue its Chinese texts, other packages their English ones, and orders what they were bought under', async () => {
    const { db } = h.ctx.database;
    const buyer = await h.user();
    const file = '0025_package_names_per_language.sql';
    // The database as it was before 0025: one text per package, order and owned package.
    for (const statement of [
      'ALTER TABLE user_packages DROP COLUMN name_zh, DROP COLUMN spec_zh',
      'ALTER TABLE orders DROP COLUMN product_name_zh, DROP COLUMN spec_zh',
      'ALTER TABLE packages DROP COLUMN name_zh, DROP COLUMN spec_zh',
    ]) {
      await db.execute(sql.raw(statement));
    }
    const [sample, custom] = rowsOf<{ id: string }>(
      await db.execute(sql`
        INSERT INTO packages (code, type, name, spec, price_fen, validity_months) VALUES
          ('sample-traffic-1t', 'traffic', 'Traffic 1 TB', '1 TB', 16900, 12),
          ('custom-10g', 'traffic', 'Traffic 10 GB', '10 GB', 500, 1)
        RETURNING id`),
    );
    const order = async (no: string, kind: string, packageId: string | null, name: string, spec: string | null) => {
      const [row] = rowsOf<{ id: string }>(
        await db.execute(sql`
          INSERT INTO orders (order_no, user_id, kind, package_id, product_name, spec, amount_fen, status)
          VALUES (${no}, ${buyer.id}, ${kind}, ${packageId}, ${name}, ${spec}, 100, 'paid') RETURNING id`),
      );
      return row!.id;
    };
    await order('M1', 'recharge', null, '余额充值', null);
    const bought = await order('M2', 'package', sample!.id, 'Traffic 1 TB', '1 TB');
    await order('M3', 'package', custom!.id, 'Traffic 10 GB (spring offer)', '10 GB');
    await db.execute(sql`
      INSERT INTO user_packages (user_id, order_id, type, name, spec, effective_at, expires_at)
      VALUES (${buyer.id}, ${bought}, 'traffic', 'Traffic 1 TB', '1 TB', now(), now() + interval '1 year')`);

    expect(await rerunMigration(h.ctx.database, file)).toEqual([file]);

    const packages = await db.execute(sql`SELECT code, name, name_zh, spec, spec_zh FROM packages ORDER BY code`);
    expect(rowsOf(packages)).toEqual([
      { code: 'custom-10g', name: 'Traffic 10 GB', name_zh: 'Traffic 10 GB', spec: '10 GB', spec_zh: '10 GB' },
      { code: 'sample-traffic-1t', name: 'Traffic 1 TB', name_zh: '流量包 1 TB', spec: '1 TB', spec_zh: '1 TB' },
    ]);
    const orders = await db.execute(
      sql`SELECT order_no, product_name, product_name_zh, spec_zh FROM orders WHERE user_id = ${buyer.id} ORDER BY order_no`,
    );
    expect(rowsOf(orders)).toEqual([
      { order_no: 'M1', product_name: 'Balance recharge', product_name_zh: '余额充值', spec_zh: null },
      { order_no: 'M2', product_name: 'Traffic 1 TB', product_name_zh: '流量包 1 TB', spec_zh: '1 TB' },
      {
        order_no: 'M3',
        product_name: 'Traffic 10 GB (spring offer)',
        product_name_zh: 'Traffic 10 GB (spring offer)',
        spec_zh: '10 GB',
      },
    ]);
    const owned = await db.execute(sql`SELECT name, name_zh, spec_zh FROM user_packages WHERE user_id = ${buyer.id}`);
    expect(rowsOf(owned)).toEqual([{ name: 'Traffic 1 TB', name_zh: '流量包 1 TB', spec_zh: '1 TB' }]);
  });
});
