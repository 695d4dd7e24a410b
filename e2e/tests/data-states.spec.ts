import type { Page } from '@playwright/test';
import { expect, openInLanguage, test } from '../support/fixtures';

/**
 * Issue 8, point 2: every screen that loads data shows loading, error, empty and data apart. A failed read shows
 * what failed, its request id and a retry, never the empty state; a slow read shows a skeleton, never the empty
 * state; the empty state only for an answer that is really empty. A new account has no domains.
 */

const texts = {
  'en-US': {
    listFailed: 'The domain list could not be loaded',
    logFailed: 'The login log could not be loaded',
    requestId: 'Request ID: e2e-failed-read',
    retry: 'Retry',
    empty: 'No domains yet',
  },
  'zh-CN': {
    listFailed: '域名列表加载失败',
    logFailed: '登录日志加载失败',
    requestId: '请求 ID：e2e-failed-read',
    retry: '重试',
    empty: '还没有域名',
  },
} as const;

/**
 * Answers a read with the server's 500 envelope and its request id, as an unexpected error does. A routed page is
 * slow to start (each of its requests goes through the route first), so the tests judge what it shows once it has
 * made its call, not within a fixed time of opening it.
 */
async function failReads(page: Page, pattern: string): Promise<void> {
  await page.route(pattern, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      headers: { 'x-request-id': 'e2e-failed-read' },
      body: JSON.stringify({ code: 500, message: 'Internal server error', data: null, error: 'INTERNAL_ERROR' }),
    }),
  );
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  const text = texts[locale];

  test.describe(locale, () => {
    test.use({ locale });

    test(`a failing domain list shows what failed, the request id and a retry, never "no domains" (${locale})`, async ({
      page,
      user,
    }) => {
      await failReads(page, '**/api/domain/list?*');
      const answered = page.waitForResponse('**/api/domain/list?*');
      await openInLanguage(page, locale, user.token, '/domain');
      await answered;
      const failure = page.getByTestId('load-error');
      await expect(failure).toContainText(text.listFailed);
      await expect(failure.getByTestId('load-error-request-id')).toHaveText(text.requestId);
      await expect(page.getByTestId('domain-empty')).toHaveCount(0);
      await expect(page.getByText(text.empty)).toHaveCount(0);

      // The retry asks again; the server's real answer for a new account is empty, and only now says so.
      await page.unroute('**/api/domain/list?*');
      await failure.getByRole('button', { name: text.retry }).click();
      await expect(page.getByTestId('domain-empty')).toContainText(text.empty);
      await expect(page.getByTestId('load-error')).toHaveCount(0);
      // Nothing to page through: no pager under the empty state.
      await expect(page.locator('.ant-pagination')).toHaveCount(0);
    });

    test(`a slow domain list shows a skeleton, not the empty state, until it answers (${locale})`, async ({
      page,
      user,
    }) => {
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/domain/list?*', async (route) => {
        await held;
        await route.continue();
      });
      const asked = page.waitForRequest('**/api/domain/list?*');
      await openInLanguage(page, locale, user.token, '/domain');
      await asked;
      await expect(page.getByTestId('data-loading')).toBeVisible();
      await expect(page.getByTestId('domain-empty')).toHaveCount(0);
      release();
      await expect(page.getByTestId('domain-empty')).toBeVisible();
      await expect(page.getByTestId('data-loading')).toHaveCount(0);
    });

    test(`the login log uses the same failure state (${locale})`, async ({ page, user }) => {
      await failReads(page, '**/api/log/login?*');
      const answered = page.waitForResponse('**/api/log/login?*');
      await openInLanguage(page, locale, user.token, '/log');
      await answered;
      const failure = page.getByTestId('load-error');
      await expect(failure).toContainText(text.logFailed);
      await expect(failure.getByTestId('load-error-request-id')).toHaveText(text.requestId);
      await expect(failure.getByRole('button', { name: text.retry })).toBeVisible();
    });
  });
}
