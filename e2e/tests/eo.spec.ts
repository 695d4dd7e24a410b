import type { Page } from '@playwright/test';
import { test as base, expect, registerUser, signInWithToken, type TestUser } from '../support/fixtures';
import { operator } from '../support/ops';
import { chooseOption } from '../support/popups';

/** A newly registered account whose cdnType the operator has set, as `npm run ops -- user cdn-type` does. */
const test = base.extend<{ account: (cdnType: 'cdn' | 'eo' | 'all') => Promise<TestUser> }>({
  account: async ({ request }, use) => {
    await use(async (cdnType) => {
      const user = await registerUser(request, 'eo');
      if (cdnType !== 'cdn') expect(await operator('user', 'cdn-type', user.userName, cdnType)).toContain(cdnType);
      return user;
    });
  },
});

const menu = (page: Page) => page.getByTestId('nav-menu');
const menuLink = (page: Page, path: string) => menu(page).locator(`a[href="${path}"]`);

test('a CDN user sees the CDN menu only; edge-platform pages are forbidden in the web and on the server', async ({
  page,
  account,
}) => {
  const user = await account('cdn');
  await signInWithToken(page, user.token, '/');
  await expect(menuLink(page, '/domain')).toBeVisible();
  await expect(menuLink(page, '/eodomain')).toHaveCount(0);
  await expect(menu(page).getByText('Edge platform')).toHaveCount(0);

  await page.goto('/eodomain');
  await expect(page.getByText('Sorry, you are not authorized to access this page.')).toBeVisible();
  const response = await page.request.get('/api/eo/domain/list', { headers: { authorization: user.token } });
  expect(response.status()).toBe(403);
});

test('an edge-platform user sees the edge-platform menu only; CDN pages are forbidden', async ({ page, account }) => {
  const user = await account('eo');
  await signInWithToken(page, user.token, '/eo');
  for (const path of ['/eo', '/eodomain', '/eostatistics/usage', '/eopreheat', '/eoPlan']) {
    await expect(menuLink(page, path)).toBeVisible();
  }
  await expect(menuLink(page, '/domain')).toHaveCount(0);
  await expect(menuLink(page, '/certificate/manage')).toHaveCount(0); // in a closed group, shared by both menus
  await page.goto('/domain');
  await expect(page.getByText('Sorry, you are not authorized to access this page.')).toBeVisible();
  const response = await page.request.get('/api/domain/list', { headers: { authorization: user.token } });
  expect(response.status()).toBe(403);
});

test('a user of both variants sees the CDN menu and the edge platform in a group of its own', async ({
  page,
  account,
}) => {
  const user = await account('all');
  await signInWithToken(page, user.token, '/');
  await expect(menuLink(page, '/domain')).toBeVisible();
  await menu(page).getByText('Edge platform').click();
  await expect(menuLink(page, '/eodomain')).toBeVisible();
  await menuLink(page, '/eodomain').click();
  await expect(page).toHaveURL(/\/eodomain$/);
  await expect(page.getByText('Sorry, you are not authorized to access this page.')).toHaveCount(0);
  const response = await page.request.get('/api/eo/domain/list', { headers: { authorization: user.token } });
  expect(response.status()).toBe(200);
});

test('the demo account has both menus; its edge-platform domain keeps a security policy checked as the server does', async ({
  page,
  request,
}) => {
  const login = await request.post('/api/user/login', { data: { userName: 'demo', password: 'demo123456' } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  await signInWithToken(page, token, '/eodomain');
  await expect(menuLink(page, '/domain')).toBeVisible();
  await expect(menuLink(page, '/eodomain')).toBeVisible();
  const eoSample = page.getByTestId('domain-link').filter({ hasText: 'secure.example.com' });
  await expect(eoSample).toBeVisible();
  await expect(page.getByTestId('domain-link').filter({ hasText: 'static.example.com' })).toHaveCount(0); // CDN's

  await eoSample.click();
  await expect(page.getByTestId('eo-domain-name')).toHaveText('secure.example.com');
  await page.getByRole('tab', { name: 'Security policy' }).click();
  await expect(page).toHaveURL(/\/eodomain\/setting\/security\/\d+$/);
  await expect(page.getByTestId('eo-baseline')).toBeVisible();
  await page.getByTestId('eo-level-strict').click();

  // Bandwidth abuse defence: a rate cap under 64 KB/s is refused under the field, before anything is sent.
  await page.getByTestId('eo-abuse').getByRole('switch').click();
  await page.getByTestId('eo-bandwidthAbuseDefense-rateCapKbps').fill('10');
  await page.getByTestId('eo-security-save').click();
  await expect(page.getByText('The rate cap must be a whole number of KB/s from 64 to 102400')).toBeVisible();
  await page.getByTestId('eo-bandwidthAbuseDefense-rateCapKbps').fill('512');
  const saved = page.waitForResponse((r) => r.url().endsWith('/security') && r.request().method() === 'POST');
  await page.getByTestId('eo-security-save').click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Security policy saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('radio', { name: /^Strict/ })).toBeChecked();
});

test("the edge platform's overview, statistics and preheat screens call the edge platform's API", async ({
  page,
  request,
}) => {
  const login = await request.post('/api/user/login', { data: { userName: 'demo', password: 'demo123456' } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const calls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/')) calls.push(path);
  });
  await signInWithToken(page, token, '/eo');
  await expect(page.getByTestId('domain-status-counts')).toBeVisible();
  await expect.poll(() => calls).toContain('/api/user/eo-home');
  expect(calls).toContain('/api/eo/domain/list');
  expect(calls).toContain('/api/user/eo/my-plan');
  expect(calls).not.toContain('/api/user/home');

  await menuLink(page, '/eostatistics/usage').click();
  // The demo week covers the last seven days at any hour; Today is empty in the first minutes after Beijing's midnight.
  await chooseOption(page, page.getByTestId('usage-range'), 'Last 7 days');
  await expect(page.getByTestId('usage-chart').locator('canvas')).toHaveCount(1);
  await expect.poll(() => calls).toContain('/api/eo/domain/my-statistics-domain');
  await expect.poll(() => calls).toContain('/api/eo/domain/statistics');
  expect(calls).not.toContain('/api/user/my_statistics_domain');

  await menuLink(page, '/eopreheat').click();
  await expect(page).toHaveURL(/\/eopreheat$/);
  await expect(page.getByText('Sorry, you are not authorized to access this page.')).toHaveCount(0);
});

test("the edge-platform domain's HTTPS and general parts follow the CDN's rules and save through their calls", async ({
  page,
  request,
}) => {
  const login = await request.post('/api/user/login', { data: { userName: 'demo', password: 'demo123456' } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const list = await request.get('/api/eo/domain/list', { headers: { authorization: token } });
  const id = ((await list.json()) as { data: { list: { id: number; domainName: string }[] } }).data.list.find(
    (d) => d.domainName === 'secure.example.com',
  )?.id;
  await signInWithToken(page, token, `/eodomain/setting/https/${id}`);
  const https = page.getByTestId('eo-save-https').locator('xpath=ancestor::form');
  // The sample domain has no certificate yet: there is nothing to replace.
  await expect(https.getByRole('checkbox', { name: 'Upload a certificate' })).toBeVisible();
  await https.getByRole('switch').nth(1).click(); // HTTP/2 while HTTPS is off
  await page.getByTestId('eo-save-https').click();
  await expect(page.getByText('Please enable HTTPS first')).toBeVisible();

  await page.getByRole('tab', { name: 'General settings' }).click();
  await expect(page).toHaveURL(new RegExp(`/eodomain/setting/config/${id}$`));
  const config = page.getByTestId('eo-save-config').locator('xpath=ancestor::form');
  await config.getByRole('switch').nth(1).click(); // gzip
  const saved = page.waitForResponse((r) => r.url().endsWith(`/eo/domain/${id}/config`));
  await page.getByTestId('eo-save-config').click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('General settings saved')).toBeVisible();

  // Issue 25, defect 6: the general part holds the CDN's sections (cache, headers, URL authentication, request
  // limits), saved through /config: a response header is refused as the CDN refuses it, then saved and kept.
  for (const section of ['cache-rules', 'section-request-headers', 'section-response-headers']) {
    await expect(page.getByTestId(section)).toBeVisible();
  }
  const headers = page.getByTestId('section-response-headers');
  await headers.getByTestId('response-header-add').click();
  const name = headers.getByTestId('response-header-name');
  await name.fill('Bad Header');
  await headers.getByTestId('response-header-value').fill('edge');
  await headers.getByTestId('domain-save-response-headers').click();
  await expect(headers.locator('.ant-form-item-explain-error')).toHaveCount(1);
  await name.fill('X-E2e-Eo');
  const headerSaved = page.waitForResponse((r) => r.url().endsWith(`/eo/domain/${id}/config`));
  await headers.getByTestId('domain-save-response-headers').click();
  expect((await headerSaved).status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('section-response-headers').getByTestId('response-header-name')).toHaveValue(
    'X-E2e-Eo',
  );
  const detail = await request.get(`/api/eo/domain/${id}`, { headers: { authorization: token } });
  const body = (await detail.json()) as { data: { domainConfig: { httpResponseHeader: { headers: unknown[] } } } };
  expect(body.data.domainConfig.httpResponseHeader.headers).toEqual([
    { name: 'X-E2e-Eo', value: 'edge', action: 'set' },
  ]);
});
