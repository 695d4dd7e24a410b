import { bulkInsertDomains } from '../apps/server/src/modules/domain/domain.bench-support';
import { type Bench, type BenchDatabase, onEachDatabase, percentile, startApp } from './bench';

const domains = Number(process.env.BENCH_DOMAINS ?? 100_000);
const samples = Number(process.env.BENCH_SAMPLES ?? 200);
const size = 20;
const lastPage = Math.ceil(domains / size);
/** Requests per page before measuring, to warm caches and query plans. */
const warmup = 10;

async function timedGet(url: string, token: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: token } });
  const body = (await response.json()) as { data?: { list: unknown[]; total: number } };
  const elapsed = performance.now() - started;
  if (response.status !== 200 || body.data?.total !== domains || !body.data.list.length) {
    throw new Error(`GET ${url}: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
  }
  return elapsed;
}

/**
 * One request at a time, as one customer paging: first and last page take turns, so that whatever the machine or
 * the database does meanwhile (autovacuum after the bulk insert, other load) weighs on both alike.
 */
async function measure(bench: BenchDatabase): Promise<void> {
  const kind = bench.kind.padEnd(10);
  const { app, url, user } = await startApp(bench);
  try {
    const started = Date.now();
    await bulkInsertDomains(bench.database, user.id, domains);
    console.log(`${kind} ${domains} domains inserted in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const pages = [
      { name: 'first page', page: 1, times: [] as number[] },
      { name: 'last page', page: lastPage, times: [] as number[] },
    ];
    for (let i = 0; i < samples + warmup; i++) {
      for (const page of pages) {
        const elapsed = await timedGet(`${url}/api/domain/list?page=${page.page}&size=${size}`, user.token);
        if (i >= warmup) page.times.push(elapsed);
      }
    }
    for (const page of pages) {
      page.times.sort((a, b) => a - b);
      console.log(
        `${kind} ${page.name.padEnd(11)} (page ${String(page.page).padStart(5)})  p50 ${percentile(page.times, 0.5).toFixed(1)} ms  p95 ${percentile(page.times, 0.95).toFixed(1)} ms`,
      );
    }
    const [first, last] = pages.map((page) => percentile(page.times, 0.95)) as [number, number];
    console.log(`${kind} last/first page p95: ${(last / first).toFixed(2)}x`);
  } finally {
    await app.close();
  }
}

export default {
  name: 'domain-list',
  description: `GET /api/domain/list with ${domains} domains, first vs last page of ${size} (${samples} sequential requests each)`,
  run: () => onEachDatabase(measure),
} satisfies Bench;
