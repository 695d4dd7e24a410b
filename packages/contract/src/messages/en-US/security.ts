/** Security texts: API keys, signed calls and two-factor sign-in. */
export const security = {
  'security.apiKey.note.max': 'The note may be at most 64 characters',
  'security.twoFactor.code.format': 'Enter the 6-digit code from your authenticator app, or a recovery code',
  'errors.SESSION_REQUIRED': 'This can only be done in the console, signed in with your password, not with an API key',
  'errors.TWO_FACTOR_CODE_INVALID': 'The verification code is wrong or was already used',
  'errors.TWO_FACTOR_CHALLENGE_INVALID': 'The sign-in has expired, please enter your password again',
  'errors.TWO_FACTOR_LOCKED':
    'Too many wrong verification codes: the second step of sign-in is locked for {minutes, plural, one {# more minute} other {# more minutes}}. The account owner has been told by mail.',
  'security.mail.twoFactorLocked.subject': 'Edgeward sign-in locked after wrong verification codes',
  'security.mail.twoFactorLocked.text':
    'The password of your Edgeward account {userName} was entered correctly, but {failures} wrong verification codes followed within {window} minutes (last from {ip}). The second step of sign-in is locked for {minutes} minutes.\n\nIf this was not you, change your password now: someone knows it.',
  'errors.TWO_FACTOR_ALREADY_ENABLED': 'Two-factor sign-in is already on',
  'errors.TWO_FACTOR_NOT_ENABLED': 'Two-factor sign-in is off',
  'errors.API_KEY_LIMIT_REACHED': 'You already have {max} API keys; delete one before creating another',
  'errors.API_KEY_READ_ONLY': 'This API key is read-only: it may only make GET calls',
  'errors.API_KEY_INVALID': 'Unknown API key',
  'errors.API_KEY_DISABLED': 'This API key is disabled',
  'errors.SIGNATURE_INVALID': 'The request signature does not match',
  'errors.SIGNATURE_EXPIRED': 'The request timestamp is more than 5 minutes from the server time',
  'errors.NONCE_REUSED': 'This nonce was already used; sign each request with a new one',
  'errors.BODY_HASH_MISMATCH': 'The body does not match the signed ContentSha256',
} as const;
