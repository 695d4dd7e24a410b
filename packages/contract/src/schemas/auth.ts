import { z } from 'zod';
import { limits } from '../limits';
import { RoleSchema } from '../permissions';
import { EpochMsSchema, requiredText, text } from './common';

const a = limits.account;

export const UserNameSchema = requiredText()
  .min(a.userNameMin, { error: 'account.userName.min' })
  .max(a.userNameMax, { error: 'account.userName.max' })
  .regex(/^[\w.-]+$/u, { error: 'account.userName.format' });

export const PasswordSchema = text()
  .min(1, { error: 'validation.required' })
  .min(a.passwordMin, { error: 'account.password.min' })
  .max(a.passwordMax, { error: 'account.password.max' });

/** The repeated new password: only required here; that it matches is the form's rule (confirmMatches below). */
export const ConfirmPasswordSchema = text().min(1, { error: 'validation.required' });

export const EmailSchema = requiredText()
  .max(a.emailMax, { error: 'account.email.format' })
  .pipe(z.email({ error: 'account.email.format' }));

/** Mainland mobile numbers (11 digits, starting 1[3-9]) or international E.164 with a leading +. */
export const PhoneSchema = requiredText().regex(/^(1[3-9]\d{9}|\+[1-9]\d{6,14})$/, { error: 'account.phone.format' });

export const CaptchaAnswerSchema = z.object({
  captchaId: requiredText(),
  captchaCode: requiredText('account.captcha.required'),
});

export const EmailCodeSchema = requiredText('account.emailCode.required').regex(
  new RegExp(`^\\d{${a.emailCodeLength}}$`),
  {
    error: 'account.emailCode.format',
  },
);

export type PasswordStrength = 'strong' | 'medium' | 'low' | 'tooShort';

/** The meter of the register and password forms: length first, then how many kinds of characters are mixed. */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length < a.passwordMin) return 'tooShort';
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  if (kinds >= 3 && password.length >= 10) return 'strong';
  if (kinds >= 2 && password.length >= 8) return 'medium';
  return 'low';
}

function confirmMatches<T extends { confirmPassword: string }>(password: (v: T) => string) {
  return (value: T, ctx: z.RefinementCtx) => {
    if (value.confirmPassword !== password(value)) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'account.password.mismatch' });
    }
  };
}

export const RegisterFieldsSchema = z.object({
  userName: UserNameSchema,
  password: PasswordSchema,
  confirmPassword: ConfirmPasswordSchema,
  email: EmailSchema,
  phone: PhoneSchema,
  captchaId: requiredText(),
  captchaCode: requiredText('account.captcha.required'),
  emailCode: EmailCodeSchema,
  agreement: z.literal(true, { error: 'account.agreement.required' }),
});
export const RegisterSchema = RegisterFieldsSchema.superRefine(confirmMatches((v) => v.password));
export type Register = z.infer<typeof RegisterSchema>;

export const LoginSchema = z.object({
  // The upper bounds are registration's: longer input cannot match an account and is refused before any work.
  userName: requiredText().max(a.userNameMax, { error: 'account.userName.max' }),
  password: text().min(1, { error: 'validation.required' }).max(a.passwordMax, { error: 'account.password.max' }),
  /** Required once a name or address has failed 5 times in 15 minutes (the server answers CAPTCHA_REQUIRED). */
  captchaId: text().optional(),
  captchaCode: text().optional(),
});
export type Login = z.infer<typeof LoginSchema>;

export const TokenDataSchema = z.object({ token: z.string() });

/**
 * The password step's answer: a session token, or, for an account with two-factor sign-in, a short-lived
 * challenge to send with a code to /user/login/second_factor.
 */
export const LoginResultSchema = z.union([
  TokenDataSchema,
  z.object({ secondFactor: z.object({ challenge: z.string(), expiresAt: EpochMsSchema }) }),
]);
export type LoginResult = z.infer<typeof LoginResultSchema>;

export const CaptchaSchema = z.object({
  captchaId: z.string(),
  /** An image (data: URL) drawn on the server; each captcha answers once and expires. */
  image: z.string(),
  expiresAt: EpochMsSchema,
});
export type Captcha = z.infer<typeof CaptchaSchema>;

export const EmailCodeRequestSchema = z.object({
  email: EmailSchema,
  /** Codes are for registration only: a forgotten password is reset by an emailed link (ForgotPasswordSchema). */
  purpose: z.enum(['register']).default('register'),
  captchaId: requiredText(),
  captchaCode: requiredText('account.captcha.required'),
});
export type EmailCodeRequest = z.infer<typeof EmailCodeRequestSchema>;

export const EmailCodeSentSchema = z.object({ resendAfterMs: z.number().int() });

export const ProfileSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  cdnType: z.string(),
  realNameVerified: z.boolean(),
  roles: z.array(RoleSchema),
  createdAt: EpochMsSchema,
  /** Signed in through an operator's simulation link: the console says so while it lasts. */
  simulated: z.boolean(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/**
 * A new email needs the current password and a code sent to the new address (EmailChangeCodeRequestSchema): a
 * session alone, stolen or an operator's simulation, cannot move the account's mail, and with it password resets,
 * elsewhere. Both are ignored while the email stays the same.
 */
export const ProfileEditSchema = z.object({
  userName: UserNameSchema,
  email: EmailSchema,
  currentPassword: text().max(a.passwordMax, { error: 'account.password.max' }).optional(),
  emailCode: EmailCodeSchema.optional(),
});
export type ProfileEdit = z.infer<typeof ProfileEditSchema>;

export const EmailChangeCodeRequestSchema = z.object({ email: EmailSchema });
export type EmailChangeCodeRequest = z.infer<typeof EmailChangeCodeRequestSchema>;

export const PasswordEditFieldsSchema = z.object({
  oldPassword: text().min(1, { error: 'validation.required' }),
  newPassword: PasswordSchema,
  confirmPassword: ConfirmPasswordSchema,
});
export const PasswordEditSchema = PasswordEditFieldsSchema.superRefine(confirmMatches((v) => v.newPassword));
export type PasswordEdit = z.infer<typeof PasswordEditSchema>;

export const ForgotPasswordSchema = z.object({
  email: EmailSchema,
  captchaId: requiredText(),
  captchaCode: requiredText('account.captcha.required'),
});
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>;

export const ResetPasswordFieldsSchema = z.object({
  token: requiredText(),
  password: PasswordSchema,
  confirmPassword: ConfirmPasswordSchema,
});
export const ResetPasswordSchema = ResetPasswordFieldsSchema.superRefine(confirmMatches((v) => v.password));
export type ResetPassword = z.infer<typeof ResetPasswordSchema>;

export const SessionItemSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: EpochMsSchema,
  lastSeenAt: EpochMsSchema,
  current: z.boolean(),
});

/** Why an attempt succeeded or failed, as the login log records it (the web localizes these). */
export const loginLogReasons = [
  'password',
  'simulation',
  'unknown_user',
  'wrong_password',
  'captcha_required',
  'captcha_invalid',
  'rate_limited',
  'totp',
  'recovery_code',
  'wrong_second_factor',
  'account_disabled',
] as const;
export type LoginLogReason = (typeof loginLogReasons)[number];

export const LoginLogItemSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  result: z.enum(['success', 'failure']),
  reason: z.enum(loginLogReasons).nullable(),
  createdAt: EpochMsSchema,
});
export type LoginLogItem = z.infer<typeof LoginLogItemSchema>;
