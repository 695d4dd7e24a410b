import { CacheTaskCreateSchema, type CacheTaskType, splitLines } from '@edgeward/contract';
import { issueText, serverFieldErrors, type Translate } from '../../lib/form';

/** The lines of the text area as the task's URLs: blank lines and surrounding spaces dropped. */
export const linesOf = (text: string | undefined): string[] => splitLines(text ?? '');

function lineMessage(path: string, message: string, t: Translate): string {
  const [, index] = path.split('.');
  return index === undefined ? message : t('domain.form.line', { n: Number(index) + 1, message });
}

/** Every problem of the typed lines by the contract's rules, one message per line ("Line 3: ..."). */
export function lineErrors(type: CacheTaskType, text: string | undefined, t: Translate): string[] {
  const result = CacheTaskCreateSchema.safeParse({ type, urls: linesOf(text) });
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    return lineMessage(issue.path.join('.'), issueText(issue, t), t);
  });
}

/** The server's per-line problems (fields `urls.<i>`) in the same form; empty when the error has none. */
export function serverLineErrors(error: unknown, t: Translate): string[] {
  return Object.entries(serverFieldErrors(error) ?? {}).map(([path, message]) => lineMessage(path, message, t));
}
