import fs from 'node:fs';
import readline from 'node:readline';
import { createGunzip } from 'node:zlib';
import { type OpsCommand, type OpsContext, OpsError, parseOptions } from '../../ops/ops';
import { demoAccount, listUsers } from '../account';
import { addDemoTraffic } from './traffic-demo';
import { createTrafficIngest, type TrafficIngest } from './traffic-ingest.service';

/** Lines per batch when a file is imported: each batch is one transaction and one idempotency key. */
const IMPORT_BATCH_LINES = 50_000;

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
  const input = head[0] === 0x1f && head[1] === 0x8b ? raw.pipe(createGunzip()) : raw;
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
      const ingest = ingestOf(ctx);
      const sum = { lines: 0, accepted: 0, rejected: 0, unknownHost: 0, batches: 0, duplicates: 0 };
      const send = async (lines: string[]) => {
        const result = await ingest.ingest({ node: 'ops', text: lines.join('\n') });
        sum.batches++;
        sum.lines += result.lines;
        sum.rejected += result.rejected;
        if (result.duplicate) sum.duplicates++;
        sum.accepted += result.accepted;
        sum.unknownHost += result.unknownHost;
        const offset = (sum.batches - 1) * IMPORT_BATCH_LINES;
        for (const p of result.problems) ctx.out(`line ${offset + p.line}: ${p.problem}`);
      };
      let chunk: string[] = [];
      for await (const line of fileLines(file)) {
        chunk.push(line);
        if (chunk.length === IMPORT_BATCH_LINES) {
          await send(chunk);
          chunk = [];
        }
      }
      if (chunk.length > 0) await send(chunk);
      ctx.out(
        `${sum.lines} lines in ${batches(sum.batches)}: ${sum.accepted} counted, ${sum.rejected} rejected, ` +
          `${sum.unknownHost} for unknown hosts` +
          (sum.duplicates ? `, ${batches(sum.duplicates)} already imported (not counted again)` : ''),
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
