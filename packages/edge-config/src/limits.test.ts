import { frequencyLevelRates, frequencyLevels } from '@edgeward/contract';
import { describe, expect, it } from 'vitest';
import { type LimitParts, requestLimitParts, securityLimitParts } from './limits';
import type { EdgeDomainConfig, EdgeSecurityExtras } from './snapshot';

/*
 * What the rendered limit_req lets one client through, by nginx 1.22's own arithmetic for one key
 * (ngx_http_limit_req_lookup with nodelay): the rate in thousandths of a request per second, the excess in
 * thousandths of a request, a new key's first request free, a refused request leaving the key as it was. The same
 * directives meet real nginx in apps/edge/test/limits.nginx.test.ts.
 */
function clientOf(parts: LimitParts): (atMs: number) => boolean {
  const [, amount, unit] = /rate=(\d+)r\/(s|m);$/.exec(parts.http.at(-1) ?? '') ?? [];
  const rate = Math.floor((Number(amount) * 1000) / (unit === 'm' ? 60 : 1));
  const burst = Number(/burst=(\d+)/.exec(parts.server.at(-1) ?? '')?.[1] ?? 0) * 1000;
  let node: { excess: number; last: number } | undefined;
  return (atMs) => {
    if (!node) {
      node = { excess: 0, last: atMs };
      return true;
    }
    const ms = atMs - node.last;
    const excess = Math.max(0, node.excess - Math.floor((rate * ms) / 1000) + 1000);
    if (excess > burst) return false;
    node.excess = excess;
    if (ms) node.last = atMs;
    return true;
  };
}

/** How many of the requests sent at these moments (ms) are let through. */
function passed(parts: LimitParts, moments: number[]): number {
  const client = clientOf(parts);
  return moments.filter((at) => client(at)).length;
}

const atOnce = (count: number, atMs = 0) => Array.from({ length: count }, () => atMs);

function ruleParts(rule: { limit: number; periodSeconds: number; threshold: number }): LimitParts {
  const limits: EdgeDomainConfig['requestLimits'] = {
    status: 'on',
    rules: [{ type: 'all', content: '', action: 'block', ...rule }],
  };
  return requestLimitParts('ew_d1_', limits);
}

function levelParts(level: (typeof frequencyLevels)[number]): LimitParts {
  const extras: EdgeSecurityExtras = {
    adaptiveFrequencyControl: { status: 'on', level, action: 'block' },
    clientFiltering: { status: 'off', uaClasses: [], blockEmptyUa: false, knownTools: [], allowRules: [] },
    bandwidthAbuseDefense: { status: 'off', thresholdMb: 100, windowSeconds: 60, rateCapKbps: 512 },
    slowAttackDefense: { status: 'off', minBodyRate: 100, headerTimeoutSeconds: 10, bodyTimeoutSeconds: 10 },
  };
  return securityLimitParts('ew_d1_', extras, '/dev/null');
}

describe('CDN rate-limit rules', () => {
  it.each([
    [{ limit: 200, periodSeconds: 10, threshold: 0 }, 'rate=20r/s;', 'burst=199 nodelay;'],
    [{ limit: 5, periodSeconds: 60, threshold: 0 }, 'rate=5r/m;', 'burst=4 nodelay;'],
    [{ limit: 5, periodSeconds: 60, threshold: 2 }, 'rate=5r/m;', 'burst=6 nodelay;'],
    [{ limit: 7, periodSeconds: 9, threshold: 0 }, 'rate=47r/m;', 'burst=6 nodelay;'],
  ])('render %o as the rate and a burst of limit - 1 + threshold', (rule, rate, burst) => {
    const parts = ruleParts(rule);
    expect(parts.http.at(-1)).toContain(rate);
    expect(parts.server).toEqual([expect.stringMatching(new RegExp(` ${burst}$`))]);
  });

  it('render one request per period without a burst (nginx refuses burst=0)', () => {
    expect(ruleParts({ limit: 1, periodSeconds: 60, threshold: 0 }).server).toEqual([
      'limit_req zone=ew_d1_rl0 nodelay;',
    ]);
  });

  it('let the limit through at once and refuse the next request', () => {
    const moderate = ruleParts({ limit: 200, periodSeconds: 10, threshold: 0 });
    expect(passed(moderate, atOnce(10))).toBe(10);
    expect(passed(moderate, atOnce(201))).toBe(200);
    expect(passed(ruleParts({ limit: 5, periodSeconds: 60, threshold: 0 }), atOnce(6))).toBe(5);
  });

  it('let the threshold through at once beyond the limit', () => {
    expect(passed(ruleParts({ limit: 5, periodSeconds: 60, threshold: 2 }), atOnce(8))).toBe(7);
  });

  it('let the limit through again one period later', () => {
    const parts = ruleParts({ limit: 5, periodSeconds: 60, threshold: 0 });
    // 5r/m drains as 83 thousandths a second: a little over 60 s empties the bucket.
    expect(passed(parts, [...atOnce(6), ...atOnce(6, 60_300)])).toBe(10);
    expect(passed(ruleParts({ limit: 4, periodSeconds: 2, threshold: 1 }), [...atOnce(6), ...atOnce(6, 2_000)])).toBe(
      9,
    );
  });
});

describe('adaptive frequency control', () => {
  it.each(frequencyLevels.map((level) => [level, frequencyLevelRates[level]] as const))(
    '%s renders its count per period as the rate and a burst of count - 1',
    (level, { limit, periodSeconds }) => {
      const parts = levelParts(level);
      expect(parts.http).toEqual([`limit_req_zone $ew_client zone=ew_d1_afc:1m rate=${limit / periodSeconds}r/s;`]);
      expect(parts.server).toEqual([`limit_req zone=ew_d1_afc burst=${limit - 1} nodelay;`]);
    },
  );

  describe.each(frequencyLevels.map((level) => [level, frequencyLevelRates[level]] as const))(
    '%s',
    (level, { limit, periodSeconds }) => {
      const period = periodSeconds * 1000;

      it('lets its count through at once and refuses one more', () => {
        expect(passed(levelParts(level), atOnce(limit))).toBe(limit);
        expect(passed(levelParts(level), atOnce(limit + 1))).toBe(limit);
      });

      it('never refuses a client that keeps to its count in every period, at once or spread out', () => {
        const bursts = Array.from({ length: 5 }, (_, p) => atOnce(limit, p * period)).flat();
        expect(passed(levelParts(level), bursts)).toBe(5 * limit);
        const spread = Array.from({ length: 5 * limit }, (_, i) => Math.ceil((i * period) / limit));
        expect(passed(levelParts(level), spread)).toBe(5 * limit);
      });

      it('holds a flood to count - 1 beyond its count in the first period, to its count in each one after', () => {
        const client = clientOf(levelParts(level));
        const counts = [0, 0, 0];
        for (let at = 0; at < 3 * period; at++) {
          for (let i = 0; i < 4; i++) if (client(at)) counts[Math.floor(at / period)]++;
        }
        expect(counts).toEqual([2 * limit - 1, limit, limit]);
      });
    },
  );
});

describe('request limits switched off', () => {
  it('limit nothing, whatever rules they keep', () => {
    const rules = [
      { type: 'all' as const, content: '', limit: 1, periodSeconds: 1, threshold: 0, action: 'block' as const },
    ];
    expect(requestLimitParts('p_', { status: 'off', rules })).toEqual({ http: [], server: [] });
    expect(requestLimitParts('p_', { status: 'on', rules }).server).toHaveLength(1);
  });
});
