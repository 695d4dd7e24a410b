import { describe, expect, it } from 'vitest';
import { CacheTaskCreateSchema, cacheTaskLineIssue, cacheTaskUrl } from './preheat';

describe('preheat and refresh lines', () => {
  it('adds http:// to a line that starts with the domain and lower-cases the host', () => {
    expect(cacheTaskUrl('WWW.Example.com/a.png?v=1')).toMatchObject({
      href: 'http://www.example.com/a.png?v=1',
      host: 'www.example.com',
      path: '/a.png',
    });
    expect(cacheTaskUrl('https://www.example.com')?.href).toBe('https://www.example.com/');
  });

  it('refuses what is no URL of a domain', () => {
    for (const line of ['ftp://www.example.com/a', 'http://user@www.example.com/', 'http://1.2.3.4/a', 'a b.com/']) {
      expect(cacheTaskLineIssue('preheat', line)).toBe('preheat.url.format');
    }
  });

  it("wants directories to end with '/'", () => {
    expect(cacheTaskLineIssue('refreshDir', 'http://www.example.com/img')).toBe('preheat.url.directoryEnd');
    expect(cacheTaskLineIssue('refreshDir', 'http://www.example.com/img/?x=1')).toBe('preheat.url.directoryEnd');
    expect(cacheTaskLineIssue('refreshDir', 'http://www.example.com/img/')).toBeNull();
  });

  it('marks duplicates and too many lines', () => {
    const dup = CacheTaskCreateSchema.safeParse({ type: 'refreshUrl', urls: ['www.a.com/x', 'http://www.a.com/x'] });
    expect(dup.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['urls.1', 'preheat.url.duplicate']]);
    const many = CacheTaskCreateSchema.safeParse({
      type: 'refreshDir',
      urls: Array.from({ length: 101 }, (_, i) => `www.a.com/${i}/`),
    });
    expect(many.error?.issues[0]?.message).toBe('preheat.urls.tooMany');
  });
});
