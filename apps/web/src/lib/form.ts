import { type IssueLike, issueMessageIn, type MessageParams } from '@edgeward/contract';
import type { FormInstance } from 'antd';
import type { RuleObject, RuleRender } from 'antd/es/form';
import type { z } from 'zod';
import { ChunkLoadTimeoutError, withTimeout } from '../navigation/lazy-page';
import { FEEDBACK_KEY, feedback } from './feedback';

/** The translate function of the i18n store, as the form helpers need it. */
export type Translate = (key: string, params?: MessageParams) => string;

/** The first problem of a value against a schema, translated; undefined when the value is valid. */
export function validateWith(schema: z.ZodType, value: unknown, t: Translate): string | undefined {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  if (!issue) return t('validation.invalid');
  return issueText(issue, t);
}

/**
 * A zod issue in the user's language: its schema's message key when `t` has a text for it (an unknown key comes back
 * as itself), or the generic one for the issue's kind.
 */
export function issueText(issue: IssueLike, t: Translate): string {
  const { key, params } = issueMessageIn(issue, (text) => t(text) !== text);
  return t(key, params);
}

/**
 * An antd Form rule from a contract field schema (for example `RegisterFieldsSchema.shape.userName`). The form
 * marks the field as required when the schema refuses an empty value; the schema alone decides what is valid.
 */
export function zodRule(schema: z.ZodType, t: Translate): RuleObject {
  return {
    required: !schema.safeParse(undefined).success,
    validator: (_rule, value) => {
      const problem = validateWith(schema, value, t);
      return problem === undefined ? Promise.resolve() : Promise.reject(new Error(problem));
    },
  };
}

/**
 * zodRule for a form drawn before zod has arrived (the login page): the schema is fetched (with the chunk time-out)
 * when a value is first checked. `required` marks the field as zodRule would (the schema refuses an empty value);
 * the form needs it before the schema is there.
 */
export function lazyZodRule(schema: () => Promise<z.ZodType>, t: Translate, required: boolean): RuleObject {
  const load = withTimeout(schema);
  return {
    required,
    validator: async (_rule, value) => {
      let loaded: z.ZodType;
      try {
        loaded = await load();
      } catch (error) {
        throw new Error(t(error instanceof ChunkLoadTimeoutError ? 'request.timeout' : 'request.networkError'));
      }
      const problem = validateWith(loaded, value, t);
      if (problem !== undefined) throw new Error(problem);
    },
  };
}

/**
 * The confirmation field must equal `field`. Emptiness is the field's own zodRule's business, so an empty value
 * passes here; the message is the contract's key, the same one the server answers with.
 */
export function confirmRule(field: string, t: Translate): RuleRender {
  return ({ getFieldValue }) => ({
    validator: (_rule, value) =>
      value === undefined || value === '' || value === getFieldValue(field)
        ? Promise.resolve()
        : Promise.reject(new Error(t('account.password.mismatch'))),
  });
}

/** The `fields` of an API error (field path -> message in the caller's language), if it has any. */
export function serverFieldErrors(error: unknown): Record<string, string> | undefined {
  if (typeof error !== 'object' || error === null || !('fields' in error)) return undefined;
  const fields = (error as { fields?: unknown }).fields;
  if (typeof fields !== 'object' || fields === null) return undefined;
  const entries = Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/** Error id (USERNAME_TAKEN...) -> the form field its message belongs under, for errors that carry no `fields`. */
export type ErrorFieldMap = Partial<Record<string, string>>;

/**
 * Shows the server's field errors under the form's fields. Paths are dotted (`origins.0.host`); only paths under
 * fields the form has are set. An error without `fields` whose id `byErrorId` names goes under that field with the
 * error's message. Returns true when at least one field took an error, so the caller knows it is seen.
 */
export function applyServerErrors(
  form: Pick<FormInstance, 'getFieldsValue' | 'setFields'>,
  error: unknown,
  byErrorId: ErrorFieldMap = {},
): boolean {
  const fields = serverFieldErrors(error) ?? errorIdField(error, byErrorId);
  if (!fields) return false;
  const present = form.getFieldsValue() as Record<string, unknown>;
  const data = Object.entries(fields)
    .map(([path, message]) => ({ name: path.split('.').map(segment), errors: [message] }))
    .filter(({ name }) => Object.hasOwn(present, String(name[0])));
  if (data.length) form.setFields(data);
  return data.length > 0;
}

/**
 * Reports a failed form call once: under the form's fields when the error belongs there (applyServerErrors),
 * otherwise as the one message on screen. For calls made silent, so a field error is not also a toast.
 */
export function reportFormError(
  form: Pick<FormInstance, 'getFieldsValue' | 'setFields'>,
  error: unknown,
  byErrorId: ErrorFieldMap = {},
): void {
  if (applyServerErrors(form, error, byErrorId) || errorIdOf(error) === 'ABORTED') return;
  const content = error instanceof Error ? error.message : String(error);
  feedback.message.error({ content, key: FEEDBACK_KEY });
}

/** The stable error id (contract/errors.ts) of an API error; undefined for anything else (network, timeout...). */
export function errorIdOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const id = (error as { error?: unknown }).error;
  return typeof id === 'string' ? id : undefined;
}

function errorIdField(error: unknown, byErrorId: ErrorFieldMap): Record<string, string> | undefined {
  const id = errorIdOf(error);
  const field = id === undefined ? undefined : byErrorId[id];
  const message = (error as { message?: unknown }).message;
  return field && typeof message === 'string' ? { [field]: message } : undefined;
}

function segment(part: string): string | number {
  return /^\d+$/.test(part) ? Number(part) : part;
}
