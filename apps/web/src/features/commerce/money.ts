import { formatFen, type PackageType } from '@edgeward/contract';

/** An amount in fen (decimal text) as the screens show it: ¥123.45 or -¥5.00, exact. */
export function yuan(fen: string): string {
  return fen.startsWith('-') ? `-¥${formatFen(fen.slice(1))}` : `¥${formatFen(fen)}`;
}

const GB = 1024n ** 3n;

/**
 * A package quantity (decimal text) in its type's unit: traffic in bytes shown as GB with two decimals (exact,
 * by integer arithmetic), requests as a count. Null stays null: the caller says what that means.
 */
export function formatQuantity(type: PackageType, value: string | null): string | null {
  if (value === null) return null;
  const amount = BigInt(value);
  if (type !== 'traffic') return amount.toLocaleString('en-US');
  const hundredths = (amount * 100n) / GB;
  return `${(hundredths / 100n).toLocaleString('en-US')}.${String(hundredths % 100n).padStart(2, '0')} GB`;
}

/** A key per payment attempt for the Idempotency-Key header. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `pay-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
