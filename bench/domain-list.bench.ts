import { bulkInsertDomains } from '../apps/server/src/modules/domain/domain.bench-support';
import { seededRandom } from '../apps/server/src/modules/traffic/prng';
import { type Bench, type BenchDatabase, onEachDatabase, percentile, startApp, versusTarget } from './bench';

const domains = Number(process.env.BENCH_DOMAINS ?? 100_000);
const samples = Number(process.env.BENCH_SAMPLES ?? 200);
const size = 20;
const lastPage = Math.ceil(domains / size);
/** Requests per page before measuring, to warm caches and query plans. */
const warmup = 10;

/** The goal for a name search at 1,000,000 domains (issue 27). */
const searchTargetMs = 20;

/** One GET, timed at the client until its body is read; `expected` checks the total it answers. */
async function timedGet(url: string, token: string, expected: (total: number) => boolean): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: token } });
  const body = (await response.json()) as { data?: { list: unknown[]; total: number } };
  const elapsed = performance.now() - started;
  if (response.status !== 200 || body.data === undefined || !expected(body.data.total)) {
    throw new Error(`GET ${url}: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
  }
  return elapsed;
}

/**
 * What a customer types into the list's search box: a part of a name. The bench's names are
 * `<prefix>-<n>.example.com`, n from 1 to `domains`: five digits of some n (a handful of names hold them), and
 * `-<n>.` (exactly one).
 */
function searchTerms(count: number): string[] {
  const random = seededRandom(27);
  return Array.from({ length: count }, (_, i) => {
    const n = 1 + Math.floor(random() * domains);
    return i % 2 === 0 ? String(n).padStart(5, '1').slice(-5) : `-${n}.`;
  });
}

function report(kind: string, name: string, times: number[]): number {
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 0.95);
  console.log(`${kind} ${name.padEnd(24)} p50 ${percentile(times, 0.5).toFixed(1)} ms  p95 ${p95.toFixed(1)} ms`);
  return p95;
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
        const pageUrl = `${url}/api/domain/list?page=${page.page}&size=${size}`;
        const elapsed = await timedGet(pageUrl, user.token, (total) => total === domains);
        if (i >= warmup) page.times.push(elapsed);
      }
    }
    const [first, last] = pages.map((page) => report(kind, `${page.name} (page ${page.page})`, page.times)) as [
      number,
      number,
    ];
    console.log(`${kind} last/first page p95: ${(last / first).toFixed(2)}x`);

    const searches = { found: [] as number[], matches: 0 };
    for (const [i, term] of searchTerms(samples + warmup).entries()) {
      const searchUrl = `${url}/api/domain/list?page=1&size=${size}&domainName=${encodeURIComponent(term)}`;
      const elapsed = await timedGet(searchUrl, user.token, (total) => {
        searches.matches += total;
        return total >= 1;
      });
      if (i >= warmup) searches.found.push(elapsed);
    }
    const p95 = report(kind, 'name search, first page', searches.found);
    console.log(
      `${kind} name search ${versusTarget(`p95 ${p95.toFixed(1)} ms`, p95 <= searchTargetMs, `<= ${searchTargetMs} ms at 1,000,000 domains`)}; ${(searches.matches / (samples + warmup)).toFixed(1)} names found on average`,
    );
  } finally {
    await app.close();
  }
}

export default {
  name: 'domain-list',
  description: `GET /api/domain/list with ${domains} domains: first vs last page of ${size}, and a name search (${samples} sequential requests each)`,
  run: () => onEachDatabase(measure),
} satisfies Bench;
