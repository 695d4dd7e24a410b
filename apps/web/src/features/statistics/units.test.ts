import { describe, expect, it } from 'vitest';
import { changeOf, formatBps, formatBytes, formatRate } from './units';

describe('statistics units', () => {
  it('writes traffic in binary units and bandwidth in decimal bits', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.50 KB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.00 GB');
    expect(formatBps(2_500_000)).toBe('2.50 Mbps');
  });

  it('writes rates as percentages and a missing one as a dash', () => {
    expect(formatRate(0.9512)).toBe('95.12%');
    expect(formatRate(null)).toBe('-');
  });

  it('gives no change where there is nothing to compare with', () => {
    expect(changeOf(150, 100)).toBe(0.5);
    expect(changeOf(50, 100)).toBe(-0.5);
    expect(changeOf(10, 0)).toBeNull();
    expect(changeOf(null, 0.5)).toBeNull();
  });
});
