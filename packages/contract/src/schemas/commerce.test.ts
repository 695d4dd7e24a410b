import { describe, expect, it } from 'vitest';
import { FenSchema, formatFen } from './commerce';

describe('money in fen', () => {
  it('shows fen as yuan exactly, with two decimals and the sign of a debit', () => {
    const cases: [string | bigint, string][] = [
      [12345n, '123.45'],
      ['100', '1.00'],
      [7n, '0.07'],
      [0n, '0.00'],
      [-5n, '-0.05'],
      ['-100', '-1.00'],
      [-12345n, '-123.45'],
      ['900719925474099312', '9007199254740993.12'],
    ];
    expect(cases.map(([fen]) => formatFen(fen))).toEqual(cases.map(([, yuan]) => yuan));
  });

  it('carries fen as a string of whole numbers, signed', () => {
    for (const good of ['0', '12345', '-5']) expect(FenSchema.safeParse(good).success, good).toBe(true);
    for (const bad of ['', '1.5', '+5', '1e3', ' 5', 5])
      expect(FenSchema.safeParse(bad).success, String(bad)).toBe(false);
  });
});
