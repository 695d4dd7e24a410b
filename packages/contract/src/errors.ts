/**
 * Stable error ids and the HTTP status each answers with. The envelope's `error` field carries the id; the
 * message key `errors.<ID>` in messages/ carries the text in each language.
 */
export const errorStatus = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  SESSION_EXPIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  // account
  USERNAME_TAKEN: 409,
  EMAIL_TAKEN: 409,
  CAPTCHA_INVALID: 400,
  CAPTCHA_REQUIRED: 400,
  EMAIL_CODE_INVALID: 400,
  CODE_SEND_TOO_OFTEN: 429,
  LOGIN_FAILED: 400,
  LOGIN_TOO_MANY_ATTEMPTS: 429,
  PASSWORD_WRONG: 400,
  SIMULATION_TOKEN_INVALID: 400,
  SIMULATION_NOT_ALLOWED: 403,
  RESET_TOKEN_INVALID: 400,
  AVATAR_INVALID: 400,
  REAL_NAME_REQUIRED: 403,
  // domain
  DOMAIN_TAKEN: 409,
  DOMAIN_LIMIT_REACHED: 403,
  DOMAIN_NOT_DELETABLE: 409,
  DOMAIN_STATE_CONFLICT: 409,
  DOMAIN_NOT_VERIFIED: 400,
  DNS_VERIFY_FAILED: 400,
  ORIGIN_UNREACHABLE: 400,
  WHOLE_SITE_NOT_ALLOWED: 403,
  CERT_INVALID: 400,
  ADDON_REQUIRED: 403,
  CONFIG_FAILED: 502,
  EXPORT_FAILED: 500,
  // certificate
  CERT_IN_USE: 409,
  CERT_NOT_COVERING: 400,
} as const;

export type ErrorId = keyof typeof errorStatus;

export function isErrorId(value: string): value is ErrorId {
  return Object.hasOwn(errorStatus, value);
}
