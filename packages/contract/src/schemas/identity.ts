import { z } from 'zod';
import { limits } from '../limits';
import { EpochMsSchema, requiredText } from './common';

/*
 * Real-name verification (spec sections 1, 2, 5): a name and an 18-digit resident ID number (GB 11643-1999), then a
 * face check. The one schema of both: the route validates with it and the form uses it field by field.
 */

/**
 * Province-level codes that open a resident ID number (GB/T 2260): the mainland provinces, 71 Taiwan, 81 Hong Kong,
 * 82 Macao, and 83 for the residence permits of Taiwan residents, which share the format.
 */
export const provinceCodes: readonly string[] =
  '11 12 13 14 15 21 22 23 31 32 33 34 35 36 37 41 42 43 44 45 46 50 51 52 53 54 61 62 63 64 65 71 81 82 83'.split(' ');

const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const checkCharacters = '10X98765432';

/** GB 11643's ISO 7064 MOD 11-2 check character of the first 17 digits. */
export function idNumberCheckCharacter(first17: string): string {
  const sum = weights.reduce((total, weight, i) => total + weight * Number(first17[i]), 0);
  return checkCharacters[sum % 11]!;
}

/** The birth date in places 7 to 14 is a real day, not before 1900 and not after today (the caller's clock). */
function birthDateValid(digits: string, now: Date): boolean {
  const [year, month, day] = [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8)].map(Number) as [
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day));
  // A month or day out of range (00, 13, 30 February, 99) rolls the date into another month; a year before 100,
  // which Date.UTC reads as 19xx, is refused below as before 1900.
  if (date.getUTCMonth() !== month - 1) return false;
  // The caller's clock may be in any zone: a date that is today somewhere (up to UTC+14) is not in the future.
  return year >= 1900 && date.getTime() <= now.getTime() + 14 * 3_600_000;
}

/** The problem of an ID number, as a message key, or undefined when it is well formed. */
export function idNumberProblem(value: string, now = new Date()): string | undefined {
  if (!/^\d{17}[\dX]$/.test(value)) return 'identity.idNumber.format';
  if (!provinceCodes.includes(value.slice(0, 2))) return 'identity.idNumber.region';
  if (!birthDateValid(value.slice(6, 14), now)) return 'identity.idNumber.birthDate';
  if (idNumberCheckCharacter(value.slice(0, 17)) !== value[17]) return 'identity.idNumber.checkDigit';
  return undefined;
}

/** 18 characters: region, birth date, sequence, check character (a lower-case x is read as X). */
export const IdNumberSchema = requiredText('identity.idNumber.required')
  .toUpperCase()
  .superRefine((value, ctx) => {
    const problem = idNumberProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The name on the ID card: letters of any script, with the middle dot and spaces of transcribed names. */
export const RealNameSchema = requiredText('identity.realName.required')
  .max(limits.identity.realNameMax, { error: 'identity.realName.format' })
  .regex(/^[\p{L}\p{M}][\p{L}\p{M}·・.\s]*[\p{L}\p{M}]$/u, { error: 'identity.realName.format' });

export const RealNameSubmitSchema = z.object({ realName: RealNameSchema, idNumber: IdNumberSchema });
export type RealNameSubmit = z.infer<typeof RealNameSubmitSchema>;

/**
 * Shown in every answer in place of the real values: the first and the last character, stars between (a name of
 * two characters keeps only its first).
 */
export function maskIdentityText(value: string): string {
  const chars = [...value];
  if (chars.length <= 2) return `${chars[0] ?? ''}${'*'.repeat(Math.max(chars.length - 1, 0))}`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/** One verification attempt as stored: the identity given, then its face check. */
export const faceCheckStatuses = ['pending', 'passed', 'failed', 'superseded', 'revoked'] as const;
/** As answered: a pending check past its time is `expired` (its page no longer takes a result). */
export const FaceCheckStatusSchema = z.enum([...faceCheckStatuses, 'expired']);
export type FaceCheckStatus = z.infer<typeof FaceCheckStatusSchema>;

/** How long a face check's page takes a result, as the real services limit their verification sessions. */
export const faceCheckTtlMs = 30 * 60_000;

export const MaskedIdentitySchema = z.object({ realName: z.string(), idNumber: z.string() });
export type MaskedIdentity = z.infer<typeof MaskedIdentitySchema>;

export const RealNameAttemptSchema = z.object({
  id: z.number().int(),
  status: FaceCheckStatusSchema,
  identity: MaskedIdentitySchema,
  /** Whether the face check runs at a sandbox service (no real check is made); the screens say so. */
  sandbox: z.boolean(),
  /** While pending: the face check's page, for a phone (the QR code) or this browser. */
  checkUrl: z.string().nullable(),
  /** While pending: the QR code of checkUrl as an SVG data URL. */
  qrCode: z.string().nullable(),
  createdAt: EpochMsSchema,
  finishedAt: EpochMsSchema.nullable(),
});
export type RealNameAttempt = z.infer<typeof RealNameAttemptSchema>;

export const RealNameStatusSchema = z.object({
  verified: z.boolean(),
  /** The identity the account was verified with, masked; null when unverified or verified by hand without one. */
  identity: MaskedIdentitySchema.nullable(),
  verifiedAt: EpochMsSchema.nullable(),
  /** The demo account's sample identity. */
  sample: z.boolean(),
  /** The newest attempt that is not yet verified: pending, or failed (to say why the user is back at step one). */
  attempt: RealNameAttemptSchema.nullable(),
  failuresToday: z.number().int(),
  dailyFailureLimit: z.number().int(),
});
export type RealNameStatus = z.infer<typeof RealNameStatusSchema>;
