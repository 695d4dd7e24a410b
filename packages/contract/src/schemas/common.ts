import { z } from 'zod';
import { limits } from '../limits';

/** Successful envelope: code 200, a message and the data. Failures add `error` and, for validation, `fields`. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(200), message: z.string(), data });
}

export const ErrorEnvelopeSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.null(),
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** Page numbers are 1-based on every list but the message list, which the spec makes 0-based. */
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(limits.page.maxSize).default(limits.page.defaultSize),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), size: z.number().int() });
}

const idMessage = { error: 'validation.id' };

/**
 * An id in a path: decimal digits only, one spelling per id (no sign, spaces, exponent, hex or leading zeros, all
 * of which Number() would read), up to the largest integer a JavaScript number holds exactly.
 */
export const IdParamsSchema = z.object({
  // A number as the web's calls name it, text as it arrives in a path.
  id: z.coerce
    .string<number | string>(idMessage)
    .regex(/^[1-9][0-9]{0,15}$/, idMessage)
    .transform(Number)
    .pipe(z.number().max(Number.MAX_SAFE_INTEGER, idMessage)),
});

/** Epoch milliseconds, as the API speaks time. */
export const EpochMsSchema = z.number().int();

/**
 * The last millisecond of year 9999. A time a request names lies between 1970 and then: JavaScript's dates end in
 * the year 275760 and PostgreSQL's in 294276, but an ISO date has four digits for the year.
 */
export const latestEpochMs = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

const timeMessage = { error: 'validation.time' };

/**
 * A time in a request's query string (a list's from and to, a statistics range): epoch milliseconds from 1970 to
 * the end of 9999. `typeKey` is the message for text that is no number at all, which is how a missing value arrives.
 */
export function epochMsQuery(typeKey = 'validation.time') {
  return z.coerce.number({ error: typeKey }).int(timeMessage).min(0, timeMessage).max(latestEpochMs, timeMessage);
}

export const EmptySchema = z.null();

// Control characters belong in no name, id, search or address; NUL in particular cannot be stored by PostgreSQL, so
// every text that comes in is checked here (on the untrimmed value) rather than failing deep in a query.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const SINGLE_LINE = /^[^\u0000-\u001f\u007f]*$/;
// Pasted certificates and keys are several lines: line feeds, carriage returns and tabs are text there.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/** Every string of a request: one line, no control characters. `key` is the message for a missing value. */
export function text(key = 'validation.required') {
  return z.string({ error: key }).regex(SINGLE_LINE, { error: 'validation.controlCharacters', abort: true });
}

/**
 * Every number of a request: a missing one is 'Input cannot be empty', any other value that is not a number (the
 * text a form holds when what was typed is not one) 'Please enter a number'.
 */
export function number() {
  return z.number({
    // Only the type is this message's business; a check without its own message keeps zod's, mapped by code.
    error: (issue) => {
      if (issue.code !== 'invalid_type') return undefined;
      return issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.notNumber';
    },
  });
}

/** A string of several lines (PEM certificates and keys): line breaks and tabs allowed, other control characters not. */
export function multilineText(key = 'validation.required') {
  return z.string({ error: key }).regex(MULTI_LINE, { error: 'validation.controlCharacters', abort: true });
}

/** Trims strings before validating: input that is only spaces counts as empty ('Input cannot be empty'). */
export function requiredText(key = 'validation.required', base: typeof text = text) {
  return base(key).trim().min(1, { error: key });
}
