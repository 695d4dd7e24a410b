import { users } from '../apps/server/src/db/schema';
import { bulkInsertDomains } from '../apps/server/src/modules/domain/domain.bench-support';
import { parseLines } from '../apps/server/src/modules/traffic/log-reader';
import { rollUp } from '../apps/server/src/modules/traffic/rollup';
import { benchTraffic } from '../apps/server/src/modules/traffic/traffic.bench-support';
import { createTrafficIngest } from '../apps/server/src/modules/traffic/traffic-ingest.service';
import { type Bench, type BenchDatabase, onEachDatabase, versusTarget } from './bench';

const totalLines = Number(process.env.BENCH_LINES ?? 500_000);
const batchLines = Number(process.env.BENCH_BATCH_LINES ?? 50_000);
const domainCount = Number(process.env.BENCH_DOMAINS ?? 100);
const target = 100_000;

/**
 * Batches of access-log lines through the one ingestion path (read, find domains, sum, one transaction per batch),
 * each batch a minute of a busy edge's traffic; the lines are generated before the clock starts. Beside it, the
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

  let started = performance.now();
  for (const text of batches) {
    const { lines } = parseLines(text);
    rollUp(lines.map((line, i) => ({ domainId: i % domainCount, line })));
  }
  const memoryRate = totalLines / ((performance.now() - started) / 1000);

  const ingest = createTrafficIngest({ db, now: () => new Date(), rawRetentionDays: 7 });
  started = performance.now();
  let accepted = 0;
  for (const text of batches) accepted += (await ingest.ingest({ node: 'bench', text })).accepted;
  const seconds = (performance.now() - started) / 1000;
  if (accepted !== totalLines) throw new Error(`accepted ${accepted} of ${totalLines} lines`);
  const rate = totalLines / seconds;
  console.log(
    `${kind} ${totalLines} lines in ${batches.length} batches over ${domainCount} domains: ${seconds.toFixed(1)} s`,
  );
  console.log(`${kind} read and summed in memory only: ${Math.round(memoryRate)} lines/s`);
  console.log(
    `${kind} ${versusTarget(`${Math.round(rate)} lines/s into rollups`, rate >= target, `>= ${target} on PostgreSQL`)}`,
  );
}

export default {
  name: 'traffic-ingest',
  description: `access-log lines per second into rollups (${totalLines} lines, batches of ${batchLines})`,
  run: () => onEachDatabase(measure),
} satisfies Bench;
