import { describe, expect, it } from 'vitest';
import { namesCover } from './certificate-names';

describe('namesCover', () => {
  it('matches names exactly and wildcards for one label only', () => {
    expect(namesCover(['www.a.com'], 'WWW.a.com')).toBe(true);
    expect(namesCover(['*.a.com'], 'img.a.com')).toBe(true);
    expect(namesCover(['*.a.com'], 'a.com')).toBe(false);
    expect(namesCover(['*.a.com'], 'x.img.a.com')).toBe(false);
    expect(namesCover(['*.a.com'], '.a.com')).toBe(false);
    expect(namesCover(['www.a.com'], 'www.b.com')).toBe(false);
  });
});

describe('namesCover with several names', () => {
  it('covers a host that any one of the names covers', () => {
    expect(namesCover(['a.com', 'www.b.com'], 'www.b.com')).toBe(true);
    expect(namesCover(['a.com', '*.b.com'], 'img.b.com')).toBe(true);
    expect(namesCover(['a.com', '*.b.com'], 'c.com')).toBe(false);
    expect(namesCover([], 'a.com')).toBe(false);
  });
});
