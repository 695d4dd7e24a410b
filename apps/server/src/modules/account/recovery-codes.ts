import { randomBytes } from 'node:crypto';
import { limits } from '@edgeward/contract';
import { base32Encode } from '../../secrets/base32';
import { hashSecret } from '../session';

/** Ten codes of 10 base32 characters (50 random bits each), shown as `xxxxx-xxxxx`, good once each. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: limits.twoFactor.recoveryCodes }, () => {
    const code = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

export function isRecoveryCode(code: string): boolean {
  return !/^\d{6}$/.test(code);
}

/** Stored as a hash of the code without its dash and case, so `ABCDE FGHIJ` and `abcde-fghij` are one code. */
export function recoveryCodeHash(code: string): string {
  return hashSecret(code.replace(/[\s-]/g, '').toLowerCase());
}
