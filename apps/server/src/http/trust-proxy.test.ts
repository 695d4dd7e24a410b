import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { parseTrustProxy } from './trust-proxy';

describe('parseTrustProxy', () => {
  it('is off by default and for false', () => {
    for (const value of [undefined, '', 'false']) expect(parseTrustProxy(value)).toBe(false);
  });

  it('takes proxy addresses, CIDR ranges and named ranges', () => {
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses anything else at start: every hop (true), hop counts, names', () => {
    for (const bad of [
      'true',
      '1',
      'yes',
      '10.0.0.1/33',
      '10.0.0.0/8/1',
      'proxy.example.com',
      '::1/129',
      '1.2.3.4/x',
    ]) {
      expect(() => parseTrustProxy(bad), bad).toThrow(/^TRUST_PROXY: '.+' is not an IP address/);
    }
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow('TRUST_PROXY');
  });
});
