import fs from 'node:fs';
import readline from 'node:readline';
import { createGunzip } from 'node:zlib';
import { type OpsCommand, type OpsContext, OpsError, parseOptions } from '../../ops/ops';
import { demoAccount, listUsers } from '../account';
import { addDemoTraffic } from './traffic-demo';
import { importLogLines, isGzip } from './traffic-import';
import { createTrafficIngest, type TrafficIngest } from './traffic-ingest.service';

function ingestOf(ctx: OpsContext): TrafficIngest {
  return createTrafficIngest({
    db: ctx.database.db,
    now: ctx.now,
    rawRetentionDays: ctx.config.traffic.rawRetentionDays,
  });
}

/** The file's lines, inflating a gzip file (by its magic bytes). */
async function* fileLines(file: string): AsyncGenerator<string> {
  const head = Buffer.alloc(2);
  const fd = fs.openSync(file, 'r');
  fs.readSync(fd, head, 0, 2, 0);
  fs.closeSync(fd);
  const raw = fs.createReadStream(file);
  const input = isGzip(head) ? raw.pipe(createGunzip()) : raw;
  yield* readline.createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
}

const batches = (n: number) => `${n} batch${n === 1 ? '' : 'es'}`;

function positiveNumber(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new OpsError(`--${name} must be a positive number`);
  return n;
}

export const trafficCommands: OpsCommand[] = [
  {
    name: 'logs import',
    args: '<file>',
    summary: 'read edge access-log lines (JSON lines, optionally gzip) into the traffic statistics',
    async run(args, ctx) {
      const [file] = args;
      if (!file || args.length > 1) throw new OpsError('give one file');
      if (!fs.existsSync(file)) throw new OpsError(`no file ${file}`);
      const sum = await importLogLines(ingestOf(ctx), fileLines(file), (line, problem) =>
        ctx.out(`line ${line}: ${problem}`),
      );
      ctx.out(
        `${sum.lines} lines in ${batches(sum.batches)}: ${sum.accepted} counted, ${sum.rejected} rejected, ` +
          `${sum.unknownHost} for unknown hosts` +
          (sum.duplicateBatches ? `, ${batches(sum.duplicateBatches)} already imported (not counted again)` : ''),
      );
    },
  },
  {
    name: 'traffic demo',
    args: '[--user demo] [--days 7] [--scale 1] [--seed 1]',
    summary: "generate a week of realistic access logs for a user's domains through the ingestion",
    async run(args, ctx) {
      const { positional, options } = parseOptions(args, ['user', 'days', 'scale', 'seed']);
      if (positional.length) throw new OpsError('takes only options');
      const userName = options.user ?? demoAccount.userName;
      const user = (await listUsers(ctx.database.db)).find((u) => u.userName === userName);
      if (!user) throw new OpsError(`no user named '${userName}'`);
      const result = await addDemoTraffic(ctx.database.db, ingestOf(ctx), user.id, ctx.now(), {
        days: positiveNumber(options.days, 'days', 7),
        scale: positiveNumber(options.scale, 'scale', 1),
        seed: positiveNumber(options.seed, 'seed', 1),
      });
      ctx.out(`${result.lines} access-log lines in ${batches(result.batches)} for ${userName}'s domains`);
    },
  },
];
