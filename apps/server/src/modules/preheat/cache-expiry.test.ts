import { describe, expect, it } from 'vitest';
import { cacheExpiryOf } from './cache-expiry';

const all = { priority: 1, type: 'all' as const, content: [], ttl: 30, unit: 'days' as const };

describe('cacheExpiryOf', () => {
  const rules = [
    all,
    { priority: 20, type: 'path' as const, content: ['/live'], ttl: 0, unit: 'seconds' as const },
    { priority: 10, type: 'suffix' as const, content: ['.JPG'], ttl: 2, unit: 'hours' as const },
  ];

  it('takes the matching rule with the highest priority', () => {
    expect(cacheExpiryOf(rules, '/live/cover.jpg')).toBe(0);
    expect(cacheExpiryOf(rules, '/img/cover.jpg')).toBe(7200);
    expect(cacheExpiryOf(rules, '/index.html')).toBe(30 * 86_400);
  });

  it('matches a path rule on the path and below it only', () => {
    expect(cacheExpiryOf(rules, '/live')).toBe(0);
    expect(cacheExpiryOf(rules, '/lively/a.css')).toBe(30 * 86_400);
  });
});
