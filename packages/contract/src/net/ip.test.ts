import { describe, expect, it } from 'vitest';
import { canonicalIp, ipAclEntryProblem, isInternalIp, isIp, isIpv4, isIpv6, parseIpv6 } from './ip';

describe('IP parsing', () => {
  it('accepts dotted-quad IPv4 only', () => {
    expect(isIpv4('8.8.8.8')).toBe(true);
    expect(isIpv4('255.255.255.255')).toBe(true);
    for (const bad of ['256.1.1.1', '1.2.3', '01.2.3.4', '1.2.3.4.5', '1.2.3.a', '', ' 1.2.3.4']) {
      expect(isIpv4(bad), bad).toBe(false);
    }
  });

  it('accepts IPv6 with compression and an IPv4 tail, not zones or junk', () => {
    for (const ok of ['::', '::1', '2001:db8::1', 'fe80::1:2:3:4', '::ffff:1.2.3.4', '1:2:3:4:5:6:7:8']) {
      expect(isIpv6(ok), ok).toBe(true);
    }
    for (const bad of ['1:2:3:4:5:6:7:8:9', '1::2::3', 'fe80::1%eth0', '12345::', '1.2.3.4', 'g::1', ':1']) {
      expect(isIpv6(bad), bad).toBe(false);
    }
    expect(parseIpv6('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
    expect(isIp('example.com')).toBe(false);
  });

  it('writes the canonical form (RFC 5952)', () => {
    expect(canonicalIp('2001:DB8:0:0:0:0:0:1')).toBe('2001:db8::1');
    expect(canonicalIp('2001:db8:0:1:0:0:0:1')).toBe('2001:db8:0:1::1');
    expect(canonicalIp('1:0:2:3:4:5:6:7')).toBe('1:0:2:3:4:5:6:7');
    expect(canonicalIp('1.2.3.4')).toBe('1.2.3.4');
    expect(canonicalIp('nope')).toBeNull();
  });
});

describe('isInternalIp', () => {
  it.each([
    '0.0.0.0',
    '10.1.2.3',
    '100.64.0.1',
    '100.127.255.255',
    '127.0.0.1',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '192.0.0.8',
    '198.18.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '::ffff:10.0.0.1',
    '::ffff:127.0.0.1',
    '64:ff9b::a00:1',
    '2002:c0a8:101::1',
  ])('%s is internal', (ip) => {
    expect(isInternalIp(ip)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '203.0.113.10',
    '2606:4700::1111',
    '2001:db8::1',
    '::ffff:8.8.8.8',
    'not-an-ip',
  ])('%s is not internal', (ip) => {
    expect(isInternalIp(ip)).toBe(false);
  });
});

describe('ipAclEntryProblem', () => {
  it('accepts addresses, first addresses of /8 /16 /24 /32 segments and plain IPv6', () => {
    for (const ok of ['1.2.3.4', '10.0.0.0/8', '10.1.0.0/16', '10.1.2.0/24', '10.1.2.3/32', '2001:db8::1']) {
      expect(ipAclEntryProblem(ok), ok).toBeNull();
    }
  });

  it('names the problem', () => {
    expect(ipAclEntryProblem('10.1.2.0/16')).toBe('notFirstAddress');
    expect(ipAclEntryProblem('10.0.0.1/8')).toBe('notFirstAddress');
    expect(ipAclEntryProblem('10.0.0.0/12')).toBe('mask');
    expect(ipAclEntryProblem('10.0.0.0/')).toBe('mask');
    expect(ipAclEntryProblem('10.0.0.*')).toBe('wildcard');
    expect(ipAclEntryProblem('2001:db8::/32')).toBe('ipv6Segment');
    expect(ipAclEntryProblem('10.0.0')).toBe('format');
    expect(ipAclEntryProblem('1.2.3.4/8/8')).toBe('format');
  });
});

describe('the internal ranges, at both ends', () => {
  // Each IPv4 range with the address before its first, its first, its last and the address after its last; null
  // where the neighbour is itself internal (the next range starts there) or does not exist.
  const v4Ranges: [range: string, before: string | null, first: string, last: string, after: string | null][] = [
    ['0.0.0.0/8', null, '0.0.0.0', '0.255.255.255', '1.0.0.0'],
    ['10.0.0.0/8', '9.255.255.255', '10.0.0.0', '10.255.255.255', '11.0.0.0'],
    ['100.64.0.0/10', '100.63.255.255', '100.64.0.0', '100.127.255.255', '100.128.0.0'],
    ['127.0.0.0/8', '126.255.255.255', '127.0.0.0', '127.255.255.255', '128.0.0.0'],
    ['169.254.0.0/16', '169.253.255.255', '169.254.0.0', '169.254.255.255', '169.255.0.0'],
    ['172.16.0.0/12', '172.15.255.255', '172.16.0.0', '172.31.255.255', '172.32.0.0'],
    ['192.0.0.0/24', '191.255.255.255', '192.0.0.0', '192.0.0.255', '192.0.1.0'],
    ['192.168.0.0/16', '192.167.255.255', '192.168.0.0', '192.168.255.255', '192.169.0.0'],
    ['198.18.0.0/15', '198.17.255.255', '198.18.0.0', '198.19.255.255', '198.20.0.0'],
    ['224.0.0.0/4', '223.255.255.255', '224.0.0.0', '239.255.255.255', null],
    ['240.0.0.0/4', null, '240.0.0.0', '255.255.255.255', null],
  ];

  it.each(v4Ranges)(
    '%s: its first and last addresses are internal, its neighbours are not',
    (_, before, first, last, after) => {
      expect(isInternalIp(first), first).toBe(true);
      expect(isInternalIp(last), last).toBe(true);
      for (const outside of [before, after].filter((ip) => ip !== null))
        expect(isInternalIp(outside), outside).toBe(false);
    },
  );

  const v6Ranges: [range: string, inside: string[], outside: string[]][] = [
    [
      'fc00::/7 unique local',
      ['fc00::', 'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
      ['fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'fe00::'],
    ],
    [
      'fe80::/10 link-local',
      ['fe80::', 'febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
      ['fe7f:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
    ],
    ['fec0::/10 site-local', ['fec0::', 'feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'], []],
    ['ff00::/8 multicast', ['ff00::', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'], []],
    [
      '100::/64 discard-only',
      ['100::', '100::ffff:ffff:ffff:ffff'],
      ['100:0:0:1::', '101::', 'ff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
    ],
    // The unspecified and loopback addresses are IPv4-compatible 0.0.0.0 and 0.0.0.1.
    ['::/128 and ::1/128', ['::', '::1', '::2'], ['::8.8.8.8']],
    [
      '::ffff:0:0/96 IPv4-mapped',
      ['::ffff:10.0.0.1', '::ffff:0.0.0.1'],
      ['::ffff:8.8.8.8', '2606:4700::ffff:a00:1', '::1:a00:1'],
    ],
    ['::/96 IPv4-compatible', ['::10.0.0.1', '::127.0.0.1'], ['::8.8.8.8']],
    [
      '64:ff9b::/96 NAT64',
      ['64:ff9b::10.0.0.1'],
      ['64:ff9b::8.8.8.8', '64:ff9b:1::a00:1', '64:1::a00:1', '65:ff9b::a00:1'],
    ],
    ['2002::/16 6to4', ['2002:a00:1::1', '2002:c0a8:101::1'], ['2002:808:808::1', '2003:a00:1::1']],
  ];

  it.each(v6Ranges)('%s', (_, inside, outside) => {
    for (const ip of inside) expect(isInternalIp(ip), ip).toBe(true);
    for (const ip of outside) expect(isInternalIp(ip), ip).toBe(false);
  });
});

describe('IPv6 parsing at its edges', () => {
  it('takes an IPv4 tail only as the last part, after or without a ::', () => {
    expect(parseIpv6('1:2:3:4:5:6:1.2.3.4')).toEqual([1, 2, 3, 4, 5, 6, 0x0102, 0x0304]);
    for (const bad of ['1.2.3.4::', '1.2.3.4::1', '::1.2.3.4:5', '1:2:3:4:5:1.2.3.4:6', '::1.2.3.256']) {
      expect(parseIpv6(bad), bad).toBeNull();
    }
  });

  it('fills exactly the groups a :: stands for, and at least one', () => {
    expect(parseIpv6('1::2')).toEqual([1, 0, 0, 0, 0, 0, 0, 2]);
    expect(parseIpv6('1:2::3:4')).toEqual([1, 2, 0, 0, 0, 0, 3, 4]);
    expect(parseIpv6('1:2:3:4:5:6::7')).toEqual([1, 2, 3, 4, 5, 6, 0, 7]);
    expect(parseIpv6('1:2:3:4:5:6:7::8')).toBeNull();
    expect(parseIpv6('1:2:3:4:5:6:7:8::')).toBeNull();
  });

  it('takes the longest address there is (45 characters)', () => {
    const longest = 'ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255';
    expect(longest).toHaveLength(45);
    expect(isIpv6(longest)).toBe(true);
  });

  it('isIp takes either family', () => {
    expect(isIp('1.2.3.4')).toBe(true);
    expect(isIp('::1')).toBe(true);
    expect(isIp('1.2.3')).toBe(false);
  });

  it('compresses the longest zero run, also at the start, and keeps the groups after it', () => {
    expect(canonicalIp('0:0:1:2:3:4:5:6')).toBe('::1:2:3:4:5:6');
    expect(canonicalIp('1:0:0:0:0:0:2:3')).toBe('1::2:3');
    expect(canonicalIp('1:0:0:2:0:0:0:3')).toBe('1:0:0:2::3');
    // Of two runs as long, the first is compressed.
    expect(canonicalIp('1:0:0:2:0:0:3:4')).toBe('1::2:0:0:3:4');
    expect(canonicalIp('1:2:3:4:5:6:7:0')).toBe('1:2:3:4:5:6:7:0');
    expect(canonicalIp('::')).toBe('::');
  });
});

describe('ipAclEntryProblem, every mask', () => {
  it.each([
    [8, '10.0.0.0', '10.0.0.1'],
    [16, '10.1.0.0', '10.1.0.1'],
    [24, '10.1.2.0', '10.1.2.1'],
  ] as const)('/%i takes the first address of the segment only', (mask, first, next) => {
    expect(ipAclEntryProblem(`${first}/${mask}`)).toBeNull();
    expect(ipAclEntryProblem(`${next}/${mask}`)).toBe('notFirstAddress');
  });

  it('takes any address with /32, and no other mask', () => {
    expect(ipAclEntryProblem('10.1.2.3/32')).toBeNull();
    expect(ipAclEntryProblem('255.255.255.255/32')).toBeNull();
    for (const mask of ['0', '7', '9', '31', '33', ' 8', '8 ', '+8', '8.0']) {
      expect(ipAclEntryProblem(`10.0.0.0/${mask}`), mask).toBe('mask');
    }
  });

  it('refuses text with a colon that is no IPv6 address', () => {
    expect(ipAclEntryProblem('gggg::1')).toBe('format');
    expect(ipAclEntryProblem('1:2')).toBe('format');
  });
});
