import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone } from './mask';

describe('maskEmail', () => {
  it('keeps the first character of the mailbox and the whole domain', () => {
    expect(maskEmail('alice@example.com')).toBe('a***@example.com');
    expect(maskEmail('a@b.cn')).toBe('a***@b.cn');
  });

  it('splits at the last @ and hides everything without a mailbox', () => {
    expect(maskEmail('"a@b"@example.com')).toBe('"***@example.com');
    expect(maskEmail('@example.com')).toBe('***');
    expect(maskEmail('no-at-sign')).toBe('***');
  });
});

describe('maskPhone', () => {
  it('keeps the first three and last four digits', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('12345678')).toBe('123*5678');
  });

  it('hides all but the first character of a number of seven digits or fewer', () => {
    expect(maskPhone('1234567')).toBe('1***');
    expect(maskPhone('12')).toBe('1***');
  });
});
