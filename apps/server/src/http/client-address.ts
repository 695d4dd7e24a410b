import { isIP } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (zone dropped, embedded IPv4 folded in), or undefined if malformed. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.split('%')[0] ?? '';
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = v4[1].split('.').map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail, extra] = text.split('::');
  if (extra !== undefined) return undefined;
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  const missing = 8 - front.length - back.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return undefined;
  const groups = [...front, ...Array<number>(tail === undefined ? 0 : missing).fill(0), ...back];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

/**
 * An IPv4-mapped IPv6 address (::ffff:192.0.2.1, what a dual-stack socket reports for an IPv4 client) as the IPv4
 * address it is; any other address unchanged.
 */
export function plainAddress(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const g = ipv6Groups(ip);
  if (!g || g.slice(0, 5).some((x) => x !== 0) || g[5] !== 0xffff) return ip;
  return [g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255].join('.');
}

/**
 * The key a per-address budget counts a client under: an IPv4 address itself, an IPv6 address by its /64 (one
 * host is given a whole /64 and can call from any address in it, so counting single addresses would let it rotate
 * past every budget). Anything else (no address at all) is its own key.
 */
export function addressKey(ip: string): string {
  const plain = plainAddress(ip);
  if (isIP(plain) !== 6) return plain;
  const g = ipv6Groups(plain);
  if (!g) return plain;
  return `${g
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(':')}::/64`;
}
