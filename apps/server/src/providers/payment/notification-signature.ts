import { createHmac, timingSafeEqual } from 'node:crypto';

export const signatureHeader = 'x-sandbox-signature';

/** HMAC-SHA256 of the exact body bytes with the shared secret, as `sha256=<hex>`. */
export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/** Compares in constant time; any other header shape is refused. */
export function signatureMatches(secret: string, body: string, header: string | string[] | undefined): boolean {
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(signBody(secret, body));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
