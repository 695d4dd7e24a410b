import { bulkInsertDomains } from '../apps/server/src/modules/domain/domain.bench-support';
import { type Bench, type BenchDatabase, onEachDatabase, percentile, startApp } from './bench';

const domains = Number(process.env.BENCH_DOMAINS ?? 100_000);
const samples = Number(process.env.BENCH_SAMPLES ?? 200);
const size = 20;
const lastPage = Math.ceil(domains / size);

/** Sequential requests, one at a time: the latency of one customer paging, not the server's throughput. */
async function latencies(url: string, token: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < samples + 10; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization: token } });
    const body = (await response.json()) as { data?: { list: unknown[]; total: number } };
    const elapsed = performance.now() - started;
    if (response.status !== 200 || body.data?.total !== domains || !body.data.list.length) {
      throw new Error(`GET ${url}: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
    }
    // The first ten warm the caches and the query plans.
    if (i >= 10) times.push(elapsed);
  }
  return times.sort((a, b) => a - b);
}

async function measure(bench: BenchDatabase): Promise<void> {
  const kind = bench.kind.padEnd(10);
  const { app, url, user } = await startApp(bench);
  try {
    const started = Date.now();
    await bulkInsertDomains(bench.database, user.id, domains);
    console.log(`${kind} ${domains} domains inserted in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const p95: number[] = [];
    for (const [name, page] of [
      ['first page', 1],
      ['last page', lastPage],
    ] as const) {
      const times = await latencies(`${url}/api/domain/list?page=${page}&size=${size}`, user.token);
      p95.push(percentile(times, 0.95));
      console.log(
        `${kind} ${name.padEnd(11)} (page ${String(page).padStart(5)})  p50 ${percentile(times, 0.5).toFixed(1)} ms  p95 ${percentile(times, 0.95).toFixed(1)} ms`,
      );
    }
    console.log(`${kind} last/first page p95: ${(p95[1]! / p95[0]!).toFixed(2)}x`);
  } finally {
    await app.close();
  }
}

export default {
  name: 'domain-list',
  description: `GET /api/domain/list with ${domains} domains, first vs last page of ${size} (${samples} sequential requests each)`,
  run: () => onEachDatabase(measure),
} satisfies Bench;
