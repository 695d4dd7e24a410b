import { frequencyLevelRates } from '@edgeward/contract';
import { pathRuleRegex, suffixRuleRegex } from './cache';
import { quoteLiteral } from './quoting';
import { limitReqRate } from './rate';
import type { EdgeDomainConfig, EdgeSecurityExtras } from './snapshot';

/*
 * Rate limits, bandwidth caps and timeouts. Every limit_req sits at the server level: limit_req directives in a
 * location would replace the server's instead of adding to them. A zone of 1 MB keeps about 8 000 clients (nginx
 * drops the least recently used when full); only domains with a limit have zones.
 */

const ZONE_SIZE = '1m';
const SLOW_ATTACK_INSPECT_BYTES = 8192;

export interface LimitParts {
  http: string[];
  server: string[];
}

function uriMatch(rule: { type: 'all' | 'path' | 'suffix'; content: string }): string {
  return rule.type === 'path' ? `~${pathRuleRegex([rule.content])}` : `~*${suffixRuleRegex([rule.content])}`;
}

/**
 * At most `limit` requests per `periodSeconds` from one client, `extra` more at once. limit_req is a leaky bucket per
 * key: each accepted request adds one, the bucket drains at the rate, and a request that would fill it beyond
 * 1 + burst is refused (nodelay: at once, 403) and leaves it as it was. With rate = limit / period and
 * burst = limit - 1 + extra, a client that never sends more than `limit` (+ `extra`) within a period, all at once if
 * it likes, is never refused; this is the tightest bucket with that promise. A client that floods gets
 * limit + extra at once, then one every period / limit: `limit` per period in the long run, but up to
 * 2 x limit - 1 + extra within the first period after a pause (a count over a sliding window, which would stop at
 * `limit`, is not something limit_req can express).
 */
function perClientLimit(zone: string, key: string, limit: number, periodSeconds: number, extra: number): LimitParts {
  const burst = limit - 1 + extra;
  return {
    http: [`limit_req_zone ${key} zone=${zone}:${ZONE_SIZE} rate=${limitReqRate(limit, periodSeconds)};`],
    // nginx refuses burst=0; no burst is the same.
    server: [`limit_req zone=${zone}${burst > 0 ? ` burst=${burst}` : ''} nodelay;`],
  };
}

/**
 * CDN request limits: one zone per rule, keyed by the client address when the rule matches the URI and by an empty
 * key (never limited) otherwise. `limit` requests per period plus `threshold` extra at once (perClientLimit); beyond
 * that 403.
 */
export function requestLimitParts(prefix: string, limits: EdgeDomainConfig['requestLimits']): LimitParts {
  if (limits.status !== 'on' || limits.rules.length === 0) return { http: [], server: [] };
  const http: string[] = [];
  const server: string[] = [];
  limits.rules.forEach((rule, i) => {
    const zone = `${prefix}rl${i}`;
    // $ew_client: the client's address, or empty (never limited) on the agent's internal port (main.ts).
    let key = '$ew_client';
    if (rule.type !== 'all') {
      key = `$${zone}_key`;
      http.push(`map $uri ${key} {`, '    default "";', `    ${quoteLiteral(uriMatch(rule))} $ew_client;`, '}');
    }
    const parts = perClientLimit(zone, key, rule.limit, rule.periodSeconds, rule.threshold);
    http.push(...parts.http);
    server.push(...parts.server);
  });
  return { http, server };
}

/**
 * The edge-platform policy beyond the access maps. Adaptive frequency control holds a client to its level's count per
 * period as perClientLimit does, with nothing beyond it at once.
 *
 * Bandwidth abuse: every response runs at full speed for thresholdMb, then at rateCapKbps. A client the agent found
 * over the threshold within the window across requests is listed in `<domainsDir>/<id>-capped.geo` (lines
 * `<address or CIDR> 1;`, written by the agent) and gets the cap from its first byte.
 *
 * Slow attacks: client_header_timeout is read by nginx from the default server of the address and port (the
 * headers are read before the server is known), so for name-based domains it is effectively the edge's default;
 * client_body_timeout is the time between two reads, so min(bodyTimeout, ceil(8192 / minBodyRate)) approximates
 * "at least minBodyRate bytes/s over the first 8 KB".
 */
export function securityLimitParts(
  prefix: string,
  extras: EdgeSecurityExtras | undefined,
  cappedFile: string,
): LimitParts {
  const http: string[] = [];
  const server: string[] = [];
  if (!extras) return { http, server };
  const { adaptiveFrequencyControl: afc, bandwidthAbuseDefense: abuse, slowAttackDefense: slow } = extras;
  if (afc.status === 'on') {
    const { limit, periodSeconds } = frequencyLevelRates[afc.level];
    const parts = perClientLimit(`${prefix}afc`, '$ew_client', limit, periodSeconds, 0);
    http.push(...parts.http);
    server.push(...parts.server);
  }
  if (abuse.status === 'on') {
    http.push(
      `geo $${prefix}capped {`,
      '    default 0;',
      `    include ${quoteLiteral(cappedFile)};`,
      '}',
      // Keyed by "<internal><capped>": the agent's preheats are never slowed down (a terabyte before the cap).
      `map "$ew_internal$${prefix}capped" $${prefix}rate_after {`,
      `    default ${abuse.thresholdMb}m;`,
      '    01 0;',
      '    10 1048576m;',
      '    11 1048576m;',
      '}',
    );
    server.push(`limit_rate_after $${prefix}rate_after;`, `limit_rate ${abuse.rateCapKbps}k;`);
  }
  if (slow.status === 'on') {
    const bodySeconds = Math.min(slow.bodyTimeoutSeconds, Math.ceil(SLOW_ATTACK_INSPECT_BYTES / slow.minBodyRate));
    server.push(`client_header_timeout ${slow.headerTimeoutSeconds}s;`, `client_body_timeout ${bodySeconds}s;`);
  }
  return { http, server };
}
