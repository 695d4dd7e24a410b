import { formatFen, PackageTypeSchema, packageTypes } from '@edgeward/contract';
import { type OpsCommand, type OpsContext, OpsError, parseOptions } from '../../ops/ops';
import { createCommerceOperator, type PackageTexts, parseYuan } from './commerce.operator';

const operator = (ctx: OpsContext) => createCommerceOperator({ db: ctx.database.db, now: () => ctx.now() });

/** The options that give a package's texts, and the column each one sets. */
const textColumns = { name: 'name', 'name-zh': 'nameZh', spec: 'spec', 'spec-zh': 'specZh' } as const;
const textOptions = Object.keys(textColumns) as (keyof typeof textColumns)[];

function textsOf(options: Partial<Record<string, string>>): Partial<PackageTexts> {
  const texts: Partial<PackageTexts> = {};
  for (const option of textOptions) {
    const value = options[option]?.trim();
    if (value) texts[textColumns[option]] = value;
  }
  return texts;
}

function positiveInt(text: string | undefined, what: string): number {
  const n = Number(text);
  if (!text || !Number.isInteger(n) || n <= 0) throw new OpsError(`${what} must be a whole number above 0`);
  return n;
}

/**
 * The operator's side of commerce: the package catalogue, refunds to the balance, and bank transfers, whose money
 * the operator sees arrive on the company account and confirms here.
 */
export const commerceCommands: OpsCommand[] = [
  {
    name: 'package add',
    args: '<code> --type <type> --name <English> --name-zh <Chinese> --spec <English> --spec-zh <Chinese> --price <CNY> --months <n> [--quota <n>]',
    summary: `define a package for sale (types: ${packageTypes.join(', ')}); quota in bytes or requests`,
    async run(args, ctx) {
      const { positional, options } = parseOptions(args, ['type', ...textOptions, 'price', 'months', 'quota']);
      const [code] = positional;
      if (positional.length !== 1 || !code) throw new OpsError('give one package code');
      const type = PackageTypeSchema.safeParse(options.type);
      if (!type.success) throw new OpsError(`--type must be one of ${packageTypes.join(', ')}`);
      const { name, nameZh, spec, specZh } = textsOf(options);
      if (!name || !nameZh || !spec || !specZh || !options.price) {
        throw new OpsError(
          '--name, --name-zh, --spec, --spec-zh and --price are needed (the console shows both languages)',
        );
      }
      if (options.quota !== undefined && !/^\d+$/.test(options.quota)) throw new OpsError('--quota is a whole number');
      const priceFen = parseYuan(options.price);
      if (priceFen <= 0n) throw new OpsError('--price must be above 0');
      const row = await operator(ctx).addPackage({
        code,
        type: type.data,
        name,
        nameZh,
        spec,
        specZh,
        quota: options.quota === undefined ? null : BigInt(options.quota),
        priceFen,
        validityMonths: positiveInt(options.months, '--months'),
      });
      ctx.out(`Added package ${row.code} (#${row.id}): ${row.name}, ${formatFen(row.priceFen)} CNY`);
    },
  },
  {
    name: 'package rename',
    args: '<code> [--name <English>] [--name-zh <Chinese>] [--spec <English>] [--spec-zh <Chinese>]',
    summary: 'change the texts of a package in the catalogue; orders already placed keep theirs',
    async run(args, ctx) {
      const { positional, options } = parseOptions(args, textOptions);
      if (positional.length !== 1) throw new OpsError('give one package code');
      const texts = textsOf(options);
      if (Object.keys(texts).length === 0)
        throw new OpsError('give at least one of --name, --name-zh, --spec, --spec-zh');
      const row = await operator(ctx).renamePackage(positional[0]!, texts);
      ctx.out(`${row.code}: ${row.name} / ${row.nameZh}; ${row.spec} / ${row.specZh}`);
    },
  },
  {
    name: 'package list',
    summary: 'list every package, on sale or not',
    async run(args, ctx) {
      if (args.length) throw new OpsError('takes no arguments');
      const rows = await operator(ctx).listPackages();
      if (rows.length === 0) {
        ctx.out('No packages.');
        return;
      }
      ctx.out(
        ['id', 'code', 'type', 'name', 'name (zh)', 'spec', 'spec (zh)', 'price', 'months', 'on sale'].join('\t'),
      );
      for (const p of rows) {
        const texts = [p.name, p.nameZh, p.spec, p.specZh];
        ctx.out([p.id, p.code, p.type, ...texts, formatFen(p.priceFen), p.validityMonths, p.onSale].join('\t'));
      }
    },
  },
  ...(['on', 'off'] as const).map(
    (state): OpsCommand => ({
      name: `package ${state === 'on' ? 'sell' : 'withdraw'}`,
      args: '<code>',
      summary: state === 'on' ? 'put a package back on sale' : 'take a package off sale (bought ones stay)',
      async run(args, ctx) {
        if (args.length !== 1) throw new OpsError('give one package code');
        const row = await operator(ctx).setOnSale(args[0]!, state === 'on');
        ctx.out(`${row.code}: ${row.onSale ? 'on sale' : 'off sale'}`);
      },
    }),
  ),
  {
    name: 'order refund',
    args: '<orderNo>',
    summary: "refund a paid package order to the customer's balance; the package is revoked",
    async run(args, ctx) {
      if (args.length !== 1) throw new OpsError('give one order number');
      const { order, balanceAfter } = await operator(ctx).refund(args[0]!);
      ctx.out(`Refunded ${order.orderNo}: ${formatFen(order.amountFen)} CNY; balance now ${formatFen(balanceAfter)}`);
    },
  },
  {
    name: 'recharge list',
    summary: 'bank-transfer recharges waiting for their money',
    async run(args, ctx) {
      if (args.length) throw new OpsError('takes no arguments');
      const rows = await operator(ctx).pendingTransfers();
      if (rows.length === 0) {
        ctx.out('No bank transfers waiting.');
        return;
      }
      ctx.out(['reference', 'order', 'user', 'amount', 'created'].join('\t'));
      for (const o of rows) {
        ctx.out(
          [o.transferReference, o.orderNo, o.userId, formatFen(o.amountFen), o.createdAt.toISOString()].join('\t'),
        );
      }
    },
  },
  {
    name: 'recharge confirm',
    args: '<reference> <receivedCNY>',
    summary: 'confirm a bank transfer: the received amount is credited to the balance',
    async run(args, ctx) {
      if (args.length !== 2) throw new OpsError('give the transfer reference and the amount received');
      const received = parseYuan(args[1]!);
      const order = await operator(ctx).confirmTransfer(args[0]!, received);
      ctx.out(`Confirmed ${args[0]} (order ${order.orderNo}): ${formatFen(received)} CNY credited`);
    },
  },
];
