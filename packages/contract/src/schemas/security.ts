import { z } from 'zod';
import { limits } from '../limits';
import { EpochMsSchema, text } from './common';

const k = limits.apiKey;

export const ApiKeySchema = z.object({
  id: z.number().int(),
  /** Public: it names the key in every signed call. */
  secretId: z.string(),
  note: z.string(),
  readOnly: z.boolean(),
  enabled: z.boolean(),
  createdAt: EpochMsSchema,
  lastUsedAt: EpochMsSchema.nullable(),
  lastUsedIp: z.string().nullable(),
  /** The demo account's sample data. */
  sample: z.boolean(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** The one answer that carries the SecretKey: it is shown once, at creation, and never again. */
export const ApiKeyCreatedSchema = ApiKeySchema.extend({ secretKey: z.string() });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreatedSchema>;

const NoteSchema = text().trim().max(k.noteMax, { error: 'security.apiKey.note.max' });

export const ApiKeyCreateSchema = z.object({
  note: NoteSchema.default(''),
  /** A read-only key may make GET calls only. */
  readOnly: z.boolean().default(false),
});
export type ApiKeyCreate = z.infer<typeof ApiKeyCreateSchema>;

export const ApiKeyNoteSchema = z.object({ note: NoteSchema });
export type ApiKeyNote = z.infer<typeof ApiKeyNoteSchema>;

/** A TOTP code (6 digits) or a recovery code (xxxxx-xxxxx); spaces are ignored. */
export const SecondFactorCodeSchema = text('security.twoFactor.code.format')
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, { error: 'security.twoFactor.code.format' }));

/** A code from the authenticator app only (enabling proves the app was set up). */
export const TotpCodeSchema = text('security.twoFactor.code.format')
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: 'security.twoFactor.code.format' }));

export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: EpochMsSchema.nullable(),
  /** Recovery codes not used yet. */
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/** A new secret waiting for its confirmation code; setting up again replaces it. */
export const TwoFactorSetupSchema = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as a QR code: a data: URL of an SVG image. */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

export const TwoFactorEnableSchema = z.object({ code: TotpCodeSchema });
export type TwoFactorEnable = z.infer<typeof TwoFactorEnableSchema>;

export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

export const TwoFactorDisableSchema = z.object({
  password: text().min(1, { error: 'validation.required' }).max(limits.account.passwordMax),
  code: SecondFactorCodeSchema,
});
export type TwoFactorDisable = z.infer<typeof TwoFactorDisableSchema>;

/** The sign-in's second step: the challenge the password step answered, and a code or a recovery code. */
export const SecondFactorLoginSchema = z.object({
  challenge: text().min(1).max(128),
  code: SecondFactorCodeSchema,
});
export type SecondFactorLogin = z.infer<typeof SecondFactorLoginSchema>;
