import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, TOKEN_STORAGE_KEY, test } from '../support/fixtures';
import { closed, opened } from '../support/popups';
import {
  demoAdmin,
  demoAdminToken,
  giveReason,
  openAsStaff,
  STAFF_TOKEN_KEY,
  staffApi,
  staffName,
} from '../support/staff';
import { totp } from '../support/totp';

/**
 * Issue 28, the operator console's first slice: the staff sign-in at /admin/login, the dashboard, staff management
 * and the audit log, in both languages and on a phone. The demo admin signs in without a code (a demo on loopback)
 * and the console says so on every page; a new member sets two-factor sign-in up at the first sign-in.
 */

const texts = {
  'en-US': {
    userName: 'Username',
    password: 'Password',
    logIn: /^Log in$/,
    banner:
      'This demo admin signs in without two-factor authentication; this is allowed only on a demo installation on loopback.',
    staff: 'Staff',
    audit: 'Audit log',
    support: 'Support',
    disabled: 'Disabled',
    create: 'Add member',
    disable: 'Disable member',
  },
  'zh-CN': {
    userName: '用户名',
    password: '密码',
    // antd spaces the two characters of a Chinese button: '登 录'.
    logIn: /^登\s?录$/,
    banner: '此演示管理员无需双因素认证即可登录；仅允许在本机回环地址上的演示安装中这样做。',
    staff: '员工',
    audit: '审计日志',
    support: '客服',
    disabled: '已停用',
    create: '添加员工',
    disable: '停用员工',
  },
} as const;

type Locale = keyof typeof texts;

async function signIn(page: Page, locale: Locale, userName: string, password: string) {
  const t = texts[locale];
  await page.getByLabel(t.userName, { exact: true }).fill(userName);
  await page.getByLabel(t.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: t.logIn }).click();
}

/**
 * Chooses an option of the open select: its list is virtual (a dozen options drawn at a time), so it is scrolled
 * until the option is there.
 */
async function chooseOption(page: Page, label: string) {
  const option = page.locator('.ant-select-item-option', { hasText: new RegExp(`^${label}$`) });
  const list = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first();
  for (let turn = 0; turn < 20 && (await option.count()) === 0; turn++) {
    await list.hover();
    await page.mouse.wheel(0, 150);
  }
  await option.click();
}

/** The staff sign-in page, in a language chosen before the app's first script runs. */
async function openSignIn(page: Page, locale: Locale, path = '/admin/login') {
  await page.addInitScript((lang) => window.localStorage.setItem('edgeward.locale', lang), locale);
  await page.goto(path);
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`the demo admin signs in, adds a member, disables them with a reason and finds both in the audit log (${locale})`, async ({
    page,
  }) => {
    test.slow();
    const t = texts[locale];
    await openSignIn(page, locale, '/admin/staff');
    await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Fstaff$/);
    await signIn(page, locale, demoAdmin.userName, demoAdmin.password);

    // Back where the sign-in was asked for, with the warning every page carries for the exempt demo admin.
    await expect(page).toHaveURL(/\/admin\/staff$/);
    await expect(page.getByTestId('admin-two-factor-exempt')).toHaveText(t.banner);
    await page.getByTestId('admin-menu').getByRole('menuitem').first().click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByTestId('admin-dashboard')).toBeVisible();
    await expect(page.getByTestId('admin-dashboard-customers')).toContainText(/\d/);
    await expect(page.getByTestId('admin-two-factor-exempt')).toHaveText(t.banner);

    // A new member: the password is shown once, in a dialog that closes only by its button.
    await page.getByTestId('admin-menu').getByRole('menuitem', { name: t.staff }).click();
    const name = staffName('e2e');
    await page.getByTestId('admin-staff-add').click();
    const addDialog = page.getByRole('dialog').filter({ has: page.getByTestId('admin-staff-add-name') });
    await opened(addDialog);
    await page.getByTestId('admin-staff-add-name').fill(name);
    await page.getByTestId('admin-staff-add-role').click();
    await chooseOption(page, t.support);
    await page.getByTestId('admin-staff-add-submit').click();
    const password = page.getByTestId('admin-staff-password');
    await expect(password).toHaveText(/^\S{18}$/);
    const shown = (await password.textContent()) ?? '';
    await page.keyboard.press('Escape');
    await expect(password).toBeVisible();
    await page.getByTestId('admin-staff-password-done').click();
    await expect(password).toBeHidden();
    await expect(page.getByText(shown)).toHaveCount(0);

    // Disabled, with a reason the dialog insists on.
    const row = page
      .getByRole('row')
      .filter({ has: page.getByTestId('admin-staff-name').getByText(name, { exact: true }) });
    await expect(row).toHaveCount(1);
    await row.getByTestId('admin-staff-disable').click();
    const reason = `left the team ${name}`;
    await giveReason(page, locale, reason);
    await expect(row).toContainText(t.disabled);
    await expect(row.getByTestId('admin-staff-enable')).toBeVisible();

    // Both actions in the audit log, the reason with the second; the CSV export has them too.
    await page.getByTestId('admin-menu').getByRole('menuitem', { name: t.audit }).click();
    const entry = (action: string) =>
      page
        .getByRole('row')
        .filter({ has: page.getByTestId('admin-audit-action').getByText(action, { exact: true }) })
        .filter({ hasText: name });
    await expect(entry(t.create)).toHaveCount(1);
    await expect(entry(t.disable)).toHaveCount(1);
    await expect(entry(t.disable)).toContainText(reason);
    await expect(entry(t.create)).toContainText('127.0.0.1');

    await page.getByTestId('admin-audit-action-filter').click();
    await chooseOption(page, t.disable);
    await expect(entry(t.create)).toHaveCount(0);
    await expect(entry(t.disable)).toHaveCount(1);

    const download = page.waitForEvent('download');
    await page.getByTestId('admin-audit-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^staff-audit-\d{8}\.csv$/);
    const csv = await readFile(await file.path(), 'utf8');
    expect(csv).toContain(reason);
    expect(csv).toContain('staff.disable');
    expect(csv.split('\n').filter((line) => line.includes('staff.create'))).toEqual([]);
  });
}

test('a new member sets two-factor sign-in up at the first sign-in and sees only what the role opens', async ({
  page,
  request,
}) => {
  test.slow();
  const admin = await demoAdminToken(request);
  const name = staffName('e2e_support');
  const { password } = await staffApi<{ password: string }>(request, admin, 'POST', '/admin/staff', {
    userName: name,
    role: 'support',
  });

  await openSignIn(page, 'en-US');
  await signIn(page, 'en-US', name, password);
  const setup = page.getByTestId('staff-two-factor-setup');
  await expect(setup.getByRole('img', { name: 'QR code of the key for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('staff-two-factor-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('Verification code').fill('000000');
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page.getByText('The verification code is wrong or was already used')).toBeVisible();
  await page.getByLabel('Verification code').fill(totp(secret));
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();

  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('admin-dashboard')).toBeVisible();
  await expect(page.getByTestId('admin-staff-badge')).toContainText(`${name}Support`);
  // A support member has no two-factor exemption, and no staff or audit screens.
  await expect(page.getByTestId('admin-two-factor-exempt')).toHaveCount(0);
  await expect(page.getByTestId('admin-menu').getByRole('menuitem')).toHaveText([
    'Dashboard',
    'Tickets',
    'Notices',
    'Customers',
  ]);
  await page.goto('/admin/staff');
  await expect(page.getByTestId('admin-403')).toBeVisible();

  // The member's next sign-in asks for the code of the app just set up.
  await page.getByTestId('admin-sign-out').click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await signIn(page, 'en-US', name, password);
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  await expect(page.getByTestId('staff-two-factor-setup')).toHaveCount(0);
});

test('the staff session and the customer session stay apart', async ({ page, user }) => {
  // A customer signed in in the same browser; the staff's wrong password says so, and signing out ends the staff
  // session only.
  await page.addInitScript(
    ([key, value]) => {
      if (!window.sessionStorage.getItem('e2e.seeded')) window.localStorage.setItem(key, value);
      window.sessionStorage.setItem('e2e.seeded', '1');
    },
    [TOKEN_STORAGE_KEY, user.token] as const,
  );
  await page.goto('/admin/login');
  await signIn(page, 'en-US', staffName('nobody'), 'not-the-password');
  await expect(page.getByText('Incorrect username or password')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);

  await signIn(page, 'en-US', demoAdmin.userName, demoAdmin.password);
  await expect(page.getByTestId('admin-dashboard')).toBeVisible();
  const storage = () =>
    page.evaluate(([staffKey, customerKey]) => [sessionStorage.getItem(staffKey), localStorage.getItem(customerKey)], [
      STAFF_TOKEN_KEY,
      TOKEN_STORAGE_KEY,
    ] as const);
  const [staffToken, customerToken] = await storage();
  expect(staffToken).toBeTruthy();
  expect(customerToken).toBe(user.token);

  // The staff token is no customer session: the customer console still shows the customer.
  await page.goto('/account/info');
  await expect(page.getByText(user.userName).first()).toBeVisible();

  await page.goto('/admin');
  await page.getByTestId('admin-sign-out').click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await storage()).toEqual([null, user.token]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const locale of ['en-US', 'zh-CN'] as const) {
    test(`the menu opens as a drawer, leads to a page and closes; nothing leaves the screen (${locale})`, async ({
      page,
      request,
    }) => {
      const t = texts[locale];
      await openAsStaff(page, await demoAdminToken(request), locale, '/admin');
      await expect(page.getByTestId('admin-dashboard')).toBeVisible();
      await expect(page.getByTestId('admin-menu')).toHaveCount(0);
      await page.getByTestId('admin-menu-toggle').click();
      const drawer = page.getByRole('dialog').filter({ has: page.getByTestId('admin-menu') });
      await expect(drawer).toBeVisible();
      await expect(drawer.getByTestId('admin-staff-badge')).toContainText(demoAdmin.userName);
      await drawer.getByRole('menuitem', { name: t.staff }).click();
      await closed(drawer);
      await expect(page).toHaveURL(/\/admin\/staff$/);
      await expect(page.getByTestId('row-cards')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      await page.getByTestId('admin-menu-toggle').click();
      await expect(drawer).toBeVisible();
      await drawer.getByRole('menuitem', { name: t.audit }).click();
      await closed(drawer);
      await expect(page.getByTestId('admin-audit-card').first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
    });
  }
});
