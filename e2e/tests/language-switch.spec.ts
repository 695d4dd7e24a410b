import { loginDemo } from '../support/domains';
import { expect, signInWithToken, test } from '../support/fixtures';
import { switchLanguage } from '../support/popups';

/**
 * Issue 25, defect 3: switching the language keeps what was typed. The switch used to remount the whole app (antd's
 * ConfigProvider wraps its children in a locale provider only when given a locale), which emptied every field and
 * drew a new captcha.
 */
test('the register form keeps all its fields and its captcha across two language switches', async ({ page }) => {
  await page.goto('/user/register');
  const captcha = page.getByTestId('captcha-image');
  await expect(captcha).toBeVisible();
  const image = await captcha.getAttribute('src');
  const typed = {
    Username: 'keep_me',
    Password: 'Edge-ward-2026',
    'Confirm password': 'Edge-ward-2026',
    Email: 'keep@example.test',
    'Phone number': '13900000000',
    Captcha: 'abcd',
  } as const;
  for (const [label, value] of Object.entries(typed)) await page.getByLabel(label, { exact: true }).fill(value);
  const values = () =>
    page
      .locator('form input:not([type=checkbox])')
      .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  const before = await values();

  await switchLanguage(page, 'zh-CN');
  await expect(page.getByRole('heading', { name: '注册账号' })).toBeVisible();
  expect(await values()).toEqual(before);
  await switchLanguage(page, 'en-US');
  expect(await values()).toEqual(before);
  await expect(captcha).toHaveAttribute('src', image ?? '');
});

test('a ticket being written keeps its title and description across a language switch', async ({ page, request }) => {
  await signInWithToken(page, await loginDemo(request), '/ticket/new');
  const title = page.getByTestId('ticket-title-input');
  const description = page.getByTestId('ticket-description-input');
  await title.fill('Origin timeouts at night');
  await description.fill('Between 01:00 and 02:00 the origin times out.');
  await switchLanguage(page, 'zh-CN');
  await expect(title).toHaveValue('Origin timeouts at night');
  await expect(description).toHaveValue('Between 01:00 and 02:00 the origin times out.');
});

/** Issue 25, defect 7: package names come from the server in the reader's language, fetched again on a switch. */
test('the package catalogue and my orders name the packages in the language switched to', async ({ page, request }) => {
  await signInWithToken(page, await loginDemo(request), '/plan/buy');
  const catalogue = page.getByTestId('catalogue-package');
  await expect(catalogue.filter({ hasText: 'Traffic 1 TB' })).toHaveCount(1);
  await switchLanguage(page, 'zh-CN');
  await expect(catalogue.filter({ hasText: '流量包 1 TB' })).toHaveCount(1);
  await expect(catalogue.filter({ hasText: 'Traffic 1 TB' })).toHaveCount(0);
  await page.goto('/order');
  await expect(page.getByRole('row').filter({ hasText: '余额充值' }).first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '流量包 1 TB' }).first()).toBeVisible();
});
