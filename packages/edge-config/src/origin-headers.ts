import { quote } from './quoting';
import type { EdgeDomainConfig } from './snapshot';

/*
 * The request headers the edge sends to a domain's origin. nginx inherits proxy_set_header from the http level only
 * into a server that sets none, so the usual set is written once in the main file and a domain's server repeats the
 * whole set only when its own differs (origin host, WebSocket, range origin, request-header rules). With ten thousand
 * domains that saves a header table per server.
 */

type Header = [name: string, value: string];

/** Without WebSocket, an empty Upgrade and Connection keep the origin connection alive. */
const USUAL_HEADERS: Header[] = [
  // The domain's name also for a request through its CNAME host name ($ew_site, main.ts).
  ['Host', '$ew_site'],
  ['X-Real-IP', '$remote_addr'],
  ['X-Forwarded-For', '$proxy_add_x_forwarded_for'],
  ['X-Forwarded-Proto', '$scheme'],
  // The origin answers uncompressed: one cached object per key (purge removes exact keys), compressed by the edge.
  ['Accept-Encoding', '""'],
  ['Upgrade', '""'],
  ['Connection', '""'],
];

function lines(headers: Header[]): string[] {
  return headers.map(([name, value]) => `proxy_set_header ${name} ${value};`);
}

/** For the main file's http{}. */
export function usualOriginHeaderLines(): string[] {
  return lines(USUAL_HEADERS);
}

/** The domain's own set; a customer's request-header rule of the same name replaces the edge's. */
function originHeaders(config: EdgeDomainConfig): Header[] {
  const headers = new Map<string, Header>();
  const put = (name: string, value: string) => headers.set(name.toLowerCase(), [name, value]);
  for (const [name, value] of USUAL_HEADERS) put(name, value);
  const hostName = config.sources[0]?.hostName ?? '';
  if (hostName) put('Host', quote(hostName));
  if (config.websocket === 'on') {
    put('Upgrade', '$http_upgrade');
    put('Connection', '$ew_connection');
  }
  if (config.rangeStatus === 'on') put('Range', '$slice_range');
  for (const header of config.originRequestHeader.headers) {
    put(header.name, header.action === 'set' && header.value !== '' ? quote(header.value) : '""');
  }
  return [...headers.values()];
}

/** For the domain's server: nothing when the usual set applies, which it then inherits. */
export function domainOriginHeaderLines(config: EdgeDomainConfig): string[] {
  const own = lines(originHeaders(config));
  const usual = usualOriginHeaderLines();
  return own.length === usual.length && own.every((line, i) => line === usual[i]) ? [] : own;
}
