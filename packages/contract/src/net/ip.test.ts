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
