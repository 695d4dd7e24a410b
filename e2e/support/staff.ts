import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { closed, opened } from './popups';

/** The demo installation's admin (apps/server staff.operator.ts): exempt from two-factor sign-in on a demo. */
export const demoAdmin = { userName: 'admin', password: 'admin123456' } as const;

/** Where the web app keeps the staff token: sessionStorage, apart from the customer's (stores/staff-session.ts). */
export const STAFF_TOKEN_KEY = 'edgeward.staffToken';

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
  error?: string;
}

/** A staff call that must succeed, from an address of its own (the sign-in's per-address limit is small). */
export async function staffApi<T>(
  request: APIRequestContext,
  token: string | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  data?: unknown,
): Promise<T> {
  const [a, b, c] = randomBytes(3);
  const response = await request.fetch(`/api${url}`, {
    method,
    data,
    headers: { 'x-forwarded-for': `10.${a}.${b}.${c}`, ...(token ? { authorization: token } : {}) },
  });
  const body = (await response.json()) as Envelope<T>;
  if (body.code !== 200) throw new Error(`${method} /api${url}: ${body.code} ${body.error ?? ''} ${body.message}`);
  return body.data;
}

/** The demo admin's staff token, through the API (no code: the demo admin is exempt). */
export async function demoAdminToken(request: APIRequestContext): Promise<string> {
  const answer = await staffApi<{ token?: string }>(request, null, 'POST', '/admin/login', demoAdmin);
  if (!answer.token) throw new Error(`the demo admin was asked for a code: ${JSON.stringify(answer)}`);
  return answer.token;
}

/** A staff member's name of its own for a test. */
export const staffName = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex')}`;

/**
 * Opens the operator console signed in and in a language, both stored before the app's first script runs (the
 * staff token in this tab's sessionStorage, as the sign-in leaves it).
 */
export async function openAsStaff(page: Page, token: string, locale: 'en-US' | 'zh-CN', path: string) {
  await page.addInitScript(
    ([key, value, lang]) => {
      window.sessionStorage.setItem(key, value);
      window.localStorage.setItem('edgeward.locale', lang);
    },
    [STAFF_TOKEN_KEY, token, locale] as const,
  );
  await page.goto(path);
}

const reasonTexts = {
  'en-US': { reason: 'Reason', required: 'Give a reason' },
  'zh-CN': { reason: '原因', required: '请填写原因' },
} as const;

/**
 * The reason dialog (components/ReasonConfirmButton), open and still: confirmed empty it asks for the reason, then
 * the reason is typed into the field its label names and confirmed, and the dialog closes.
 */
export async function giveReason(page: Page, locale: 'en-US' | 'zh-CN', reason: string): Promise<void> {
  const t = reasonTexts[locale];
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('reason-confirm-reason') });
  await opened(dialog);
  await dialog.getByTestId('reason-confirm-ok').click();
  await expect(dialog.getByText(t.required)).toBeVisible();
  await dialog.getByLabel(t.reason).fill(reason);
  await dialog.getByTestId('reason-confirm-ok').click();
  await closed(dialog);
}
