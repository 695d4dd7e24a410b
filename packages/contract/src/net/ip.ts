/**
 * Pure IP address helpers shared by the forms, the server and the edge-config generator. Only the textual forms a
 * customer types are accepted: dotted-quad IPv4 without leading zeros and RFC 4291 IPv6 without zone ids, so that
 * what is validated is exactly what nginx and the origin resolver will read.
 */

const IPV4_PART = /^(0|[1-9]\d{0,2})$/;

/** The four octets of a dotted-quad IPv4 address, or null. */
export function parseIpv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const octets: number[] = [];
  for (const part of parts) {
    if (!IPV4_PART.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    octets.push(n);
  }
  return octets;
}

/** The eight 16-bit groups of an IPv6 address (with '::' and an optional embedded IPv4 tail), or null. */
export function parseIpv6(text: string): number[] | null {
  if (!/^[0-9a-fA-F:.]+$/.test(text) || text.length > 45) return null;
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parseSide = (side: string, allowV4Tail: boolean): number[] | null => {
    if (side === '') return [];
    const groups = side.split(':');
    const out: number[] = [];
    for (let i = 0; i < groups.length; i++) {
      const g = groups[i]!;
      if (allowV4Tail && i === groups.length - 1 && g.includes('.')) {
        const v4 = parseIpv4(g);
        if (!v4) return null;
        out.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else {
        if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
        out.push(Number.parseInt(g, 16));
      }
    }
    return out;
  };
  if (halves.length === 1) {
    const groups = parseSide(halves[0]!, true);
    return groups && groups.length === 8 ? groups : null;
  }
  const head = parseSide(halves[0]!, false);
  const tail = parseSide(halves[1]!, true);
  if (!head || !tail || head.length + tail.length > 7) return null;
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

export function isIpv4(text: string): boolean {
  return parseIpv4(text) !== null;
}

export function isIpv6(text: string): boolean {
  return parseIpv6(text) !== null;
}

export function isIp(text: string): boolean {
  return isIpv4(text) || isIpv6(text);
}

/** RFC 5952 text of an IPv6 address: lower case, no leading zeros, the longest run of 2+ zero groups as '::'. */
export function formatIpv6(groups: readonly number[]): string {
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

/** The canonical text of an address (so '2001:DB8:0::1' and '2001:db8::1' compare equal), or null if not an IP. */
export function canonicalIp(text: string): string | null {
  if (isIpv4(text)) return text;
  const v6 = parseIpv6(text);
  return v6 ? formatIpv6(v6) : null;
}

type V4Range = readonly [a: number, b: number, c: number, d: number, prefix: number];

/**
 * Addresses an origin must not point at: they reach the platform's own networks or nothing routable. The
 * documentation ranges (192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24, 2001:db8::/32) are deliberately not in the
 * list: they never route anywhere, and tests and examples use them as stand-ins for public addresses.
 */
const INTERNAL_V4: readonly V4Range[] = [
  [0, 0, 0, 0, 8], // "this network", includes the unspecified 0.0.0.0
  [10, 0, 0, 0, 8], // private
  [100, 64, 0, 0, 10], // carrier-grade NAT
  [127, 0, 0, 0, 8], // loopback
  [169, 254, 0, 0, 16], // link-local
  [172, 16, 0, 0, 12], // private
  [192, 0, 0, 0, 24], // IETF protocol assignments
  [192, 168, 0, 0, 16], // private
  [198, 18, 0, 0, 15], // benchmarking
  [224, 0, 0, 0, 4], // multicast
  [240, 0, 0, 0, 4], // reserved, includes the broadcast 255.255.255.255
];

function v4ToNumber(o: readonly number[]): number {
  return ((o[0]! << 24) | (o[1]! << 16) | (o[2]! << 8) | o[3]!) >>> 0;
}

function v4InRange(octets: readonly number[], range: V4Range): boolean {
  const prefix = range[4];
  const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
  return (v4ToNumber(octets) & mask) >>> 0 === (v4ToNumber(range) & mask) >>> 0;
}

function isInternalV4(octets: readonly number[]): boolean {
  return INTERNAL_V4.some((range) => v4InRange(octets, range));
}

function embeddedV4(groups: readonly number[]): number[] {
  return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff];
}

function isInternalV6(g: readonly number[]): boolean {
  const allZeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) carry an IPv4 address.
  // The unspecified :: and the loopback ::1 read as IPv4-compatible 0.0.0.0 and 0.0.0.1, in "this network" (0/8).
  if (allZeroUpTo(5) && g[5] === 0xffff) return isInternalV4(embeddedV4(g));
  if (allZeroUpTo(6)) return isInternalV4(embeddedV4(g));
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return isInternalV4(embeddedV4(g));
  if (g[0] === 0x2002) return isInternalV4([g[1]! >> 8, g[1]! & 0xff, g[2]! >> 8, g[2]! & 0xff]); // 6to4
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((first & 0xffc0) === 0xfe80) return true; // link-local fe80::/10
  if ((first & 0xffc0) === 0xfec0) return true; // site-local fec0::/10 (deprecated, still private)
  if ((first & 0xff00) === 0xff00) return true; // multicast ff00::/8
  if (first === 0x0100 && g.slice(1, 4).every((x) => x === 0)) return true; // discard-only 100::/64
  return false;
}

/**
 * True for private, loopback, link-local, carrier-grade NAT, unique-local, unspecified, multicast and reserved
 * addresses, IPv4 or IPv6 (including IPv4 addresses wrapped in IPv6). False for public addresses and for text that
 * is not an IP address at all.
 */
export function isInternalIp(text: string): boolean {
  const v4 = parseIpv4(text);
  if (v4) return isInternalV4(v4);
  const v6 = parseIpv6(text);
  return v6 ? isInternalV6(v6) : false;
}

/** The IPv4 segment masks the IP access list accepts. */
export const ipAclV4Masks = [8, 16, 24, 32] as const;

export type IpAclEntryProblem = 'format' | 'wildcard' | 'mask' | 'notFirstAddress' | 'ipv6Segment';

/**
 * Checks one entry of an IP access list: an IPv4 address with an optional /8, /16, /24 or /32 mask whose address is
 * the first of its segment, or a plain IPv6 address. Returns null when the entry is fine.
 */
export function ipAclEntryProblem(entry: string): IpAclEntryProblem | null {
  if (entry.includes('*')) return 'wildcard';
  const [address = '', mask, ...rest] = entry.split('/');
  if (rest.length > 0) return 'format';
  if (address.includes(':')) {
    if (!isIpv6(address)) return 'format';
    return mask === undefined ? null : 'ipv6Segment';
  }
  const octets = parseIpv4(address);
  if (!octets) return 'format';
  if (mask === undefined) return null;
  const bits = /^\d{1,2}$/.test(mask) ? Number(mask) : Number.NaN;
  if (!(ipAclV4Masks as readonly number[]).includes(bits)) return 'mask';
  const hostBits = bits === 32 ? 0 : 0xffffffff >>> bits;
  return (v4ToNumber(octets) & hostBits) === 0 ? null : 'notFirstAddress';
}
