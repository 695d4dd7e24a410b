import { randomBytes } from 'node:crypto';
import { base32Encode } from '../../secrets/base32';

/** Public, names the key in each call: `EWAK` and 20 base32 characters (100 random bits, for uniqueness only). */
export function newSecretId(): string {
  return `EWAK${base32Encode(randomBytes(13)).slice(0, 20)}`;
}

/** The HMAC key: 240 random bits, 40 characters. */
export function newSecretKey(): string {
  return randomBytes(30).toString('base64url');
}

/** Sealed under its owner and SecretId, so a sealed secret copied onto another key's row does not open. */
export function secretContext(userId: number, secretId: string): string {
  return `api-key:user:${userId}:${secretId}`;
}
