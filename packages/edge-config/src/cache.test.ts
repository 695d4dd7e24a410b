import { describe, expect, it } from 'vitest';
import { type CacheRule, cacheKey, cacheKeyMatcher, cacheLocations, pathRuleRegex, suffixRuleRegex } from './cache';

const rule = (priority: number, type: CacheRule['type'], content: string[] = []): CacheRule => ({
  priority,
  type,
  content,
  ttl: 60,
  unit: 'seconds',
  ignoreUrlParameter: 'off',
});

describe('cache locations', () => {
  it('writes regex rules by descending priority, then the all-files rule, and drops rules below it', () => {
    const locations = cacheLocations([
      rule(20, 'all'),
      rule(30, 'path', ['/a']),
      rule(90, 'suffix', ['.jpg']),
      rule(10, 'path', ['/never']),
      rule(50, 'path', ['/b/']),
    ]);
    expect(locations.map((l) => l.rule.priority)).toEqual([90, 50, 30, 20]);
    expect(locations.map((l) => l.match)).toEqual(['~* "\\\\.(?:jpg)$"', '~ "^(?:/b/)"', '~ "^(?:/a(?:/|$))"', '/']);
  });

  it('matches path entries on segment boundaries and directories by prefix', () => {
    const regex = new RegExp(pathRuleRegex(['/img', '/static/']));
    expect(['/img', '/img/', '/img/a.png', '/static/x.css'].every((uri) => regex.test(uri))).toBe(true);
    expect(['/images/a.png', '/static', '/x/img'].some((uri) => regex.test(uri))).toBe(false);
  });

  it('matches suffixes at the end, case-insensitively (the ~* location)', () => {
    const regex = new RegExp(suffixRuleRegex(['.jpg', '.tar.gz']), 'i');
    expect(['/a.JPG', '/b.tar.gz'].every((uri) => regex.test(uri))).toBe(true);
    expect(['/a.jpg.html', '/ajpg', '/b.targz'].some((uri) => regex.test(uri))).toBe(false);
  });
});

describe('cacheKeyMatcher', () => {
  it('refreshUrl: the URL with and without its query, any slice', () => {
    const matches = cacheKeyMatcher('refreshUrl', 'https://Cdn.Example.com/a%20b.jpg?x=1');
    expect(matches('cdn.example.com/a b.jpg?x=1|')).toBe(true);
    expect(matches('cdn.example.com/a b.jpg|')).toBe(true);
    expect(matches('cdn.example.com/a b.jpg|bytes=0-1048575')).toBe(true);
    expect(matches('cdn.example.com/a b.jpg?x=2|')).toBe(false);
    expect(matches('cdn.example.com/a b.jpgx|')).toBe(false);
    expect(matches('other.example.com/a b.jpg|')).toBe(false);
    expect(matches('cdn.example.com/a b.jpg|junk')).toBe(false);
  });

  it('refreshUrl without a query matches only the bare key', () => {
    const matches = cacheKeyMatcher('refreshUrl', 'http://cdn.example.com/a.jpg');
    expect(matches('cdn.example.com/a.jpg|')).toBe(true);
    expect(matches('cdn.example.com/a.jpg?x=1|')).toBe(false);
  });

  it('refreshDir: every key of the host under the directory', () => {
    const matches = cacheKeyMatcher('refreshDir', 'https://cdn.example.com/img/');
    expect(matches('cdn.example.com/img/a.png|')).toBe(true);
    expect(matches('cdn.example.com/img/sub/b.png?v=2|bytes=0-1')).toBe(true);
    expect(matches('cdn.example.com/images/a.png|')).toBe(false);
    expect(matches('www.example.com/img/a.png|')).toBe(false);
  });
});

describe('cache locations and keys at their edges', () => {
  it('leaves out rules without entries and rules below the all-files rule, wherever that rule is listed', () => {
    const locations = cacheLocations([
      rule(3, 'path', []),
      rule(1, 'suffix', ['.js']),
      rule(2, 'all'),
      rule(4, 'path', ['/a']),
    ]);
    expect(locations.map((location) => location.rule.priority)).toEqual([4, 2]);
  });

  it('still proxies everything, uncached, when the rules have no all-files rule', () => {
    const locations = cacheLocations([rule(1, 'path', ['/a'])]);
    expect(locations.map((location) => [location.match, location.rule.ttl])).toEqual([
      ['~ "^(?:/a(?:/|$))"', 60],
      ['/', 0],
    ]);
  });

  it("keys by the request's query by default", () => {
    expect(cacheKey({ ignoreQuery: false, range: false })).toBe('"$ew_site$uri$is_args$args|"');
  });

  it('refreshes a URL in every slice of a range origin, with slashes merged and a malformed escape kept', () => {
    const slices = cacheKeyMatcher('refreshUrl', 'http://a.test/v.mp4');
    expect(slices('a.test/v.mp4|bytes=1048576-2097151')).toBe(true);
    expect(slices('a.test/v.mp4|bytes=x')).toBe(false);
    expect(cacheKeyMatcher('refreshUrl', 'http://a.test//x//y')('a.test/x/y|')).toBe(true);
    expect(cacheKeyMatcher('refreshUrl', 'http://a.test/bad%zz')('a.test/bad%zz|')).toBe(true);
  });
});
