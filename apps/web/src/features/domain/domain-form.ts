import type { FormInstance } from 'antd';
import type { RuleRender } from 'antd/es/form';
import type { z } from 'zod';
import { applyServerErrors, errorIdOf, issueText, serverFieldErrors, type Translate } from '../../lib/form';

type Path = readonly PropertyKey[];

function startsWith(path: readonly PropertyKey[], prefix: Path): boolean {
  return prefix.every((part, i) => path[i] === part);
}

/** How an entry of a text list is named in a message: by its line, or by its position in a `;` list. */
export type EntryLabel = 'line' | 'entry';

/**
 * The first problem a contract schema finds at `path` (or below it) in `body`, translated. A problem of one entry of
 * a list that the form shows as text says which line (or entry) it is about.
 */
export function issueAt(
  schema: z.ZodType,
  body: unknown,
  path: Path,
  t: Translate,
  entry: EntryLabel = 'line',
  exact = false,
): string | undefined {
  const result = schema.safeParse(body);
  if (result.success) return undefined;
  const issue = result.error.issues.find(
    (candidate) => startsWith(candidate.path, path) && (!exact || candidate.path.length === path.length),
  );
  if (!issue) return undefined;
  const text = issueText(issue, t);
  const index = issue.path[path.length];
  if (typeof index !== 'number') return text;
  return t(entry === 'line' ? 'domain.form.line' : 'domain.form.entry', { n: index + 1, message: text });
}

/**
 * A field rule checked against the whole body a form sends: list rules, and rules tying a field to its siblings
 * (HTTP/2 needs HTTPS, a list is needed once the filter is on), come from the contract's segment schema. `build`
 * turns the form's values into that body exactly as the save does.
 */
export function bodyRule<V>(
  schema: z.ZodType,
  path: Path,
  build: (values: V) => unknown,
  t: Translate,
  options: { required?: boolean; entry?: EntryLabel } = {},
): RuleRender {
  return (form) => ({
    required: options.required ?? false,
    validator: () => {
      const message = issueAt(schema, build(form.getFieldsValue(true) as V), path, t, options.entry);
      return message === undefined ? Promise.resolve() : Promise.reject(new Error(message));
    },
  });
}

/**
 * Shows a save's field errors under the form's fields. Lists the form shows as text (`listFields`) take the error
 * of their entry `<field>.<i>` on the text field, with the line number.
 */
export function applyConfigErrors(
  form: Pick<FormInstance, 'getFieldsValue' | 'setFields'>,
  error: unknown,
  t: Translate,
  listFields: readonly string[] = [],
): boolean {
  const fields = serverFieldErrors(error);
  if (!fields) return false;
  const rewritten: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const [head = '', index, ...rest] = path.split('.');
    if (listFields.includes(head) && index !== undefined && /^\d+$/.test(index) && rest.length === 0) {
      rewritten[head] ??= t('domain.form.line', { n: Number(index) + 1, message });
    } else {
      rewritten[path] = message;
    }
  }
  return applyServerErrors(form, { fields: rewritten });
}

/**
 * The text of a failed save: 'Configuration failed', with the reason when the fields on screen do not already
 * show it (a paid add-on, a state conflict, a network failure...).
 */
export function configFailureText(error: unknown, t: Translate, fieldsShown: boolean): string {
  const failed = t('errors.CONFIG_FAILED');
  // Only API errors (ApiError: an error id and a message in the user's language) have a reason worth showing.
  const id = errorIdOf(error);
  if (fieldsShown || id === undefined) return failed;
  const firstField = Object.values(serverFieldErrors(error) ?? {})[0];
  const message = (error as { message?: unknown }).message;
  const reason = id === 'VALIDATION_FAILED' && firstField ? firstField : typeof message === 'string' ? message : '';
  return reason && reason !== failed ? t('domain.settings.failedReason', { reason }) : failed;
}

/** Structural equality of form values (plain data: objects, arrays, strings, numbers, booleans, null). */
export function sameValues(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    if (!sameValues((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random letters and digits from the platform's CSPRNG, without modulo bias (keys, nonces). */
export function randomAlphanumeric(length: number): string {
  const out: string[] = [];
  const limit = 256 - (256 % ALPHANUMERIC.length);
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < limit && out.length < length) out.push(ALPHANUMERIC[byte % ALPHANUMERIC.length]!);
    }
  }
  return out.join('');
}

export const onOff = (on: boolean | undefined): 'on' | 'off' => (on ? 'on' : 'off');
export const isOn = (value: 'on' | 'off'): boolean => value === 'on';
export const joinLines = (entries: readonly string[]): string => entries.join('\n');
