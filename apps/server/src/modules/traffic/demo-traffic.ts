import { utc8Time } from '@edgeward/contract';
import { seededRandom, seedOf } from './prng';

/** How one domain's demo traffic looks. */
export interface DemoProfile {
  host: string;
  /** Requests in a 5-minute bucket at the evening peak. */
  peakRequests: number;
  /** Share of requests answered from the cache. */
  hitRatio: number;
  /** Typical response size in bytes. */
  meanBytes: number;
}

const FIVE_MINUTES = 300_000;

const STATUS_MIX: [number, number][] = [
  [200, 0.86],
  [304, 0.06],
  [206, 0.03],
  [301, 0.01],
  [404, 0.025],
  [403, 0.006],
  [499, 0.004],
  [500, 0.003],
  [502, 0.002],
];

const PATHS = [
  '/',
  '/index.html',
  '/assets/app.js',
  '/assets/app.css',
  '/assets/vendor.js',
  '/img/banner.webp',
  '/img/logo.png',
  '/img/hero.jpg',
  '/fonts/inter.woff2',
  '/products/list',
  '/products/42',
  '/products/7',
  '/blog/cdn-basics',
  '/blog/http3',
  '/downloads/setup.exe',
  '/video/intro.mp4',
  '/favicon.ico',
  '/robots.txt',
];

const REFERERS = ['', '', '', 'https://www.example.com/', 'https://www.google.com/', 'https://www.baidu.com/s'];

const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
];

/** Load by Beijing hour: quiet before dawn, rising through the day, highest in the evening. */
function diurnal(at: number): number {
  const { hour, minute } = utc8Time(at);
  const h = hour + minute / 60;
  return 0.18 + 0.82 * (0.5 - 0.5 * Math.cos(((h - 4) / 24) * 2 * Math.PI)) ** 1.6;
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

/** Zipf-like choice: the first items are asked for far more often than the last. */
function popular<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(items.length * random() ** 2.2)]!;
}

function status(random: () => number): number {
  let r = random();
  for (const [code, share] of STATUS_MIX) {
    r -= share;
    if (r < 0) return code;
  }
  return 200;
}

function clientIp(random: () => number): string {
  const n = Math.floor(random() ** 1.5 * 600);
  if (n % 7 === 0) return `2001:db8::${(n + 1).toString(16)}`;
  const nets = ['203.0.113', '198.51.100', '192.0.2'];
  return `${nets[n % 3]}.${(n % 250) + 1}`;
}

/**
 * Access-log lines (as the edge writes them) for one domain from `from` to `to`: a diurnal curve with some noise
 * and a weekend lift, the profile's hit ratio, a realistic status mix, popular paths and repeat visitors. The
 * lines of a 5-minute bucket depend only on the seed, the host and the bucket, so a range generated twice is the
 * same text.
 */
export function* demoLogLines(profile: DemoProfile, from: number, to: number, seed = 1): Generator<string> {
  for (let bucket = Math.ceil(from / FIVE_MINUTES) * FIVE_MINUTES; bucket < to; bucket += FIVE_MINUTES) {
    const random = seededRandom(seedOf(`${seed}:${profile.host}:${bucket}`));
    const weekday = new Date(bucket + 8 * 3_600_000).getUTCDay();
    const weekend = weekday === 0 || weekday === 6 ? 1.15 : 1;
    const count = Math.round(profile.peakRequests * diurnal(bucket) * weekend * (0.8 + 0.4 * random()));
    for (let i = 0; i < count; i++) {
      const code = status(random);
      const hit = code < 400 && random() < profile.hitRatio;
      const full = code === 200 || code === 206;
      const bytes = full ? Math.round(profile.meanBytes * (0.2 + 1.6 * random())) : 300 + Math.floor(random() * 400);
      const requestTime = hit ? 0.001 + random() * 0.01 : 0.02 + random() * 0.3;
      yield JSON.stringify({
        time: (bucket + Math.floor(random() * FIVE_MINUTES)) / 1000,
        host: profile.host,
        status: code,
        bytes_sent: bytes,
        request_time: requestTime.toFixed(3),
        upstream_time: hit ? '-' : (requestTime * 0.9).toFixed(3),
        cache_status: hit ? 'HIT' : code < 400 ? 'MISS' : '-',
        client_ip: clientIp(random),
        method: 'GET',
        url: popular(random, PATHS) + (random() < 0.1 ? `?v=${Math.floor(random() * 9)}` : ''),
        referer: pick(random, REFERERS),
        user_agent: pick(random, AGENTS),
      });
    }
  }
}
