import { randomBytes } from 'node:crypto';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { e2e } from './env';
import { operator } from './ops';

/**
 * Where the web app keeps the session token in localStorage (apps/web/src/stores/session.ts). `signInWithToken`
 * waits for the app's profile call to succeed, so a renamed key fails loudly rather than silently.
 */
export const TOKEN_STORAGE_KEY = 'edgeward.token';

export interface TestUser {
  userName: string;
  password: string;
  email: string;
  phone: string;
  token: string;
}

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
  error?: string;
}

async function call<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  url: string,
  options: { params?: Record<string, string>; data?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const response = await request.fetch(`/api${url}`, {
    method,
    params: options.params,
    data: options.data,
    headers: options.headers,
  });
  const text = await response.text();
  let body: Envelope<T>;
  try {
    body = JSON.parse(text) as Envelope<T>;
  } catch {
    throw new Error(`${method} /api${url}: HTTP ${response.status()}, not JSON: ${text.slice(0, 200)}`);
  }
  if (!response.ok() || body.code !== 200) {
    throw new Error(`${method} /api${url}: HTTP ${response.status()} ${body.error ?? ''} ${body.message}`);
  }
  return body.data;
}

/** A fresh captcha id; the server runs with TEST_FIXED_CAPTCHA, so its answer is known. */
async function captcha(request: APIRequestContext, headers: Record<string, string>) {
  const { captchaId } = await call<{ captchaId: string }>(request, 'GET', '/user/captchaImage', { headers });
  return { captchaId, captchaCode: e2e.captcha };
}

/**
 * Registers a new account through the API, as the register screen does, and logs it in. Each registration comes
 * from an address of its own (X-Forwarded-For; the e2e server trusts the proxy header), so the per-address limits
 * on codes and captchas stay out of the way of a long suite, while the browser's own calls still count as 127.0.0.1.
 */
export async function registerUser(request: APIRequestContext, prefix = 'e2e'): Promise<TestUser> {
  const [a, b, c] = randomBytes(3);
  const headers = { 'x-forwarded-for': `10.${a}.${b}.${c}` };
  const suffix = randomBytes(5).toString('hex');
  const user = {
    userName: `${prefix}_${suffix}`,
    password: `Pw-${suffix}-9x`,
    email: `${prefix}.${suffix}@example.test`,
    phone: `139${String(Number.parseInt(suffix, 16) % 100_000_000).padStart(8, '0')}`,
  };
  await call(request, 'GET', '/user/email_code', {
    params: { email: user.email, purpose: 'register', ...(await captcha(request, headers)) },
    headers,
  });
  await call(request, 'POST', '/user/register', {
    data: {
      ...user,
      confirmPassword: user.password,
      emailCode: e2e.emailCode,
      agreement: true,
      ...(await captcha(request, headers)),
    },
    headers,
  });
  const { token } = await call<{ token: string }>(request, 'POST', '/user/login', {
    data: { userName: user.userName, password: user.password },
    headers,
  });
  return { ...user, token };
}

/**
 * A new account whose real name the operator has verified (`npm run ops -- user verify`), as one must be to top up
 * or pay: the operator console's tests act on a customer of their own, never on the demo account that every other
 * test shares.
 */
export async function registerVerifiedUser(request: APIRequestContext, prefix = 'e2e'): Promise<TestUser> {
  const user = await registerUser(request, prefix);
  await operator('user', 'verify', user.userName);
  return user;
}

/**
 * Opens the app already signed in: the token is in localStorage before the app's first script runs. It is seeded
 * once per tab, so a test that logs out and reloads sees the logged-out app.
 */
export async function signInWithToken(page: Page, token: string, path = '/'): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      if (window.sessionStorage.getItem('e2e.tokenSeeded')) return;
      window.localStorage.setItem(key, value);
      window.sessionStorage.setItem('e2e.tokenSeeded', '1');
    },
    [TOKEN_STORAGE_KEY, token] as const,
  );
  const profile = page
    .waitForResponse((response) => new URL(response.url()).pathname === '/api/user/profile', { timeout: 10_000 })
    .catch(() => undefined);
  await page.goto(path);
  const response = await profile;
  expect(response?.status(), `a successful profile call with the token stored under "${TOKEN_STORAGE_KEY}"`).toBe(200);
  await expect(page).not.toHaveURL(/\/user\/login/);
}

/**
 * Opens the app signed in and in the given language, both stored before the app's first script runs (without
 * waiting for any answer, so that a test can hold or fail the page's first calls).
 */
export async function openInLanguage(
  page: Page,
  locale: 'en-US' | 'zh-CN',
  token: string,
  path: string,
): Promise<void> {
  await page.addInitScript(
    ([key, value, lang]) => {
      window.localStorage.setItem(key, value);
      window.localStorage.setItem('edgeward.locale', lang);
    },
    [TOKEN_STORAGE_KEY, token, locale] as const,
  );
  await page.goto(path);
}

/** `user`: a newly registered account per test; `signedInPage`: a page already signed in as that user. */
export const test = base.extend<{ user: TestUser; signedInPage: Page }>({
  user: async ({ request }, use) => {
    await use(await registerUser(request));
  },
  signedInPage: async ({ page, user }, use) => {
    await signInWithToken(page, user.token);
    await use(page);
  },
});

export { expect };
