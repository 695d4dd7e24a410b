import {
  formatFen,
  issueMessage,
  PackageDefinitionSchema,
  PackageTextsEditSchema,
  packageTypes,
} from '@edgeward/contract';
import type { z } from 'zod';
import { translate } from '../../http/i18n';
import { type OpsCommand, type OpsContext, OpsError, parseOptions } from '../../ops/ops';
import { createCommerceOperator, type PackageDefinition, type PackageTexts, parseYuan } from './commerce.operator';

const operator = (ctx: OpsContext) => createCommerceOperator({ db: ctx.database.db, now: () => ctx.now() });

/** The options that give a package's texts, and the column each one sets. */
const textColumns = { name: 'name', 'name-zh': 'nameZh', spec: 'spec', 'spec-zh': 'specZh' } as const;
const textOptions = Object.keys(textColumns) as (keyof typeof textColumns)[];

/** How the command line names each field of a package definition. */
const argumentOf: Record<string, string> = {
  code: '<code>',
  type: '--type',
  name: '--name',
  nameZh: '--name-zh',
  spec: '--spec',
  specZh: '--spec-zh',
  priceFen: '--price',
  validityMonths: '--months',
  quota: '--quota',
};

function textsOf(options: Partial<Record<string, string>>): Partial<PackageTexts> {
  const texts: Partial<PackageTexts> = {};
  for (const option of textOptions) {
    const value = options[option]?.trim();
    if (value) texts[textColumns[option]] = value;
  }
  return texts;
}

/** Checks the arguments with the console's schema; its first complaint is reported in English, by argument. */
function validated<S extends z.ZodType>(schema: S, candidate: unknown): z.output<S> {
  const result = schema.safeParse(candidate);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const { key, params } = issueMessage(issue);
  const name = argumentOf[String(issue.path[0])];
  throw new OpsError(`${name ? `${name}: ` : ''}${translate('en-US', key, params)}`);
}

/** `package add`'s arguments as a definition, by the same rules as the console's form (PackageDefinitionSchema). */
function definitionOf(code: string, options: Record<string, string>): PackageDefinition {
  const months = options.months?.trim();
  const fields = validated(PackageDefinitionSchema, {
    code,
    type: options.type,
    ...textsOf(options),
    priceFen: options.price === undefined ? undefined : parseYuan(options.price).toString(),
    validityMonths: months ? Number(months) : undefined,
    quota: options.quota ?? null,
  });
  return {
    ...fields,
    priceFen: BigInt(fields.priceFen),
    quota: fields.quota === null ? null : BigInt(fields.quota),
  };
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
      const row = await operator(ctx).addPackage(definitionOf(code, options));
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
      const row = await operator(ctx).renamePackage(positional[0]!, validated(PackageTextsEditSchema, texts));
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
