import { describe, expect, it } from 'vitest';
import { ageOf, yuanOf } from './dashboard-figures';

describe('dashboard figures', () => {
  it('shows fen as exact yuan, negative amounts with the sign first', () => {
    expect(yuanOf('0')).toBe('¥0.00');
    expect(yuanOf('12345')).toBe('¥123.45');
    expect(yuanOf('900719925474099312')).toBe('¥9007199254740993.12');
    expect(yuanOf('-5')).toBe('-¥0.05');
  });

  it('tells an age in its largest whole unit, in the language in force', () => {
    const now = Date.UTC(2026, 10, 28, 12);
    expect(ageOf(now - 10_000, now, 'en-US')).toBe('1 minute ago');
    expect(ageOf(now - 59 * 60_000, now, 'en-US')).toBe('59 minutes ago');
    expect(ageOf(now - 3 * 3_600_000 - 5, now, 'en-US')).toBe('3 hours ago');
    expect(ageOf(now - 49 * 3_600_000, now, 'en-US')).toBe('2 days ago');
    expect(ageOf(now - 3 * 3_600_000, now, 'zh-CN')).toBe('3小时前');
    // A clock a little behind the server's never shows a time to come.
    expect(ageOf(now + 5_000, now, 'en-US')).toBe('1 minute ago');
  });
});
