import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { baseURL } from '../support/env';
import { test as base, expect, registerUser, signInWithToken, type TestUser } from '../support/fixtures';
import { closed, dropdownOf, opened, switchLanguage } from '../support/popups';

/**
 * One account per worker, and a session of its own for every test: the tests stay independent (logging out ends
 * only that session) without spending the server's per-address e-mail code budget on an account per test. The
 * one test that renames its account registers its own.
 */
const test = base.extend<{ token: string }, { account: TestUser }>({
  account: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL });
      await use(await registerUser(request, 'shell'));
      await request.dispose();
    },
    { scope: 'worker' },
  ],
  token: async ({ request, account }, use) => {
    await use(await logIn(request, account));
  },
});

async function logIn(request: APIRequestContext, account: Pick<TestUser, 'userName' | 'password'>): Promise<string> {
  const response = await request.post('/api/user/login', {
    data: { userName: account.userName, password: account.password },
  });
  const body = (await response.json()) as { code: number; message: string; data: { token: string } };
  expect(body.code, `login of ${account.userName}: ${body.message}`).toBe(200);
  return body.data.token;
}

/** Only the web's Chinese pack holds this spec text: it tells the pack's chunk apart, whatever the chunk is named. */
const CHINESE_MARK = '这是最后一个标签了';

interface Script {
  url: string;
  chinese: boolean;
}

/** Every JavaScript file the page loads, with whether it carries the Chinese pack. */
function recordScripts(page: Page): Promise<Script>[] {
  const scripts: Promise<Script>[] = [];
  page.on('response', (response) => {
    const url = response.url();
    if (!new URL(url).pathname.endsWith('.js')) return;
    scripts.push(
      response.text().then(
        (body) => ({ url, chinese: body.includes(CHINESE_MARK) }),
        () => ({ url, chinese: false }),
      ),
    );
  });
  return scripts;
}

const sideMenu = (page: Page) => page.getByTestId('side-menu');
const tabBar = (page: Page) => page.getByTestId('multi-tab-bar');
const tab = (page: Page, path: string) => tabBar(page).locator(`[data-testid="tab-item"][data-tab-path="${path}"]`);
const tabPaths = (page: Page) => tabBar(page).getByTestId('tab-item');

/**
 * A window tall enough for the whole overview: on a page that scrolls, a click landing on the zooming tab menu is
 * retried by Playwright after scrolling the document, which moves the menu under the sticky header.
 */
const unscrolledOverview = { width: 1280, height: 1400 } as const;

/** Right-clicks a tab and picks a command of its menu. */
async function tabCommand(page: Page, path: string, command: string) {
  await tab(page, path).click({ button: 'right' });
  const item = page.getByRole('menuitem', { name: command, exact: true });
  const menu = dropdownOf(page, item);
  await opened(menu);
  await item.click();
  await closed(menu);
}

/** The tab bar's notice (antd message). */
const notice = (page: Page, text: string): Locator => page.locator('.ant-message').getByText(text, { exact: true });

async function expectTabs(page: Page, paths: string[]) {
  await expect(tabPaths(page)).toHaveCount(paths.length);
  for (const [index, path] of paths.entries()) {
    await expect(tabPaths(page).nth(index)).toHaveAttribute('data-tab-path', path);
  }
}

test('the zh-CN pack is fetched only when Chinese is chosen, and the menu follows the language', async ({
  page,
  token,
}) => {
  const scripts = recordScripts(page);
  await signInWithToken(page, token);
  const overview = sideMenu(page).getByRole('link', { name: 'Overview' });
  await expect(overview).toBeVisible();
  await page.waitForLoadState('networkidle');
  const before = await Promise.all(scripts);
  expect(before.length).toBeGreaterThan(0);
  expect(
    before.filter((script) => script.chinese).map((script) => script.url),
    'scripts with the zh-CN texts fetched before switching',
  ).toEqual([]);

  await switchLanguage(page, 'zh-CN');
  await expect(sideMenu(page).getByRole('link', { name: '概览' })).toBeVisible();
  await expect(sideMenu(page).getByRole('link', { name: '域名管理' })).toBeVisible();
  await expect(page.getByTestId('tab-item')).toHaveText('概览');
  await expect(page).toHaveTitle('概览 - Edgeward');
  const pack = (await Promise.all(scripts)).slice(before.length).filter((script) => script.chinese);
  expect(pack.length, 'a script with the zh-CN texts fetched on switching').toBeGreaterThan(0);
  test.info().annotations.push({ type: 'zh-CN chunk', description: pack.map((script) => script.url).join(', ') });

  await switchLanguage(page, 'en-US');
  await expect(overview).toBeVisible();
  await expect(page.getByTestId('tab-item')).toHaveText('Overview');
  await expect(page).toHaveTitle('Overview - Edgeward');
});

test('the multi-tab bar opens a tab per page, keeps them across a reload and closes them by its menu', async ({
  page,
  token,
}) => {
  await page.setViewportSize(unscrolledOverview);
  // A long walk through six pages and every command of the tab menu.
  test.slow();
  await signInWithToken(page, token);
  await switchLanguage(page, 'zh-CN');

  const pages: [string, string][] = [
    ['域名管理', '/domain'],
    ['统计分析', '/statistics/usage'],
    ['刷新预热', '/preheat'],
    ['我的套餐', '/plan'],
    ['消息中心', '/msg'],
  ];
  for (const [label, path] of pages) {
    await sideMenu(page).getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(tab(page, path)).toBeVisible();
  }
  const all = ['/', ...pages.map(([, path]) => path)];
  await expectTabs(page, all);

  await page.reload();
  await expect(page).toHaveURL('/msg');
  await expectTabs(page, all);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

  // Activating a tab navigates to its page.
  await tab(page, '/statistics/usage').click();
  await expect(page).toHaveURL('/statistics/usage');
  await tab(page, '/msg').click();
  await expect(page).toHaveURL('/msg');

  await tabCommand(page, '/msg', '关闭右侧');
  await expect(notice(page, '右侧没有标签')).toBeVisible();
  await expectTabs(page, all);

  await tabCommand(page, '/', '关闭左侧');
  await expect(notice(page, '左侧没有标签')).toBeVisible();
  await expectTabs(page, all);

  await tabCommand(page, '/preheat', '关闭左侧');
  await expectTabs(page, ['/preheat', '/plan', '/msg']);
  await expect(page).toHaveURL('/msg');

  // The active tab goes with the ones on the right, so the tab that was clicked becomes the page.
  await tabCommand(page, '/preheat', '关闭右侧');
  await expectTabs(page, ['/preheat']);
  await expect(page).toHaveURL('/preheat');

  await sideMenu(page).getByRole('link', { name: '我的套餐', exact: true }).click();
  await expectTabs(page, ['/preheat', '/plan']);
  await tabCommand(page, '/plan', '关闭当前标签');
  await expectTabs(page, ['/preheat']);
  await expect(page).toHaveURL('/preheat');

  await sideMenu(page).getByRole('link', { name: '消息中心', exact: true }).click();
  await expectTabs(page, ['/preheat', '/msg']);
  await tabCommand(page, '/msg', '关闭全部');
  await expect(page).toHaveURL('/');
  await expectTabs(page, ['/']);

  await tabCommand(page, '/', '关闭当前标签');
  await expect(notice(page, '这是最后一个标签了, 无法被关闭')).toBeVisible();
  await expectTabs(page, ['/']);
  await expect(page).toHaveURL('/');
});

test('the closing notices read in English when the console is in English', async ({ page, token }) => {
  await page.setViewportSize(unscrolledOverview);
  await signInWithToken(page, token);
  await expectTabs(page, ['/']);
  await tabCommand(page, '/', 'Close tabs to the right');
  await expect(notice(page, 'No tabs on the right')).toBeVisible();
  await tabCommand(page, '/', 'Close tabs to the left');
  await expect(notice(page, 'No tabs on the left')).toBeVisible();
  await tabCommand(page, '/', 'Close current');
  await expect(notice(page, 'This is the last tab and cannot be closed')).toBeVisible();
});

test('the refresh icon reloads the content area only', async ({ page, token }) => {
  await signInWithToken(page, token, '/log');
  const firstRow = page.getByRole('row').filter({ hasText: 'Success' }).first();
  await expect(firstRow).toBeVisible();
  const heading = page.getByRole('heading', { name: 'Logs' });
  const before = await heading.elementHandle();
  await page.evaluate(() => {
    (window as unknown as Record<string, unknown>).e2eMarker = 'same document';
  });

  const refetched = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/log/login');
  await page.getByTestId('header-refresh').click();
  await refetched;
  await expect.poll(() => before?.evaluate((element) => element.isConnected)).toBe(false);
  await expect(heading).toBeVisible();
  await expect(firstRow).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).e2eMarker)).toBe('same document');
  await expect(page.getByTestId('side-menu')).toBeVisible();
});

test('a page style change in the settings drawer is kept across a reload', async ({ page, token }) => {
  await signInWithToken(page, token);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'dark');

  await page.getByTestId('settings-button').click();
  const drawer = page.getByRole('dialog', { name: 'Page style settings' });
  await expect(drawer).toBeVisible();
  await drawer.getByText('Light', { exact: true }).click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();

  await page.reload();
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.getByTestId('settings-button').click();
  await expect(drawer.getByRole('radio', { name: 'Light' })).toBeChecked();
});

test('logging out from the avatar menu asks first and returns to the login page', async ({ page, token }) => {
  await signInWithToken(page, token);
  await page.getByTestId('avatar-menu').click();
  const logout = page.getByTestId('avatar-menu-logout');
  const menu = dropdownOf(page, logout);
  await opened(menu);
  await logout.click();
  await closed(menu);
  const confirm = page.getByRole('dialog').filter({ hasText: 'Are you sure you want to log out?' });
  await opened(confirm);
  const loggedOut = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/user/logout');
  await confirm.getByRole('button', { name: 'OK' }).click();
  expect((await loggedOut).ok()).toBe(true);
  await expect(page).toHaveURL('/user/login');
  await expect(page.getByRole('heading', { name: 'Log in to your console' })).toBeVisible();

  // The session is gone, not only forgotten by this tab.
  const profile = await page.request.get('/api/user/profile', { headers: { Authorization: token } });
  expect((await profile.json()).code).not.toBe(200);
  await page.goto('/domain');
  await expect(page).toHaveURL('/user/login?redirect=%2Fdomain');
});

test('an unknown address shows the 404 page', async ({ page, token }) => {
  await signInWithToken(page, token, '/no/such/page');
  await expect(page).toHaveURL('/404');
  await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
  await expect(page).toHaveTitle('Page not found - Edgeward');
  await page.getByRole('button', { name: 'Back to home' }).click();
  await expect(page).toHaveURL('/');
});

test('the account settings save a new user name', async ({ page, user }) => {
  await signInWithToken(page, user.token, '/account/settings');
  await expect(page).toHaveURL('/account/settings/basic');
  const userName = page.getByLabel('Username');
  await expect(userName).toHaveValue(user.userName);

  const renamed = `${user.userName}_x`;
  await userName.fill(renamed);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your information has been updated')).toBeVisible();
  await expect(page.getByTestId('avatar-menu')).toContainText(renamed);

  await page.reload();
  await expect(page.getByLabel('Username')).toHaveValue(renamed);
  await logIn(page.request, { userName: renamed, password: user.password });
});

test('the log page lists the login log', async ({ page, token }) => {
  await signInWithToken(page, token, '/log');
  await expect(page.getByRole('heading', { name: 'Logs' })).toBeVisible();
  await expect(
    page.getByText('Log management is under construction; the login and operation logs are available.'),
  ).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Login log' })).toHaveAttribute('aria-selected', 'true');
  const rows = page.getByRole('row').filter({ hasText: 'Success' });
  await expect(rows.first()).toBeVisible();
  await expect(rows.first()).toContainText('Password');
  expect(await rows.count()).toBeGreaterThanOrEqual(1);
});
