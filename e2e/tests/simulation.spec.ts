import { expect, openInLanguage, registerUser, test } from '../support/fixtures';
import { demoAdminToken, staffApi } from '../support/staff';

/**
 * Issue 28: an operator's simulation link opens the customer's console, which says so on every page while it lasts
 * (and refuses the credentials' changes, as the server does); the customer's own session shows no banner.
 */
const banner = {
  'en-US': 'simulation link',
  'zh-CN': '模拟登录链接',
} as const;

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`a simulated session shows the banner on every page, a customer's own none (${locale})`, async ({
    page,
    request,
  }) => {
    const customer = await registerUser(request, 'sim');
    const staff = await demoAdminToken(request);
    const found = await staffApi<{ list: { id: number }[] }>(
      request,
      staff,
      'GET',
      `/admin/customers?search=${customer.userName}`,
    );
    const link = await staffApi<{ path: string }>(
      request,
      staff,
      'POST',
      `/admin/customers/${found.list[0]!.id}/simulation`,
      { reason: 'ticket check' },
    );
    await page.addInitScript((lang) => window.localStorage.setItem('edgeward.locale', lang), locale);
    await page.goto(link.path);
    const shown = page.getByTestId('simulation-banner');
    await expect(shown).toContainText(banner[locale]);
    await page.goto('/domain');
    await expect(shown).toContainText(banner[locale]);

    const own = await page.context().browser()!.newContext();
    const ownPage = await own.newPage();
    await openInLanguage(ownPage, locale, customer.token, '/domain');
    await expect(ownPage.getByTestId('main-header')).toBeVisible();
    await expect(ownPage.getByTestId('simulation-banner')).toHaveCount(0);
    await own.close();
  });
}
