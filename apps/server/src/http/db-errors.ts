/**
 * PostgreSQL's codes for text it cannot hold: 22021 (a byte sequence invalid in UTF-8, NUL included) and 22P05 (a
 * character with no equivalent, e.g. \u0000 in jsonb). The contract's text schemas refuse control characters before
 * any query; these are what input that slipped past them (a header, a future field) turns into.
 */
const invalidTextCodes = new Set(['22021', '22P05']);

/** True when the error, or one it wraps, is PostgreSQL's unique violation (23505): a row that exists already. */
export function isUniqueViolation(error: unknown): boolean {
  return someCause(error, (e) => (e as { code?: unknown }).code === '23505');
}

/** True when the error, or one it wraps, is such a refusal. */
export function isInvalidTextError(error: unknown): boolean {
  return someCause(error, (e) => {
    const code = (e as { code?: unknown }).code;
    return typeof code === 'string' && invalidTextCodes.has(code);
  });
}

/** True when the error, or one it wraps (drizzle wraps the driver's error as `cause`), passes `test`. */
function someCause(error: unknown, test: (e: object) => boolean): boolean {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    if (test(e)) return true;
  }
  return false;
}

/**
 * The database cannot be reached for now: PostgreSQL ended the connection (57P01 admin shutdown, 57P02 crash
 * shutdown), is starting up (57P03) or reports a connection failure (class 08); the socket was refused or reset;
 * or node-postgres lost the connection, which it reports in plain errors with no code, only these texts.
 */
const unavailableCodes = new Set(['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE']);
const lostConnectionTexts = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
]);

export function isDatabaseUnavailableError(error: unknown): boolean {
  return someCause(error, (e) => {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (unavailableCodes.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    return e instanceof Error && lostConnectionTexts.has(e.message);
  });
}
