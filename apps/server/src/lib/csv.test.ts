import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv';

describe('csv', () => {
  it('neutralizes cells a spreadsheet would run as formulas', () => {
    for (const bad of ['=1+1', '+SUM(A1)', '-2', '@cmd', '\tx']) expect(csvCell(bad).replace(/^"/, '')[0]).toBe("'");
    expect(csvCell('www.a.com')).toBe('www.a.com');
  });

  it('quotes separators, quotes and line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvRow(['x', null, 3])).toBe('x,,3\r\n');
  });
});
