/**
 * PostgreSQL's codes for text it cannot hold: 22021 (a byte sequence invalid in UTF-8, NUL included) and 22P05 (a
 * character with no equivalent, e.g. \u0000 in jsonb). The contract's text schemas refuse control characters before
 * any query; these are what input that slipped past them (a header, a future field) turns into.
 */
const invalidTextCodes = new Set(['22021', '22P05']);

/** True when the error, or one it wraps (drizzle wraps the driver's error as `cause`), is such a refusal. */
export function isInvalidTextError(error: unknown): boolean {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && invalidTextCodes.has(code)) return true;
  }
  return false;
}
