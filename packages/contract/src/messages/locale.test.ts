import { describe, expect, it } from 'vitest';
import { pickLocale } from './locale';

describe('pickLocale', () => {
  it('reads the preferred language of an Accept-Language header', () => {
    expect(pickLocale('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh-CN');
    expect(pickLocale(' zh-TW ')).toBe('zh-CN');
    expect(pickLocale('en-GB,zh-CN;q=0.9')).toBe('en-US');
    expect(pickLocale('ZH')).toBe('zh-CN');
  });

  it("reads the first of the browser's languages", () => {
    expect(pickLocale(['zh-HK', 'en-US'])).toBe('zh-CN');
    expect(pickLocale(['de-DE', 'zh-CN'])).toBe('en-US');
  });

  it('falls back to en-US when nothing is said', () => {
    expect(pickLocale(undefined)).toBe('en-US');
    expect(pickLocale(null)).toBe('en-US');
    expect(pickLocale('')).toBe('en-US');
    expect(pickLocale([])).toBe('en-US');
  });
});
