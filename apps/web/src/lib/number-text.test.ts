import { describe, expect, it } from 'vitest';
import { parseNumberText } from './number-text';

describe('parseNumberText', () => {
  it('reads whole and decimal numbers as typed, out of range or not', () => {
    expect(parseNumberText('101')).toBe(101);
    expect(parseNumberText(' 70000 ')).toBe(70000);
    expect(parseNumberText('0')).toBe(0);
    expect(parseNumberText('-3')).toBe(-3);
    expect(parseNumberText('1.5')).toBe(1.5);
  });

  it('keeps text that is not a number, so the rule can refuse it', () => {
    expect(parseNumberText('abc')).toBe('abc');
    expect(parseNumberText('12abc')).toBe('12abc');
    expect(parseNumberText('1e3')).toBe('1e3');
  });

  it('answers undefined for an empty field', () => {
    expect(parseNumberText('')).toBeUndefined();
    expect(parseNumberText('   ')).toBeUndefined();
  });
});
