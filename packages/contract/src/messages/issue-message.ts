import type { MessageParams } from './translate';

/**
 * What the mapping reads of a zod issue: zod's own issue (the web's forms), or the server's validation error turned
 * back into one (fastify-type-provider-zod keeps the code as `keyword` and the rest of the issue as `params`).
 */
export interface IssueLike {
  code: string;
  message?: string;
  origin?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  params?: unknown;
}

/**
 * A zod issue as a message key with its parameters, against the keys of a catalogue (the server's whole one,
 * issueMessage; the web's first load holds only the sign-in screens' messages). The contract's schemas name keys in
 * their messages; zod's own English texts (a schema without a key) fall back to the generic keys.
 */
export function issueMessageIn(
  issue: IssueLike,
  isKey: (text: string) => boolean,
): { key: string; params?: MessageParams } {
  if (issue.message && isKey(issue.message)) return { key: issue.message, params: paramsOf(issue) };
  switch (issue.code) {
    case 'invalid_type':
      // zod says what it received only in its text; a missing value is "required", a wrong one "invalid".
      return {
        key: /received (undefined|null)/.test(issue.message ?? '') ? 'validation.required' : 'validation.invalid',
      };
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') {
        return min <= 1 ? { key: 'validation.required' } : { key: 'validation.tooShort', params: { min } };
      }
      if (issue.origin === 'array') return { key: 'validation.required' };
      return { key: 'validation.tooSmall', params: { min } };
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return { key: 'validation.tooLong', params: { max } };
      if (issue.origin === 'array') return { key: 'validation.tooMany', params: { max } };
      return { key: 'validation.tooBig', params: { max } };
    }
    default:
      return { key: 'validation.invalid' };
  }
}

const isBound = (value: unknown): value is number | bigint => typeof value === 'number' || typeof value === 'bigint';

/** A keyed message's placeholders: the issue's bounds and the parameters a refinement gave. */
function paramsOf(issue: IssueLike): MessageParams | undefined {
  const out: MessageParams = {};
  if (isBound(issue.minimum)) out.min = Number(issue.minimum);
  if (isBound(issue.maximum)) out.max = Number(issue.maximum);
  if (issue.params && typeof issue.params === 'object') Object.assign(out, issue.params);
  return Object.keys(out).length ? out : undefined;
}
