import { seededRandom } from './prng';

/** Generator state for benchmark traffic: a seeded stream of access-log lines over many domains. */
export interface BenchTraffic {
  /** `count` lines spread over [from, from + spanMs), across the domains, as JSON lines. */
  lines(count: number, from: number, spanMs: number): string;
}

/**
 * Access-log lines as a busy edge writes them for benchmarks: domains and paths asked for unevenly (a few popular,
 * many rare), 100 000 client addresses, a realistic cache and status mix.
 */
export function benchTraffic(hosts: readonly string[], seed = 1): BenchTraffic {
  const random = seededRandom(seed);
  const skewed = (n: number, power: number) => Math.floor(n * random() ** power);
  const statuses = [200, 200, 200, 200, 200, 200, 200, 200, 304, 206, 404, 500];
  return {
    lines(count, from, spanMs) {
      const out: string[] = new Array(count);
      for (let i = 0; i < count; i++) {
        const hit = random() < 0.9;
        out[i] = JSON.stringify({
          time: (from + Math.floor(random() * spanMs)) / 1000,
          host: hosts[skewed(hosts.length, 1.5)],
          status: statuses[Math.floor(random() * statuses.length)],
          bytes_sent: 200 + skewed(2_000_000, 3),
          request_time: '0.004',
          upstream_time: hit ? '-' : '0.030',
          cache_status: hit ? 'HIT' : 'MISS',
          client_ip: `10.${skewed(4, 1)}.${skewed(250, 1.2)}.${skewed(100, 1.5)}`,
          method: 'GET',
          url: `/static/${skewed(500, 2)}.js?v=${skewed(3, 1)}`,
          referer: random() < 0.5 ? '-' : `https://site${skewed(20, 2)}.example/`,
          user_agent: 'Mozilla/5.0 (bench)',
        });
      }
      return out.join('\n');
    },
  };
}
