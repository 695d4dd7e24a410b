import { describe, expect, it } from 'vitest';
import { apexDomain } from './apex-domain';

describe('apexDomain', () => {
  it.each([
    ['example.com', 'example.com'],
    ['www.example.com', 'example.com'],
    ['a.b.example.com.cn', 'example.com.cn'],
    ['cdn.example.co.uk', 'example.co.uk'],
    ['example.co.za', 'example.co.za'],
    ['www.example.co.za', 'example.co.za'],
    ['cdn.example.sh.cn', 'example.sh.cn'],
    ['static.shop.example.gov.za', 'example.gov.za'],
    ['Example.COM.', 'example.com'],
  ])('%s -> %s by the public suffix list', (name, apex) => {
    expect(apexDomain(name)).toBe(apex);
  });

  it('treats private suffixes as suffixes: a hosted site is its own apex', () => {
    expect(apexDomain('user.github.io')).toBe('user.github.io');
    expect(apexDomain('docs.user.github.io')).toBe('user.github.io');
    expect(apexDomain('app.example.herokuapp.com')).toBe('example.herokuapp.com');
  });

  it('answers internationalized names in punycode, typed either way', () => {
    expect(apexDomain('www.例子.中国')).toBe('xn--fsqu00a.xn--fiqs8s');
    expect(apexDomain('www.xn--fsqu00a.xn--fiqs8s')).toBe('xn--fsqu00a.xn--fiqs8s');
    expect(apexDomain('a.店铺.公司.cn')).toBe('xn--hxtq42j.xn--55qx5d.cn');
    expect(apexDomain('a.xn--hxtq42j.xn--55qx5d.cn')).toBe('xn--hxtq42j.xn--55qx5d.cn');
    expect(apexDomain('www.bücher.de')).toBe('xn--bcher-kva.de');
  });

  it.each([
    'co.za',
    'sh.cn',
    'com',
    'github.io',
    '公司.cn',
    'xn--55qx5d.cn',
    '',
    'localhost',
    '192.0.2.1',
    '*.example.com',
    'a..example.com',
    'exa mple.com',
    'https://example.com/',
  ])('has no apex for %j', (name) => {
    expect(apexDomain(name)).toBeNull();
  });
});
