import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommerceHarness, createCommerceHarness } from '../../../test/fixtures/commerce';
import { operatorCommand } from '../../../test/fixtures/operator';
import { dbKinds } from '../../../test/helpers';
import { packages } from '../../db/schema';
import { OpsError } from '../../ops/ops';
import { parseYuan } from './commerce.operator';

describe('parseYuan', () => {
  it.each([
    ['12', 1_200n],
    ['12.3', 1_230n],
    ['12.34', 1_234n],
    ['0.01', 1n],
    [' 7 ', 700n],
    ['999999999999.99', 99_999_999_999_999n],
  ])('reads %j as %s fen', (text, fen) => {
    expect(parseYuan(text)).toBe(fen);
  });

  it.each(['', '12.345', '-1', '1e3', '.5', '12.', '1,5', '1000000000000', 'abc'])('refuses %j', (text) => {
    expect(() => parseYuan(text)).toThrow(OpsError);
    expect(() => parseYuan(text)).toThrow(`'${text}' is not an amount in CNY (like 199 or 199.50)`);
  });
});

describe.each(dbKinds)('commerce operator commands on %s', (kind) => {
  let h: CommerceHarness;
  beforeAll(async () => {
    h = await createCommerceHarness(kind);
  });
  afterAll(() => h.close());

  const ops = (...argv: string[]) => operatorCommand(h.ctx.app, ...argv);
  const refused = async (argv: string[], message: string) => {
    const res = await ops(...argv);
    expect(res.code, argv.join(' ')).toBe(1);
    expect(res.err).toContain(message);
    expect(res.out).toBe('');
  };
  const packageAdd = (code: string, options: Record<string, string>) => [
    'package',
    'add',
    code,
    ...Object.entries(options).flatMap(([name, value]) => [`--${name}`, value]),
  ];
  const complete = {
    type: 'traffic',
    name: 'Traffic 1 TB',
    'name-zh': '流量包 1 TB',
    spec: '1 TB',
    'spec-zh': '1 TB 流量',
    price: '169.5',
    months: '12',
  };
  const stored = async (code: string) =>
    (await h.ctx.database.db.select().from(packages).where(eq(packages.code, code)))[0];

  it('lists each commerce command with its arguments and what it does', async () => {
    const lines = (await ops()).err.split('\n');
    for (const [call, summary] of [
      [
        'package add <code> --type <type> --name <English> --name-zh <Chinese> --spec <English> --spec-zh <Chinese> --price <CNY> --months <n> [--quota <n>]',
        'define a package for sale (types: traffic, https_requests, websocket, china_mainland, edge_plan); quota in bytes or requests',
      ],
      [
        'package rename <code> [--name <English>] [--name-zh <Chinese>] [--spec <English>] [--spec-zh <Chinese>]',
        'change the texts of a package in the catalogue; orders already placed keep theirs',
      ],
      ['package list', 'list every package, on sale or not'],
      ['package sell <code>', 'put a package back on sale'],
      ['package withdraw <code>', 'take a package off sale (bought ones stay)'],
      ['order refund <orderNo>', "refund a paid package order to the customer's balance; the package is revoked"],
      ['recharge list', 'bank-transfer recharges waiting for their money'],
      [
        'recharge confirm <reference> <receivedCNY>',
        'confirm a bank transfer: the received amount is credited to the balance',
      ],
    ]) {
      expect(
        lines.filter((line) => line.trim().startsWith(`${call} `) && line.endsWith(`  ${summary}`)),
        call,
      ).toHaveLength(1);
    }
  });

  it('says when there are no packages and no transfers waiting, and refuses arguments to the lists', async () => {
    expect((await ops('package', 'list')).out).toBe('No packages.');
    expect((await ops('recharge', 'list')).out).toBe('No bank transfers waiting.');
    await refused(['package', 'list', 'extra'], 'takes no arguments');
    await refused(['recharge', 'list', 'extra'], 'takes no arguments');
  });

  it('adds a package with or without a quota, at the smallest price and validity, and lists it', async () => {
    const added = await ops(...packageAdd('cmd-traffic', { ...complete, quota: '1099511627776' }));
    expect(added).toMatchObject({ code: 0, err: '' });
    expect(added.out).toMatch(/^Added package cmd-traffic \(#\d+\): Traffic 1 TB, 169\.50 CNY$/);
    expect(await stored('cmd-traffic')).toMatchObject({
      type: 'traffic',
      name: 'Traffic 1 TB',
      nameZh: '流量包 1 TB',
      spec: '1 TB',
      specZh: '1 TB 流量',
      quota: 1_099_511_627_776n,
      priceFen: 16_950n,
      validityMonths: 12,
      onSale: true,
    });
    const smallest = await ops(
      ...packageAdd('cmd-websocket', { ...complete, type: 'websocket', price: '0.01', months: '1' }),
    );
    expect(smallest.out).toContain('0.01 CNY');
    expect(await stored('cmd-websocket')).toMatchObject({ quota: null, priceFen: 1n, validityMonths: 1 });
    const list = (await ops('package', 'list')).out.split('\n');
    expect(list[0]).toBe('id\tcode\ttype\tname\tname (zh)\tspec\tspec (zh)\tprice\tmonths\ton sale');
    expect(list).toContain(
      `${(await stored('cmd-traffic'))!.id}\tcmd-traffic\ttraffic\tTraffic 1 TB\t流量包 1 TB\t1 TB\t1 TB 流量\t169.50\t12\ttrue`,
    );
  });

  it('refuses a package definition that breaks any one rule', async () => {
    const add = (code: string, options: Record<string, string | undefined>) =>
      packageAdd(
        code,
        Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as Record<string, string>,
      );
    await refused(['package', 'add', '--type', 'traffic'], 'give one package code');
    await refused([...add('cmd-a', complete), 'cmd-b'], 'give one package code');
    await refused(
      add('cmd-x', { ...complete, type: 'gold' }),
      '--type: The type is one of traffic, https_requests, websocket, china_mainland, edge_plan',
    );
    for (const missing of ['name', 'name-zh', 'spec', 'spec-zh'] as const) {
      await refused(
        add('cmd-x', { ...complete, [missing]: undefined }),
        `--${missing}: Give the name and the spec in English and in Chinese: the console shows both languages`,
      );
    }
    await refused(add('cmd-x', { ...complete, price: undefined }), '--price: Input cannot be empty');
    await refused(add('cmd-x', { ...complete, 'name-zh': '  ' }), '--name-zh: Give the name and the spec');
    await refused(add('cmd-x', { ...complete, name: 'n'.repeat(101) }), '--name: At most 100 characters');
    await refused(add('cmd-x', { ...complete, spec: 's'.repeat(201) }), '--spec: At most 200 characters');
    for (const quota of ['1.5', '-1', '1e9', '', '1'.repeat(19)]) {
      await refused(add('cmd-x', { ...complete, quota }), '--quota: The quota is a whole number (bytes or requests)');
    }
    await refused(add('cmd-x', { ...complete, price: '0' }), '--price: The price must be above 0');
    await refused(add('cmd-x', { ...complete, price: 'ten' }), "'ten' is not an amount in CNY");
    for (const months of ['0', '-1', '1.5', 'x', '121']) {
      await refused(
        add('cmd-x', { ...complete, months }),
        '--months: The validity is a whole number of months from 1 to 120',
      );
    }
    await refused(add('cmd-x', { ...complete, months: undefined }), '--months: The validity is a whole number');
    for (const code of ['-x', 'a b', 'x'.repeat(65)]) {
      await refused(add(code, complete), '<code>: ');
    }
    expect(await stored('cmd-x')).toBeUndefined();
    const taken = await ops(...add('cmd-traffic', complete));
    expect(taken).toEqual({ code: 1, out: '', err: "Error: A package with code 'cmd-traffic' exists" });
  });

  it('renames a package in either language; an order placed before keeps the texts it was placed under', async () => {
    const buyer = await h.user();
    const placed = await h.order(buyer, (await stored('cmd-traffic'))!.id);
    const renamed = await ops('package', 'rename', 'cmd-traffic', '--name-zh', '流量包 1 TB（年）');
    expect(renamed.out).toBe('cmd-traffic: Traffic 1 TB / 流量包 1 TB（年）; 1 TB / 1 TB 流量');
    expect(await stored('cmd-traffic')).toMatchObject({ name: 'Traffic 1 TB', nameZh: '流量包 1 TB（年）' });
    await ops('package', 'rename', 'cmd-traffic', '--spec', '1 TB a year', '--spec-zh', '每年 1 TB');
    expect(await stored('cmd-traffic')).toMatchObject({ spec: '1 TB a year', specZh: '每年 1 TB' });
    const zh = await h.call(buyer, 'GET', `/order/${placed.id}/detail`, undefined, { 'accept-language': 'zh-CN' });
    expect(zh.body.data).toMatchObject({ productName: '流量包 1 TB', spec: '1 TB 流量' });
    await refused(['package', 'rename', 'cmd-traffic'], 'give at least one of --name, --name-zh, --spec, --spec-zh');
    await refused(['package', 'rename', 'cmd-traffic', '--name', ' '], 'give at least one of');
    await refused(['package', 'rename', '--name', 'x'], 'give one package code');
    await refused(['package', 'rename', 'cmd-none', '--name', 'x'], "No package with code 'cmd-none'");
    await refused(['package', 'rename', 'cmd-traffic', '--name', 'n'.repeat(101)], '--name: At most 100 characters');
    await refused(['package', 'rename', 'cmd-traffic', '--price', '1'], 'unknown option --price');
  });

  it('takes a package off sale and back, by its one code', async () => {
    expect((await ops('package', 'withdraw', 'cmd-traffic')).out).toBe('cmd-traffic: off sale');
    expect(await stored('cmd-traffic')).toMatchObject({ onSale: false });
    expect((await ops('package', 'sell', 'cmd-traffic')).out).toBe('cmd-traffic: on sale');
    expect(await stored('cmd-traffic')).toMatchObject({ onSale: true });
    await refused(['package', 'sell'], 'give one package code');
    await refused(['package', 'withdraw', 'cmd-traffic', 'cmd-websocket'], 'give one package code');
    await refused(['package', 'sell', 'cmd-none'], "No package with code 'cmd-none'");
  });

  it('lists a bank transfer waiting, confirms it with the amount received, and refunds a paid order', async () => {
    const buyer = await h.user();
    const res = await h.call(buyer, 'POST', '/recharge/create', { amountYuan: 300, method: 'bank_transfer' });
    const transfer = res.body.data as { orderNo: string; createdAt: number; bankTransfer: { reference: string } };
    const { reference } = transfer.bankTransfer;
    expect((await ops('recharge', 'list')).out.split('\n')).toEqual([
      'reference\torder\tuser\tamount\tcreated',
      `${reference}\t${transfer.orderNo}\t${buyer.id}\t300.00\t${new Date(transfer.createdAt).toISOString()}`,
    ]);
    await refused(['recharge', 'confirm', reference], 'give the transfer reference and the amount received');
    await refused(['recharge', 'confirm', reference, '1', '2'], 'give the transfer reference and the amount received');
    await refused(['recharge', 'confirm', reference, '0'], 'Error: The received amount must be positive');
    await refused(['recharge', 'confirm', 'EWNOSUCHREF', '1'], "Error: No bank transfer with reference 'EWNOSUCHREF'");
    const confirmed = await ops('recharge', 'confirm', reference, '299.5');
    expect(confirmed.out).toBe(`Confirmed ${reference} (order ${transfer.orderNo}): 299.50 CNY credited`);
    expect(await h.balance(buyer)).toBe(29_950n);

    const bought = await ops(...packageAdd('cmd-refund', { ...complete, price: '99.9', months: '1' }));
    expect(bought.code).toBe(0);
    const placed = await h.order(buyer, (await stored('cmd-refund'))!.id);
    expect((await h.payByBalance(buyer, placed.id)).statusCode).toBe(200);
    await refused(['order', 'refund'], 'give one order number');
    await refused(['order', 'refund', placed.orderNo, 'more'], 'give one order number');
    expect((await ops('order', 'refund', placed.orderNo)).out).toBe(
      `Refunded ${placed.orderNo}: 99.90 CNY; balance now 299.50`,
    );
  });
});
