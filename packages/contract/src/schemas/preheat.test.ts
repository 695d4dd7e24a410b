import { describe, expect, it } from 'vitest';
import { limits } from '../limits';
import {
  CacheTaskCreateSchema,
  cacheTaskFormatParams,
  cacheTaskLineIssue,
  cacheTaskLineMax,
  cacheTaskUrl,
} from './preheat';

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

  it('tells a refresh line that is no URL about refresh URLs, not preheat ones', () => {
    expect(cacheTaskLineIssue('refreshUrl', 'ftp://www.example.com/a')).toBe('preheat.url.refreshFormat');
    expect(cacheTaskLineIssue('refreshDir', 'ftp://www.example.com/a/')).toBe('preheat.url.refreshFormat');
    const result = CacheTaskCreateSchema.safeParse({ type: 'refreshUrl', urls: ['ftp://www.a.com/x'] });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['urls', 0],
      message: 'preheat.url.refreshFormat',
      params: cacheTaskFormatParams,
    });
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

describe('preheat and refresh lines, part by part', () => {
  it('reads scheme, host, path and query as the edge receives them', () => {
    expect(cacheTaskUrl('HTTPS://例子.com/a/b.js?v=2#top')).toEqual({
      href: 'https://xn--fsqu00a.com/a/b.js?v=2#top',
      scheme: 'https',
      host: 'xn--fsqu00a.com',
      path: '/a/b.js',
      pathWithQuery: '/a/b.js?v=2',
      hasQuery: true,
    });
    expect(cacheTaskUrl('www.example.com')).toEqual({
      href: 'http://www.example.com/',
      scheme: 'http',
      host: 'www.example.com',
      path: '/',
      pathWithQuery: '/',
      hasQuery: false,
    });
    expect(cacheTaskUrl('www.example.com?x=1')).toMatchObject({ href: 'http://www.example.com/?x=1', path: '/' });
  });

  it('refuses ports, credentials, spaces and text around the URL', () => {
    for (const line of [
      'http://www.example.com:8080/a',
      'http://u:p@www.example.com/a',
      'http://www.example.com/a b',
      ' http://www.example.com/a',
      'xhttp://www.example.com/a',
      'http:/www.example.com/a',
      'http://',
      '/a.png',
    ]) {
      expect(cacheTaskUrl(line), line).toBeNull();
    }
  });

  it('says an empty line is empty, and a line of each type is checked on its own', () => {
    expect(cacheTaskLineIssue('preheat', '')).toBe('validation.required');
    expect(cacheTaskLineIssue('preheat', 'http://www.example.com/img')).toBeNull();
    expect(cacheTaskLineIssue('refreshUrl', 'http://www.example.com/img/')).toBeNull();
    expect(cacheTaskLineMax('refreshUrl')).toBe(limits.preheat.urlsPerTask);
    expect(cacheTaskLineMax('preheat')).toBe(limits.preheat.urlsPerTask);
    expect(cacheTaskLineMax('refreshDir')).toBe(limits.preheat.dirsPerTask);
  });

  it('names each refused line with the example host for a format problem, and keeps the first of duplicates', () => {
    const result = CacheTaskCreateSchema.safeParse({
      type: 'preheat',
      urls: ['www.a.com/x', 'nonsense', '', 'WWW.A.COM/x', 'www.a.com/y'],
    });
    expect(
      result.error?.issues.map((i) => [i.path.join('.'), i.message, (i as { params?: unknown }).params ?? null]),
    ).toEqual([
      ['urls.1', 'preheat.url.format', cacheTaskFormatParams],
      ['urls.2', 'validation.required', null],
      ['urls.3', 'preheat.url.duplicate', null],
    ]);
    expect(CacheTaskCreateSchema.parse({ type: 'preheat', urls: [' www.a.com/x '] }).urls).toEqual(['www.a.com/x']);
    expect(CacheTaskCreateSchema.safeParse({ type: 'preheat', urls: [] }).error?.issues[0]).toMatchObject({
      path: ['urls'],
      message: 'validation.required',
    });
    const many = CacheTaskCreateSchema.safeParse({
      type: 'refreshDir',
      urls: Array(limits.preheat.dirsPerTask + 1).fill('x'),
    });
    // Too many lines is said once, without a message for each line.
    expect(many.error?.issues).toEqual([
      expect.objectContaining({
        path: ['urls'],
        message: 'preheat.urls.tooMany',
        params: { max: limits.preheat.dirsPerTask },
      }),
    ]);
  });
});
