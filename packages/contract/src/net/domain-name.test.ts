import { describe, expect, it } from 'vitest';
import { limits } from '../limits';
import { domainNameProblem, isDomainName, toAsciiDomain } from './domain-name';

describe('toAsciiDomain', () => {
  it('lower-cases, trims and drops one trailing dot', () => {
    expect(toAsciiDomain('  WWW.Example.COM. ')).toBe('www.example.com');
  });

  it('converts internationalized names to punycode', () => {
    expect(toAsciiDomain('例子.com')).toBe('xn--fsqu00a.com');
    expect(toAsciiDomain('Bücher.example')).toBe('xn--bcher-kva.example');
    expect(toAsciiDomain('中文.中国')).toBe('xn--fiq228c.xn--fiqs8s');
    // full-width letters and the ideographic full stop map like browsers map them
    expect(toAsciiDomain('ＥＸＡＭＰＬＥ。com')).toBe('example.com');
  });

  it('leaves input that is not a host name for the format check', () => {
    expect(toAsciiDomain('例子.com/path')).toBe('例子.com/path');
    expect(domainNameProblem(toAsciiDomain('例子.com/path'))).toBe('format');
  });
});

describe('domainNameProblem', () => {
  it('accepts ordinary and punycode names', () => {
    for (const ok of ['example.com', 'a.b-c.example.co.uk', 'xn--fsqu00a.com', 'x.xn--fiqs8s', '1a.example.com']) {
      expect(domainNameProblem(ok), ok).toBeNull();
    }
  });

  it('names the problem', () => {
    expect(domainNameProblem('')).toBe('required');
    expect(domainNameProblem('*.example.com')).toBe('wildcard');
    expect(domainNameProblem(`${'a.'.repeat(126)}com`)).toBe('tooLong');
    expect(domainNameProblem(`${'a'.repeat(64)}.com`)).toBe('labelTooLong');
    expect(domainNameProblem(`${'a'.repeat(63)}.com`)).toBeNull();
    for (const bad of ['localhost', '-a.com', 'a-.com', 'a..com', 'a_b.com', '1.2.3.4', 'a.123', 'a.c', 'a b.com']) {
      expect(domainNameProblem(bad), bad).toBe('format');
    }
  });
});

describe('domain names at their edges', () => {
  it('converts a name written only in other scripts, and leaves one the URL parser refuses', () => {
    expect(toAsciiDomain('例子')).toBe('xn--fsqu00a');
    expect(toAsciiDomain('例<子.com')).toBe('例<子.com');
    expect(domainNameProblem(toAsciiDomain('例<子.com'))).toBe('format');
  });

  it('takes a name of exactly the longest length', () => {
    const longest = `${'a'.repeat(62)}.${'b'.repeat(62)}.${'c'.repeat(62)}.${'d'.repeat(60)}.com`;
    expect(longest).toHaveLength(limits.domain.nameMax);
    expect(domainNameProblem(longest)).toBeNull();
    expect(domainNameProblem(`a${longest}`)).toBe('tooLong');
  });

  it('needs a top-level label of letters (or punycode) from its first to its last character', () => {
    for (const bad of ['example.1ab', 'example.ab1', 'example.a-b', 'example.xn--']) {
      expect(domainNameProblem(bad), bad).toBe('format');
    }
    expect(domainNameProblem('example.xn--p1ai')).toBeNull();
  });

  it('isDomainName says whether the name has no problem', () => {
    expect(isDomainName('example.com')).toBe(true);
    expect(isDomainName('*.example.com')).toBe(false);
    expect(isDomainName('')).toBe(false);
  });
});
