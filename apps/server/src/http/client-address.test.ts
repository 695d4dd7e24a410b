import { describe, expect, it } from 'vitest';
import { addressKey, plainAddress } from './client-address';

describe('plainAddress', () => {
  it('turns an IPv4-mapped IPv6 address into the IPv4 address, in both spellings', () => {
    expect(plainAddress('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(plainAddress('::FFFF:c000:0201')).toBe('192.0.2.1');
    expect(plainAddress('0:0:0:0:0:ffff:192.0.2.1')).toBe('192.0.2.1');
  });

  it('leaves other addresses as they are', () => {
    expect(plainAddress('192.0.2.1')).toBe('192.0.2.1');
    expect(plainAddress('2001:db8::1')).toBe('2001:db8::1');
    // IPv4-compatible (deprecated) and NAT64 addresses are other hosts, not IPv4 clients of this socket.
    expect(plainAddress('::192.0.2.1')).toBe('::192.0.2.1');
    expect(plainAddress('64:ff9b::192.0.2.1')).toBe('64:ff9b::192.0.2.1');
    expect(plainAddress('')).toBe('');
  });
});

describe('addressKey', () => {
  it('keys an IPv4 client by its address, mapped or not', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
  });

  it('keys every address of one IPv6 /64 alike, however it is written', () => {
    const key = '2001:db8:1:2::/64';
    expect(addressKey('2001:db8:1:2::1')).toBe(key);
    expect(addressKey('2001:0DB8:0001:0002:ffff:ffff:ffff:fffe')).toBe(key);
    expect(addressKey('2001:db8:1:2:a:b:c:d%eth0')).toBe(key);
    expect(addressKey('2001:db8:1:2::192.0.2.1')).toBe(key);
  });

  it('keys neighbouring /64s apart', () => {
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('keys a missing address as itself', () => {
    expect(addressKey('')).toBe('');
  });
});
