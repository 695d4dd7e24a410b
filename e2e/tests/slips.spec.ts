import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { domainTest as test } from '../support/domain-test';
import {
  api,
  createEnabledDomain,
  type DomainDetail,
  randomLabel,
  uniqueApex,
  verifyOwnership,
} from '../support/domains';
import { e2e } from '../support/env';
import { expect, registerUser, signInWithToken } from '../support/fixtures';
import { operator } from '../support/ops';
import { chooseOption, switchLanguage } from '../support/popups';

/**
 * Issue 8, points 3 and 5: numbers and names are never changed silently, and no slip leaves the user at a dead end.
 * The domain tests share the demo account (real-name verified), each with names of its own.
 */
const apex = uniqueApex();

/** Counts the configuration saves the page sends from now on. */
function countSaves(page: Page): () => number {
  let saves = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/domain\/config\/\d+\//.test(new URL(request.url()).pathname)) {
      saves += 1;
    }
  });
  return () => saves;
}

test.describe('3. numbers and names are never changed silently', () => {
  test('a cache priority of 101 is refused with the rule, kept as typed and not saved', async ({
    page,
    demoToken,
    domain,
  }) => {
    await signInWithToken(page, demoToken, `/domain/setting/cache/${domain.id}`);
    const saves = countSaves(page);
    await page.getByTestId('cache-rule-add').click();
    const dialog = page.getByRole('dialog');
    await chooseOption(page, dialog.getByTestId('cache-rule-type'), 'Directory / path');
    await dialog.getByTestId('cache-rule-content').fill('/priority/');
    const priority = dialog.getByTestId('cache-rule-priority');
    await priority.fill('101');
    await priority.blur();
    await expect(priority).toHaveValue('101');
    await dialog.getByTestId('domain-save-cache-rule').click();
    await expect(dialog.getByText('Priority must be a whole number from 1 to 100')).toBeVisible();
    await expect(dialog).toBeVisible();
    expect(saves()).toBe(0);
  });

  test('ports out of range or not numbers are refused with the rule, in English and Chinese', async ({
    page,
    demoToken,
    domain,
  }) => {
    await signInWithToken(page, demoToken, `/domain/setting/origin/${domain.id}`);
    const saves = countSaves(page);
    const port = page.getByLabel('HTTP port');
    for (const [typed, text] of [
      ['70000', 'Please enter a port between 1 and 65535'],
      ['0', 'Please enter a port between 1 and 65535'],
      ['abc', 'Please enter a number'],
    ] as const) {
      await port.fill(typed);
      await port.blur();
      await expect(port).toHaveValue(typed);
      await page.getByTestId('domain-save-origin').click();
      await expect(page.getByText(text)).toBeVisible();
    }
    expect(saves()).toBe(0);

    await switchLanguage(page, 'zh-CN');
    const zhPort = page.getByLabel('HTTP 端口');
    await zhPort.fill('70000');
    await page.getByTestId('domain-save-origin').click();
    await expect(page.getByText('请输入 1 到 65535 之间的端口')).toBeVisible();
    await zhPort.fill('abc');
    await expect(page.getByText('请输入数字')).toBeVisible();
    expect(saves()).toBe(0);
  });

  test('a domain name over 253 characters is kept whole and refused with a message', async ({ page, demoToken }) => {
    const long = `${Array.from({ length: 4 }, () => 'a'.repeat(63)).join('.')}.${'b'.repeat(20)}`;
    expect(long.length).toBe(276);
    await signInWithToken(page, demoToken, '/domain/create');
    const name = page.getByTestId('create-domain-name');
    await name.fill(long);
    await expect(name).toHaveValue(long);
    await page.getByTestId('create-next').click();
    await expect(page.getByText('A domain name can be at most 253 characters')).toBeVisible();
    await expect(page.getByTestId('verify-txt-host')).toHaveCount(0);
  });

  test('a domain already added is refused on the first step, under the name', async ({ page, demoToken, domain }) => {
    await signInWithToken(page, demoToken, '/domain/create');
    await page.getByTestId('create-domain-name').fill(domain.domainName);
    await page.getByTestId('create-next').click();
    await expect(page.getByText('This domain name has already been added')).toBeVisible();
    // One report, under the field: no toast besides it, and the flow stays on its first step.
    await expect(page.locator('.ant-message-notice')).toHaveCount(0);
    await expect(page.getByTestId('verify-txt-host')).toHaveCount(0);
    await expect(page.getByTestId('create-domain-name')).toBeVisible();

    await switchLanguage(page, 'zh-CN');
    await page.getByTestId('create-domain-name').fill(domain.domainName);
    await page.getByTestId('create-next').click();
    await expect(page.getByText('该域名已被添加')).toBeVisible();
  });
});

test.describe('5. dead ends and slips', () => {
  test('the WebSocket add-on refusal says how to get it and links to buying it', async ({ page, request, origin }) => {
    // A verified customer without the add-on (the demo account holds it, as its sample orders say).
    const customer = await registerUser(request, 'ws');
    await operator('user', 'verify', customer.userName);
    const domain = await createEnabledDomain(request, customer.token, `${randomLabel('ws')}.${apex}`, origin);
    await signInWithToken(page, customer.token, `/domain/setting/advanced/${domain.id}`);
    await page.getByTestId('websocket-switch').click();
    const refusal = page.getByTestId('addon-required');
    await expect(refusal).toContainText('This is a paid add-on: buy the add-on package first');
    await refusal.getByRole('link', { name: 'Buy the add-on' }).click();
    await expect(page).toHaveURL('/plan/buy');
  });

  test('a whole-site domain under review says its CNAME comes after review, not within a minute', async ({
    page,
    request,
    demoToken,
    origin,
  }) => {
    const domainName = `${randomLabel('ws')}.${apex}`;
    await verifyOwnership(request, demoToken, domainName);
    const created = await api<DomainDetail>(request, demoToken, 'POST', '/domain/create', {
      data: { domainName, type: 'whole_site', origin: { ipOrDomain: [origin.name], httpPort: origin.port } },
    });
    expect(created.status).toBe('under_review');
    await signInWithToken(page, demoToken, `/domain/setting/basic/${created.id}`);
    await expect(page.getByTestId('domain-cname-pending')).toHaveText('Assigned after review');
    await expect(page.getByTestId('cname-guide-pending')).toContainText('after our staff have approved the domain');
    await expect(page.getByText('usually within a minute')).toHaveCount(0);
    await expect(
      page.getByText('The settings cannot be changed while the domain is in the state “Under review”.'),
    ).toBeVisible();

    await switchLanguage(page, 'zh-CN');
    await expect(page.getByTestId('domain-cname-pending')).toHaveText('审核通过后分配');
  });

  test('the register result page needs an account, and names it without a stray space', async ({ page }) => {
    await page.goto('/user/register-result');
    await expect(page).toHaveURL('/user/register');
    await page.goto('/user/register-result?account=new_user');
    await expect(page.getByText('Your account new_user has been registered')).toBeVisible();
    await switchLanguage(page, 'zh-CN');
    await expect(page.getByText('你的账户“new_user”注册成功')).toBeVisible();
  });

  test('the register form speaks through its own messages only, in Chinese too', async ({ page }) => {
    await page.goto('/user/register');
    await switchLanguage(page, 'zh-CN');
    // The browser's own validation would fire `invalid` on the email field (type=email) and stop the submit.
    await page.evaluate(() => {
      (window as unknown as { invalidEvents: number }).invalidEvents = 0;
      document.addEventListener(
        'invalid',
        () => {
          (window as unknown as { invalidEvents: number }).invalidEvents += 1;
        },
        true,
      );
    });
    await page.getByLabel('邮箱', { exact: true }).fill('not-an-email');
    // antd spaces a two-character label: '注 册'.
    await page.getByRole('button', { name: /^注\s?册$/ }).click();
    await expect(page.getByText('请输入有效的邮箱地址')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { invalidEvents: number }).invalidEvents)).toBe(0);
    await expect(page.locator('form[novalidate]')).toHaveCount(1);
  });

  test('a registration refused for its email code says why the captcha field was emptied', async ({ page }) => {
    const suffix = randomBytes(4).toString('hex');
    await page.goto('/user/register');
    await expect(page.getByTestId('captcha-image')).toBeVisible();
    await page.getByLabel('Username').fill(`slip_${suffix}`);
    await page.getByLabel('Password', { exact: true }).fill('Edge-ward-2026');
    await page.getByLabel('Confirm password').fill('Edge-ward-2026');
    await page.getByLabel('Email', { exact: true }).fill(`slip_${suffix}@example.test`);
    await page
      .getByLabel('Phone number')
      .fill(`139${String(Number.parseInt(suffix, 16) % 100_000_000).padStart(8, '0')}`);
    const captcha = page.getByLabel('Captcha', { exact: true });
    await captcha.fill(e2e.captcha);
    await page.getByTestId('send-code').click();
    await expect(page.getByText(`A verification code has been sent to slip_${suffix}@example.test`)).toBeVisible();
    // The captcha typed for the code is the registration's too.
    await expect(captcha).toHaveValue(e2e.captcha);
    const wrongCode = String((Number(e2e.emailCode) + 1) % 1_000_000).padStart(6, '0');
    await page.getByLabel('Email code').fill(wrongCode);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText('The email code is wrong or has expired')).toBeVisible();
    await expect(captcha).toHaveValue('');
    await expect(
      page.getByText('That captcha has been used up: please type the characters of the new image'),
    ).toBeVisible();
    await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  });

  test('a wrong current password is reported once, under its field', async ({ page, user }) => {
    await signInWithToken(page, user.token, '/account/settings/security');
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('Another-pass-2026');
    await page.getByLabel('Confirm password').fill('Another-pass-2026');
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user/edit_password');
    await page.getByRole('button', { name: 'Change password' }).click();
    expect((await answered).status()).toBe(400);
    await expect(page.getByText('The current password is incorrect')).toHaveCount(1);
    await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  });
});
