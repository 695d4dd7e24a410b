import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/db/migrate';
import { bulkInsertDomains } from '../apps/server/src/modules/domain/domain.bench-support';
import { isCacheHit } from '../apps/server/src/modules/traffic/log-line';
import { parseLines } from '../apps/server/src/modules/traffic/log-reader';
import { percentile95 } from '../apps/server/src/modules/traffic/statistics.presenter';
import { benchTraffic } from '../apps/server/src/modules/traffic/traffic.bench-support';
import { createTrafficIngest } from '../apps/server/src/modules/traffic/traffic-ingest.service';
import { type Bench, type BenchDatabase, onEachDatabase, percentile, startApp, versusTarget } from './bench';

const days = Number(process.env.BENCH_DAYS ?? 30);
const domainCount = Number(process.env.BENCH_DOMAINS ?? 100);
const linesPerDay = Number(process.env.BENCH_LINES_PER_DAY ?? 28_800);
const samples = Number(process.env.BENCH_SAMPLES ?? 30);
const DAY = 86_400_000;
const FIVE_MINUTES = 300_000;

interface RawFigures {
  /** bytes and requests per 5-minute bucket start */
  buckets: Map<number, { bytes: number; requests: number }>;
  hits: number;
}

/** The reference: every stored raw line read back (gunzip, parse), summed per 5-minute bucket in [from, to). */
async function fromRawLines(bench: BenchDatabase, hosts: Set<string>, from: number, to: number): Promise<RawFigures> {
  const rows = rowsOf<{ raw_gzip: Uint8Array }>(
    await bench.database.db.execute(sql`SELECT raw_gzip FROM traffic_batches WHERE raw_gzip IS NOT NULL`),
  );
  const buckets = new Map<number, { bytes: number; requests: number }>();
  let hits = 0;
  for (const row of rows) {
    for (const line of parseLines(gunzipSync(row.raw_gzip).toString('utf8')).lines) {
      if (!hosts.has(line.host)) continue;
      const start = Math.floor(line.time / FIVE_MINUTES) * FIVE_MINUTES;
      if (start < from || start >= to) continue;
      const bucket = buckets.get(start) ?? { bytes: 0, requests: 0 };
      bucket.bytes += line.bytesSent;
      bucket.requests++;
      buckets.set(start, bucket);
      if (isCacheHit(line.cacheStatus)) hits++;
    }
  }
  return { buckets, hits };
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

function sameNumbers(what: string, rollup: unknown, raw: unknown): void {
  const a = JSON.stringify(rollup);
  const b = JSON.stringify(raw);
  if (a !== b) throw new Error(`${what}: rollups and raw lines disagree\n${a.slice(0, 300)}\n${b.slice(0, 300)}`);
}

/**
 * A customer with `domainCount` domains and `days` of traffic, ingested through the one path with its raw lines
 * kept. Three calls through HTTP, timed: the 30-day, 5-minute usage query over every domain, the bandwidth query
 * over the same, and the overview; each answer is then computed again from the raw lines, and the numbers compared.
 */
async function measure(bench: BenchDatabase): Promise<void> {
  const kind = bench.kind.padEnd(10);
  const { app, url, user } = await startApp(bench);
  try {
    await bulkInsertDomains(bench.database, user.id, domainCount, { prefix: 'stats' });
    const hosts = Array.from({ length: domainCount }, (_, i) => `stats-${i + 1}.example.com`);
    const end = Math.floor(Date.now() / FIVE_MINUTES) * FIVE_MINUTES;
    const traffic = benchTraffic(hosts, 7);
    const ingest = createTrafficIngest({ db: bench.database.db, now: () => new Date(), rawRetentionDays: days + 1 });
    const loading = await timed(async () => {
      for (let day = days; day > 0; day--) {
        await ingest.ingest({ node: 'bench', text: traffic.lines(linesPerDay, end - day * DAY, DAY) });
      }
    });
    console.log(
      `${kind} ${days * linesPerDay} lines over ${days} days ingested in ${(loading.ms / 1000).toFixed(1)} s`,
    );

    const startTime = end - days * DAY;
    const get = async (path: string) => {
      const res = await fetch(`${url}/api${path}`, { headers: { authorization: user.token } });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${(await res.text()).slice(0, 200)}`);
      return ((await res.json()) as { data: unknown }).data;
    };
    const calls = {
      usage: `/user/domain-statistics?startTime=${startTime}&endTime=${end}&granularity=5m`,
      bandwidth: `/user/bs_statistics?startTime=${startTime}&endTime=${end}&granularity=5m`,
      overview: '/user/home',
    };
    const answers: Record<string, unknown> = {};
    for (const [name, path] of Object.entries(calls)) {
      const times: number[] = [];
      for (let i = 0; i < samples + 3; i++) {
        const { ms, value } = await timed(() => get(path));
        if (i >= 3) times.push(ms);
        answers[name] = value;
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 0.95);
      const line = `${name.padEnd(9)} p50 ${percentile(times, 0.5).toFixed(1)} ms  p95 ${p95.toFixed(1)} ms`;
      console.log(`${kind} ${name === 'usage' ? versusTarget(line, p95 < 100, 'p95 < 100 ms on PostgreSQL') : line}`);
      answers[`${name}P50`] = percentile(times, 0.5);
    }

    const hostSet = new Set(hosts);
    const raw = await timed(() => fromRawLines(bench, hostSet, startTime, end));
    const usage = answers.usage as { points: { time: number; bytes: number; requests: number }[] };
    sameNumbers(
      'usage',
      usage.points,
      usage.points.map((p) => ({ time: p.time, ...(raw.value.buckets.get(p.time) ?? { bytes: 0, requests: 0 }) })),
    );
    const bandwidth = answers.bandwidth as { peak: { bps: number }; p95Bps: number };
    const bps = usage.points.map((p) => ((raw.value.buckets.get(p.time)?.bytes ?? 0) * 8) / 300);
    sameNumbers(
      'bandwidth',
      { peak: bandwidth.peak.bps, p95: bandwidth.p95Bps },
      { peak: Math.max(...bps), p95: percentile95(bps) },
    );
    const home = answers.overview as {
      startTime: number;
      endTime: number;
      bytes: { value: number };
      requests: { value: number };
      hitRate: { value: number };
    };
    const week = await timed(() => fromRawLines(bench, hostSet, home.startTime, home.endTime));
    const weekBuckets = [...week.value.buckets.values()];
    const weekRequests = weekBuckets.reduce((n, b) => n + b.requests, 0);
    sameNumbers(
      'overview',
      { bytes: home.bytes.value, requests: home.requests.value, hitRate: home.hitRate.value },
      {
        bytes: weekBuckets.reduce((n, b) => n + b.bytes, 0),
        requests: weekRequests,
        hitRate: week.value.hits / weekRequests,
      },
    );
    const ratio = (name: string, rawMs: number) => {
      const speedup = rawMs / (answers[`${name}P50`] as number);
      return versusTarget(
        `${name} from raw lines ${rawMs.toFixed(0)} ms: rollups ${speedup.toFixed(0)}x faster`,
        speedup >= 20,
        '>= 20x',
      );
    };
    console.log(`${kind} identical numbers from rollups and from raw lines (usage, bandwidth peak and p95, overview)`);
    console.log(`${kind} ${ratio('usage', raw.ms)}`);
    console.log(`${kind} ${ratio('overview', week.ms)}`);
  } finally {
    await app.close();
  }
}

export default {
  name: 'traffic-queries',
  description: `statistics from rollups vs from raw lines: ${domainCount} domains, ${days} days, ${linesPerDay} lines a day`,
  run: () => onEachDatabase(measure),
} satisfies Bench;
