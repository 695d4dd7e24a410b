import { IdempotencyKeySchema } from '@edgeward/contract';
import { describe, expect, it } from 'vitest';
import { formatQuantity, newIdempotencyKey, yuan } from './money';

describe('money and quantities', () => {
  it('shows fen as exact yuan', () => {
    expect(yuan('16900')).toBe('¥169.00');
    expect(yuan('-500')).toBe('-¥5.00');
    expect(yuan('123456789012345678901')).toBe('¥1234567890123456789.01');
  });

  it('shows traffic in GB, requests as a count, and keeps an unmeasured value null', () => {
    expect(formatQuantity('traffic', String(1024n ** 4n))).toBe('1,024.00 GB');
    expect(formatQuantity('traffic', String(1024n ** 3n / 2n))).toBe('0.50 GB');
    expect(formatQuantity('https_requests', '10000000')).toBe('10,000,000');
    expect(formatQuantity('traffic', null)).toBeNull();
  });

  it('makes a new key each time, within the header rules', () => {
    const a = newIdempotencyKey();
    expect(IdempotencyKeySchema.safeParse(a).success).toBe(true);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
