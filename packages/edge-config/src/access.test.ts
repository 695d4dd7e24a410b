import { describe, expect, it } from 'vitest';
import { clientFilteringRule, refererEntryRegex, uaClassRegexes, userAgentRule } from './access';

describe('referer entries', () => {
  const matches = (entry: string, referer: string) => new RegExp(refererEntryRegex(entry), 'i').test(referer);

  it('match the host on any port, with any scheme or none', () => {
    expect(matches('example.org', 'https://example.org/a')).toBe(true);
    expect(matches('example.org', 'http://EXAMPLE.org:8080?q')).toBe(true);
    expect(matches('example.org', 'example.org')).toBe(true);
    expect(matches('example.org', 'https://www.example.org/')).toBe(false);
    expect(matches('example.org', 'https://example.org.evil.com/')).toBe(false);
  });

  it("'*.' matches subdomains only; a port matches that port only", () => {
    expect(matches('*.example.org', 'https://a.b.example.org/')).toBe(true);
    expect(matches('*.example.org', 'https://example.org/')).toBe(false);
    expect(matches('shop.example.org:8443', 'https://shop.example.org:8443/x')).toBe(true);
    expect(matches('shop.example.org:8443', 'https://shop.example.org/x')).toBe(false);
  });
});

describe('user-agent maps', () => {
  it("write a rule of '*' as the exact empty key too (nginx never runs a map's regexes on an empty value)", () => {
    const rule = userAgentRule('ew_d1_', { type: 'whitelist', rules: ['*', 'Mozilla*'] });
    expect(rule?.http).toContain('    "" 0;');
  });

  it('block an absent UA unless an allow rule lets it through', () => {
    const filtering = { status: 'on' as const, uaClasses: [], blockEmptyUa: true, knownTools: ['curl' as const] };
    expect(clientFilteringRule('ew_d1_', { ...filtering, allowRules: ['Good*'] })?.http).toContain('    "" 1;');
    expect(clientFilteringRule('ew_d1_', { ...filtering, allowRules: ['*'] })?.http).toContain('    "" 0;');
  });
});

describe("client filtering's crawler class", () => {
  const crawler = (ua: string) => new RegExp(uaClassRegexes.crawler, 'i').test(ua);

  it('matches crawler names as tokens, not letters inside a phone model or an app name', () => {
    expect(
      crawler('Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36'),
    ).toBe(false);
    expect(crawler('Mozilla/5.0 (iPhone) Mobile/15E148 baiduboxapp/13.36.0.10 (Baidu; P2 16.6) NABar/1.0')).toBe(false);
    expect(crawler('Mozilla/5.0 (Linux; Android 10) Mobile Safari/537.36 SogouMSE,SogouMobileBrowser/5.22.8')).toBe(
      false,
    );
    expect(crawler('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe(true);
    expect(crawler('Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)')).toBe(true);
    expect(crawler('Mozilla/5.0 (compatible; PetalBot;+https://webmaster.petalsearch.com/site/petalbot)')).toBe(true);
    expect(crawler('Mozilla/5.0 (compatible; YandexImages/3.0; +http://yandex.com/bots)')).toBe(true);
  });
});

describe('empty user agents', () => {
  const entries = (rule: { http: string[] } | null) => rule!.http.slice(1, -1).map((line) => line.trim());
  const filtering = (change: Partial<Parameters<typeof clientFilteringRule>[1]>) =>
    entries(
      clientFilteringRule('p_', {
        status: 'on',
        uaClasses: [],
        knownTools: [],
        blockEmptyUa: true,
        allowRules: [],
        ...change,
      }),
    );

  it('are matched by a rule of stars only (nginx tries no regex on an empty value)', () => {
    expect(entries(userAgentRule('p_', { type: 'blacklist', rules: ['**'] }))).toContain('"" 1;');
    expect(entries(userAgentRule('p_', { type: 'blacklist', rules: ['*a*'] }))).not.toContain('"" 1;');
  });

  it('are refused by client filtering when told to, unless an allow rule lets them through', () => {
    expect(filtering({})).toEqual(['default 0;', '"" 1;']);
    expect(filtering({ blockEmptyUa: false })).toEqual(['default 0;']);
    expect(filtering({ allowRules: ['*'] })).toEqual(['default 0;', '"" 0;', '"~*^.*$" 0;']);
    expect(filtering({ allowRules: ['a*'], knownTools: ['curl'] })).toEqual([
      'default 0;',
      '"" 1;',
      '"~*^a.*$" 0;',
      '"~*^curl/" 1;',
    ]);
  });
});
