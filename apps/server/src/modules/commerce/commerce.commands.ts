import { formatFen, PackageTypeSchema, packageTypes } from '@edgeward/contract';
import { type OpsCommand, type OpsContext, OpsError, parseOptions } from '../../ops/ops';
import { createCommerceOperator, parseYuan } from './commerce.operator';

const operator = (ctx: OpsContext) => createCommerceOperator({ db: ctx.database.db, now: () => ctx.now() });

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
    args: '<code> --type <type> --name <name> --spec <spec> --price <CNY> --months <n> [--quota <n>]',
    summary: `define a package for sale (types: ${packageTypes.join(', ')}); quota in bytes or requests`,
    async run(args, ctx) {
      const { positional, options } = parseOptions(args, ['type', 'name', 'spec', 'price', 'months', 'quota']);
      const [code] = positional;
      if (positional.length !== 1 || !code) throw new OpsError('give one package code');
      const type = PackageTypeSchema.safeParse(options.type);
      if (!type.success) throw new OpsError(`--type must be one of ${packageTypes.join(', ')}`);
      if (!options.name || !options.spec || !options.price) throw new OpsError('--name, --spec and --price are needed');
      if (options.quota !== undefined && !/^\d+$/.test(options.quota)) throw new OpsError('--quota is a whole number');
      const priceFen = parseYuan(options.price);
      if (priceFen <= 0n) throw new OpsError('--price must be above 0');
      const row = await operator(ctx).addPackage({
        code,
        type: type.data,
        name: options.name,
        spec: options.spec,
        quota: options.quota === undefined ? null : BigInt(options.quota),
        priceFen,
        validityMonths: positiveInt(options.months, '--months'),
      });
      ctx.out(`Added package ${row.code} (#${row.id}): ${row.name}, ${formatFen(row.priceFen)} CNY`);
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
      ctx.out(['id', 'code', 'type', 'name', 'spec', 'price', 'months', 'on sale'].join('\t'));
      for (const p of rows) {
        ctx.out([p.id, p.code, p.type, p.name, p.spec, formatFen(p.priceFen), p.validityMonths, p.onSale].join('\t'));
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
