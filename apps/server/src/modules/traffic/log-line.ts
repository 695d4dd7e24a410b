import { isIP } from 'node:net';

/**
 * One access-log record as the edge's nginx writes it: a JSON object per line (log_format ... escape=json), the
 * fields named as in docs/architecture.md, "The traffic area". Only time, host, status and bytes_sent are required.
 */
export interface AccessLogLine {
  /** Epoch milliseconds. */
  time: number;
  /**
   * The name the line counts for, lower case, without port or trailing dot: the serving domain's name when the edge
   * logs it (`domain`, the same for a request through the domain's CNAME host name), else the Host asked for.
   */
  host: string;
  status: number;
  bytesSent: number;
  requestTime: number;
  upstreamTime: number | null;
  /** nginx's $upstream_cache_status, upper case; empty when the response did not pass the cache. */
  cacheStatus: string;
  clientIp: string;
  method: string;
  /** The path, without the query string (which may carry signed-URL tokens). */
  path: string;
  /** The referring page without its query string; empty without a referer. */
  referer: string;
  userAgent: string;
}

export type ParsedLine = { ok: true; line: AccessLogLine } | { ok: false; problem: string };

/** Cache statuses that answered from the edge's cache; every other request went to the origin (or past the cache). */
const HIT_STATUSES = new Set(['HIT', 'STALE', 'UPDATING', 'REVALIDATED']);

export function isCacheHit(cacheStatus: string): boolean {
  return HIT_STATUSES.has(cacheStatus);
}

/** Longest URL, referer or user agent kept; longer ones are cut, not refused. */
const MAX_TEXT = 1024;

const clip = (value: string) => (value.length > MAX_TEXT ? value.slice(0, MAX_TEXT) : value);

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is dropped
const CONTROL = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is dropped
const CONTROLS = /[\u0000-\u001f\u007f]/g;

/** A text field: "-" (nginx's empty) is empty, control characters (NUL cannot be stored) are dropped. */
function optionalText(value: unknown): string {
  if (typeof value !== 'string' || value === '-') return '';
  return clip(CONTROL.test(value) ? value.replace(CONTROLS, '') : value);
}

/** nginx's $msec (seconds with a fraction, as a number or text) or an ISO 8601 time with its zone. */
function parseTime(value: unknown): number {
  if (typeof value === 'number') return value * 1000;
  if (typeof value !== 'string') return Number.NaN;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  return /(Z|[+-]\d\d:?\d\d)$/.test(value) ? Date.parse(value) : Number.NaN;
}

function parseCount(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : Number.NaN;
}

/** Seconds as nginx writes them ("0.012"); "-" or empty is absent; "0.010, 0.003" (retries) sums the tries. */
function parseSeconds(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : null;
  if (typeof value !== 'string' || value === '' || value === '-') return null;
  if (!value.includes(',') && !value.includes(':')) {
    const n = Number(value);
    return Number.isFinite(n) && n >= 0 ? n : null;
  }
  let total = 0;
  for (const part of value.split(/[,:]/)) {
    const n = Number(part.trim());
    if (!Number.isFinite(n) || n < 0) return null;
    total += n;
  }
  return total;
}

function normalizeHost(value: string): string {
  const host = value.trim().toLowerCase();
  const withoutPort = host.startsWith('[') ? host : host.replace(/:\d+$/, '');
  return withoutPort.replace(/\.$/, '');
}

function withoutQuery(value: string): string {
  const q = value.indexOf('?');
  return q === -1 ? value : value.slice(0, q);
}

/**
 * What a batch's lines repeat, read once per batch: the same hosts and client addresses come back thousands of
 * times, and normalizing or validating each again was a good part of reading a line.
 */
export interface LineMemo {
  hosts: Map<string, string>;
  addressOk: Map<string, boolean>;
}

export function newLineMemo(): LineMemo {
  return { hosts: new Map(), addressOk: new Map() };
}

function memoized<K, V>(map: Map<K, V>, key: K, compute: (key: K) => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = compute(key);
    map.set(key, value);
  }
  return value;
}

const isAddress = (value: string) => isIP(value) !== 0;

/** Reads one line; a line that is not a record answers what is wrong with it, in a few words. */
export function parseLogLine(text: string, memo: LineMemo = newLineMemo()): ParsedLine {
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'not JSON' };
  }
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    return { ok: false, problem: 'not a JSON object' };
  }
  const r = record as Record<string, unknown>;
  const time = parseTime(r.time);
  if (!Number.isFinite(time) || time <= 0) return { ok: false, problem: 'time missing or unreadable' };
  const named = typeof r.domain === 'string' && r.domain !== '' && r.domain !== '-' ? r.domain : r.host;
  const host = typeof named === 'string' ? memoized(memo.hosts, named, normalizeHost) : '';
  if (host === '' || host.length > 253) return { ok: false, problem: 'host missing' };
  const status = parseCount(r.status);
  if (!(status >= 100 && status <= 599)) return { ok: false, problem: 'status missing or not 100-599' };
  const bytesSent = parseCount(r.bytes_sent);
  if (Number.isNaN(bytesSent)) return { ok: false, problem: 'bytes_sent missing or not a count' };
  const clientIp = optionalText(r.client_ip);
  if (clientIp !== '' && !memoized(memo.addressOk, clientIp, isAddress))
    return { ok: false, problem: 'client_ip is not an IP address' };
  return {
    ok: true,
    line: {
      time: Math.floor(time),
      host,
      status,
      bytesSent,
      requestTime: parseSeconds(r.request_time) ?? 0,
      upstreamTime: parseSeconds(r.upstream_time),
      cacheStatus: optionalText(r.cache_status).toUpperCase(),
      clientIp,
      method: optionalText(r.method).toUpperCase(),
      path: clip(withoutQuery(optionalText(r.url))),
      referer: withoutQuery(optionalText(r.referer)),
      userAgent: optionalText(r.user_agent),
    },
  };
}
