import { users } from '../apps/server/src/db/schema';
import { bulkInsertDomains } from '../apps/server/src/modules/domain/domain.bench-support';
import { parseLines } from '../apps/server/src/modules/traffic/log-reader';
import { rollUp } from '../apps/server/src/modules/traffic/rollup';
import { benchTraffic } from '../apps/server/src/modules/traffic/traffic.bench-support';
import { createTrafficIngest, type TrafficIngest } from '../apps/server/src/modules/traffic/traffic-ingest.service';
import { foldRankings } from '../apps/server/src/modules/traffic/traffic-write.repository';
import { type Bench, type BenchDatabase, onEachDatabase, versusTarget } from './bench';

const totalLines = Number(process.env.BENCH_LINES ?? 500_000);
const batchLines = Number(process.env.BENCH_BATCH_LINES ?? 50_000);
const domainCount = Number(process.env.BENCH_DOMAINS ?? 100);
const target = 150_000;

/**
 * Batches of access-log lines through the one ingestion path (read, find domains, sum, one transaction per batch),
 * each batch a minute of a busy edge's traffic; the lines are generated before the clock starts. The rankings'
 * entries are folded beside it (the job's work), and the time until the last of them is ranked is given too. Beside it, the
 * in-memory part alone (reading and summing), to show what the database writes cost.
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
  const batches: string[] = [];
  for (let done = 0; done < totalLines; done += batchLines) {
    batches.push(traffic.lines(Math.min(batchLines, totalLines - done), start + batches.length * 60_000, 60_000));
  }

  const started = performance.now();
  for (const text of batches) {
    const { lines } = parseLines(text);
    rollUp(lines.map((line, i) => ({ domainId: i % domainCount, line })));
  }
  const memoryRate = totalLines / ((performance.now() - started) / 1000);

  const ingest = createTrafficIngest({ db, now: () => new Date(), rawRetentionDays: 7 });
  console.log(`${kind} read and summed in memory only: ${Math.round(memoryRate)} lines/s`);
  for (const senders of [1, 2]) {
    const { acknowledged, ranked } = await ingestAll(ingest, batches, senders, () => foldRankings(db));
    const rate = totalLines / acknowledged;
    const who = senders === 1 ? 'one edge posting' : `${senders} edges posting at once`;
    console.log(
      `${kind} ${who}: ${versusTarget(`${Math.round(rate)} lines/s into rollups`, rate >= target, `>= ${target} on PostgreSQL`)}, ${Math.round(totalLines / ranked)} lines/s until the last is in the rankings`,
    );
  }
}

/**
 * Every batch through the ingestion path, `senders` at a time (edge nodes posting together: one batch's lines are
 * read while another's are written), with the rankings' entries folded beside them, one fold after another as the
 * job would under a steady load. Answers the seconds until the last batch was acknowledged and until its entries
 * were folded. Each sender is a node of its own, so the same texts count again in every round.
 */
async function ingestAll(
  ingest: TrafficIngest,
  batches: string[],
  senders: number,
  fold: () => Promise<void>,
): Promise<{ acknowledged: number; ranked: number }> {
  let next = 0;
  let accepted = 0;
  let posting = true;
  const started = performance.now();
  const folding = (async () => {
    while (posting) await fold();
  })();
  await Promise.all(
    Array.from({ length: senders }, async (_, sender) => {
      for (let i = next++; i < batches.length; i = next++) {
        const result = await ingest.ingest({ node: `bench-${senders}-${sender}`, text: batches[i]! });
        accepted += result.accepted;
      }
    }),
  );
  const acknowledged = (performance.now() - started) / 1000;
  posting = false;
  await folding;
  await fold();
  if (accepted !== totalLines) throw new Error(`accepted ${accepted} of ${totalLines} lines`);
  return { acknowledged, ranked: (performance.now() - started) / 1000 };
}

export default {
  name: 'traffic-ingest',
  description: `access-log lines per second into rollups (${totalLines} lines, batches of ${batchLines})`,
  run: () => onEachDatabase(measure),
} satisfies Bench;
