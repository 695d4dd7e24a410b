import { gzipSync } from 'node:zlib';
import { users } from '../apps/server/src/db/schema';
import { bulkInsertDomains } from '../apps/server/src/modules/domain/domain.bench-support';
import { readBatch } from '../apps/server/src/modules/traffic/batch-reading';
import { MAX_INFLATED } from '../apps/server/src/modules/traffic/edge-logs.routes';
import { inflateText } from '../apps/server/src/modules/traffic/log-reader';
import { readingThreads } from '../apps/server/src/modules/traffic/reading-threads';
import { rollUp } from '../apps/server/src/modules/traffic/rollup';
import { benchTraffic } from '../apps/server/src/modules/traffic/traffic.bench-support';
import { createTrafficIngest, type TrafficIngest } from '../apps/server/src/modules/traffic/traffic-ingest.service';
import { foldRankings } from '../apps/server/src/modules/traffic/traffic-write.repository';
import { type Bench, type BenchDatabase, onEachDatabase, versusTarget } from './bench';

const totalLines = Number(process.env.BENCH_LINES ?? 500_000);
const batchLines = Number(process.env.BENCH_BATCH_LINES ?? 50_000);
const domainCount = Number(process.env.BENCH_DOMAINS ?? 100);
const target = 150_000;

/** A batch as the edge agent posts it: its lines gzipped, named by a batch id. */
interface PostedBatch {
  batchId: string;
  gzipped: Buffer;
}

/**
 * Batches of access-log lines through the one ingestion path as the edge agent posts them (gzip with a batch id:
 * inflate, read and sum, find domains, one transaction per batch), each batch a minute of a busy edge's traffic; the
 * batches are made before the clock starts. Each batch is read in parts on the reading threads (one per core beyond
 * the first), and once on one thread to compare. The rankings' entries are folded either one fold after another
 * beside the posting (the most the fold can cost: on one machine it takes the cores the posting needs) or once after
 * it, as the job does once a minute (these runs are shorter than a minute); both give the time until the last entry
 * is ranked. Beside it, the in-memory part alone (reading and summing), to show what the database writes cost.
 */
async function measure(bench: BenchDatabase): Promise<void> {
  const kind = bench.kind.padEnd(10);
  const { db } = bench.database;
  const [user] = await db
    .insert(users)
    .values({ userName: 'ingest', email: 'ingest@bench.test', passwordHash: 'x' })
    .returning({ id: users.id });
  await bulkInsertDomains(bench.database, user!.id, domainCount, { prefix: 'ingest' });
  const hosts = Array.from({ length: domainCount }, (_, i) => `ingest-${i + 1}.example.com`);
  const traffic = benchTraffic(hosts);
  const start = Date.UTC(2026, 10, 1);
  const texts: string[] = [];
  for (let done = 0; done < totalLines; done += batchLines) {
    texts.push(traffic.lines(Math.min(batchLines, totalLines - done), start + texts.length * 60_000, 60_000));
  }
  const batches = texts.map((text, i) => ({ batchId: `batch-${i}`, gzipped: gzipSync(text, { level: 1 }) }));

  const domainOf = new Map(hosts.map((host, i) => [host, i]));
  // Started before the clock, as a running server's are after its first big batch.
  await Promise.all(readingThreads().map((thread) => thread.read('', 0)));
  for (const [threads, helpers] of [
    ['one thread', []],
    [`${readingThreads().length + 1} threads`, readingThreads()],
  ] as const) {
    const started = performance.now();
    for (const text of texts) rollUp((await readBatch(text, { helpers })).sums, (host) => domainOf.get(host));
    const memoryRate = totalLines / ((performance.now() - started) / 1000);
    console.log(`${kind} read and summed in memory only, ${threads}: ${Math.round(memoryRate)} lines/s`);
  }

  const deps = { db, now: () => new Date(), rawRetentionDays: 7 };
  const oneThread = createTrafficIngest(deps);
  const threads = createTrafficIngest({ ...deps, readers: readingThreads() });
  const runs = [
    { senders: 1, ingest: oneThread, foldBeside: true, who: 'one edge, read on one thread, folds beside' },
    { senders: 1, ingest: threads, foldBeside: true, who: 'one edge, folds beside' },
    { senders: 1, ingest: oneThread, foldBeside: false, who: 'one edge, read on one thread, a fold after' },
    { senders: 1, ingest: threads, foldBeside: false, who: 'one edge, a fold after' },
    { senders: 2, ingest: threads, foldBeside: true, who: '2 edges at once, folds beside' },
    { senders: 2, ingest: threads, foldBeside: false, who: '2 edges at once, a fold after' },
  ];
  for (const [round, { senders, ingest, foldBeside, who }] of runs.entries()) {
    const fold = () => foldRankings(db);
    const { acknowledged, ranked } = await ingestAll(ingest, batches, { senders, round, fold, foldBeside });
    const rate = totalLines / acknowledged;
    console.log(
      `${kind} ${who}: ${versusTarget(`${Math.round(rate)} lines/s into rollups`, rate >= target, `>= ${target} on PostgreSQL`)}, ${Math.round(totalLines / ranked)} lines/s until the last is in the rankings`,
    );
  }
}

/**
 * Every batch through the ingestion path as the edge-log route takes it, `senders` at a time (edge nodes posting
 * together: one batch's lines are read while another's are written), with the rankings' entries folded one fold
 * after another beside them or once after them. Answers the seconds until the last batch was acknowledged and until
 * its entries were folded. Each sender of each round is a node of its own, so the same batches count again in every
 * round.
 */
async function ingestAll(
  ingest: TrafficIngest,
  batches: PostedBatch[],
  run: { senders: number; round: number; fold: () => Promise<void>; foldBeside: boolean },
): Promise<{ acknowledged: number; ranked: number }> {
  let next = 0;
  let accepted = 0;
  let posting = true;
  const started = performance.now();
  const folding = (async () => {
    while (run.foldBeside && posting) await run.fold();
  })();
  await Promise.all(
    Array.from({ length: run.senders }, async (_, sender) => {
      for (let i = next++; i < batches.length; i = next++) {
        const { batchId, gzipped } = batches[i]!;
        const text = await inflateText(gzipped, MAX_INFLATED);
        const node = `bench-${run.round}-${sender}`;
        const result = await ingest.ingest({ node, batchId, text, gzipped });
        accepted += result.accepted;
      }
    }),
  );
  const acknowledged = (performance.now() - started) / 1000;
  posting = false;
  await folding;
  await run.fold();
  if (accepted !== totalLines) throw new Error(`accepted ${accepted} of ${totalLines} lines`);
  return { acknowledged, ranked: (performance.now() - started) / 1000 };
}

export default {
  name: 'traffic-ingest',
  description: `access-log lines per second into rollups (${totalLines} lines, batches of ${batchLines})`,
  run: () => onEachDatabase(measure),
} satisfies Bench;
