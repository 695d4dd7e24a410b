import { describe, expect, it } from 'vitest';
import { limitReqRate } from './rate';

describe('limitReqRate', () => {
  it.each([
    [200, 10, '20r/s'],
    [2000, 5, '400r/s'],
    [40, 10, '4r/s'],
    [5, 60, '5r/m'],
    [7, 9, '47r/m'],
    [1, 3600, '1r/m'],
    [3, 2, '90r/m'],
  ])('%i per %i s is %s', (limit, period, expected) => {
    expect(limitReqRate(limit, period)).toBe(expected);
  });
});
