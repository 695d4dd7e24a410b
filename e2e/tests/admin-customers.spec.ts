import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { api, randomLabel, startOrigin, uniqueApex, verifyOwnership } from '../support/domains';
import { expect, registerUser, type TestUser, test } from '../support/fixtures';
import { operator } from '../support/ops';
import { closed, opened } from '../support/popups';
import { demoAdminToken, giveReason, openAsStaff, staffApi } from '../support/staff';

/**
 * Issue 28, the operator console's customers (/admin/customers) as the demo admin, on a customer registered for the
 * test (never the demo customer, whom other tests use meanwhile): found by search (kept in the address), its page,
 * the menus set, a permission taken away, the account disabled (its API sign-in refused) and enabled again, and a
 * simulation link issued; in both languages, and the page on a phone.
 */

const texts = {
  'en-US': {
    customers: 'Customers',
    edgePlatform: 'Edge platform',
    notGranted: 'Not granted',
    unverified: 'Not verified',
    orders: 'Orders',
    domains: 'Domains',
    unpaid: 'Unpaid',
    underReview: 'Under review',
    signIns: 'Sign-ins',
    openSessions: 'Open sessions',
    signInKind: 'Sign-in',
  },
  'zh-CN': {
    customers: '客户',
    edgePlatform: '边缘平台',
    notGranted: '未授予',
    unverified: '未认证',
    orders: '订单',
    domains: '域名',
    unpaid: '未支付',
    underReview: '审核中',
    signIns: '登录记录',
    openSessions: '当前会话',
    signInKind: '登录',
  },
} as const;

interface CustomerDetail {
  id: number;
  cdnType: string;
  disabledAt: number | null;
  permissions: { permissionId: string; actionList: string[] }[];
}

/** The customer's own sign-in through the API, from an address of its own: its HTTP status and error id. */
async function customerLogin(request: APIRequestContext, user: TestUser) {
  const [a, b, c] = randomBytes(3);
  const response = await request.post('/api/user/login', {
    data: { userName: user.userName, password: user.password },
    headers: { 'x-forwarded-for': `10.${a}.${b}.${c}` },
  });
  const body = (await response.json()) as { error?: string };
  return { status: response.status(), error: body.error };
}

/** The customer's id, as the console's search finds it by email. */
async function customerIdOf(request: APIRequestContext, token: string, customer: TestUser): Promise<number> {
  const found = await staffApi<{ list: { id: number }[] }>(
    request,
    token,
    'GET',
    `/admin/customers?search=${encodeURIComponent(customer.email)}`,
  );
  const id = found.list[0]?.id;
  expect(id).toBeDefined();
  return id ?? 0;
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`the admin finds a new customer, sets its menus, disables and enables it and issues a simulation link (${locale})`, async ({
    page,
    request,
  }) => {
    test.slow();
    const t = texts[locale];
    const customer = await registerUser(request, 'cust');
    const token = await demoAdminToken(request);

    await openAsStaff(page, token, locale, '/admin');
    await page.getByTestId('admin-menu').getByRole('menuitem', { name: t.customers }).click();
    await expect(page).toHaveURL(/\/admin\/customers$/);
    const search = page.getByTestId('admin-customer-search').getByRole('searchbox');
    await search.fill(customer.email);
    await search.press('Enter');
    // The search lives in the address: a reload keeps it.
    await expect(page).toHaveURL(/\?search=/);
    expect(new URL(page.url()).searchParams.get('search')).toBe(customer.email);
    await page.reload();
    await expect(search).toHaveValue(customer.email);
    const row = page.getByRole('row').filter({ hasText: customer.userName });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(customer.email);
    await expect(row).toContainText('CDN');
    await expect(row).toContainText(t.unverified);
    await expect(row.getByTestId('admin-customer-disabled-tag')).toHaveCount(0);
    await row.getByTestId('admin-customer-link').click();

    await expect(page).toHaveURL(/\/admin\/customers\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(page.getByTestId('admin-menu').locator('.ant-menu-item-selected')).toHaveText(t.customers);
    await expect(page.getByTestId('admin-customer-name')).toHaveText(customer.userName);
    await expect(page.getByTestId('admin-customer-id')).toHaveText(String(id));
    await expect(page.getByTestId('admin-customer-balance')).toContainText('¥0.00');
    // The desks' links search them for the customer (those pages read the search from the address).
    await expect(page.getByTestId('admin-customer-orders-link')).toHaveAttribute(
      'href',
      `/admin/finance?search=${customer.userName}`,
    );
    await expect(page.getByTestId('admin-customer-tickets-link')).toHaveAttribute(
      'href',
      `/admin/tickets?search=${customer.userName}`,
    );
    // No two-factor to turn off for a new customer.
    await expect(page.getByTestId('admin-customer-two-factor-off')).toHaveCount(0);

    // The menus: chosen, confirmed, saved.
    await page.getByTestId('admin-customer-cdn-type').click();
    await page.locator(`.ant-select-item-option[title="${t.edgePlatform}"]`).click();
    const confirm = page.getByRole('dialog').filter({ has: page.getByTestId('admin-customer-cdn-type-ok') });
    await opened(confirm);
    await confirm.getByTestId('admin-customer-cdn-type-ok').click();
    await closed(confirm);
    await expect(page.getByTestId('admin-customer-cdn-type')).toContainText(t.edgePlatform);
    expect((await staffApi<CustomerDetail>(request, token, 'GET', `/admin/customers/${id}`)).cdnType).toBe('eo');

    // A permission taken away: no action ticked.
    await page.getByTestId('admin-customer-permission-edit-log').click();
    const permission = page.getByRole('dialog').filter({ has: page.getByTestId('admin-customer-permission-ok') });
    await opened(permission);
    await permission.getByTestId('admin-customer-permission-all').click();
    await expect(permission.getByTestId('admin-customer-permission-empty')).toBeVisible();
    await permission.getByTestId('admin-customer-permission-ok').click();
    await closed(permission);
    await expect(page.getByRole('row').filter({ hasText: 'log' })).toContainText(t.notGranted);
    const permissions = (await staffApi<CustomerDetail>(request, token, 'GET', `/admin/customers/${id}`)).permissions;
    expect(permissions.find((p) => p.permissionId === 'log')?.actionList ?? []).toEqual([]);

    // Disabled with a reason: the banner says why, and the customer's own sign-in is refused.
    await page.getByTestId('admin-customer-disable').click();
    await giveReason(page, locale, 'Chargeback under investigation');
    await expect(page.getByTestId('admin-customer-disabled')).toBeVisible();
    await expect(page.getByTestId('admin-customer-disabled-reason')).toContainText('Chargeback under investigation');
    await expect(page.getByTestId('admin-customer-simulate')).toBeDisabled();
    expect(await customerLogin(request, customer)).toEqual({ status: 403, error: 'ACCOUNT_DISABLED' });

    // Enabled again: the banner goes and the customer signs in.
    await page.getByTestId('admin-customer-enable').click();
    await giveReason(page, locale, 'Chargeback settled');
    await expect(page.getByTestId('admin-customer-disabled')).toHaveCount(0);
    await expect(page.getByTestId('admin-customer-disable')).toBeVisible();
    expect((await customerLogin(request, customer)).status).toBe(200);

    // A simulation link: the console's address and the customer's sign-in path, with its expiry and an "Open".
    await page.getByTestId('admin-customer-simulate').click();
    await giveReason(page, locale, 'Customer asked for help with a setting');
    const open = page.getByTestId('admin-customer-simulation-open');
    await expect(open).toHaveAttribute('target', '_blank');
    const url = (await open.getAttribute('href')) ?? '';
    expect(url.startsWith(`${new URL(page.url()).origin}/user/login/`)).toBe(true);
    await expect(page.getByTestId('admin-customer-simulation-link')).toContainText(url);
    await expect(page.getByTestId('admin-customer-simulation-expires')).toBeVisible();
  });
}

test('a customer’s page holds on a phone: cards stacked, no page-wide scrolling', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const customer = await registerUser(request, 'custp');
  const token = await demoAdminToken(request);
  const id = await customerIdOf(request, token, customer);
  await openAsStaff(page, token, 'zh-CN', `/admin/customers/${id}`);
  await expect(page.getByTestId('admin-customer-name')).toHaveText(customer.userName);
  await expect(page.getByTestId('admin-customer-permissions')).toBeVisible();
  const balance = await page.getByTestId('admin-customer-balance').boundingBox();
  const orders = await page.getByTestId('admin-customer-orders').boundingBox();
  expect(balance && orders && orders.y > balance.y && Math.abs(orders.x - balance.x) < 2).toBe(true);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // The list on a phone: cards, the search from the address.
  await openAsStaff(page, token, 'zh-CN', `/admin/customers?search=${encodeURIComponent(customer.email)}`);
  await expect(page.getByTestId('admin-customer-card').filter({ hasText: customer.userName })).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});

/**
 * A verified customer with an order (a bank-transfer recharge, waiting) and a domain (whole-site, waiting for review):
 * what the lists of the customer's page show.
 */
async function customerWithBusiness(request: APIRequestContext) {
  const customer = await registerUser(request, 'custl');
  await operator('user', 'verify', customer.userName);
  const order = await api<{ orderNo: string }>(request, customer.token, 'POST', '/recharge/create', {
    data: { amountYuan: 300, method: 'bank_transfer' },
  });
  const domainName = `${randomLabel('www')}.${uniqueApex()}`;
  await verifyOwnership(request, customer.token, domainName);
  const origin = await startOrigin();
  try {
    await api(request, customer.token, 'POST', '/domain/create', {
      data: { domainName, type: 'whole_site', origin: { ipOrDomain: [origin.name], httpPort: origin.port } },
    });
  } finally {
    await origin.close();
  }
  return { customer, orderNo: order.orderNo, domainName };
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`a customer's page lists its orders and domains in place, the tab kept in the address (${locale})`, async ({
    page,
    request,
  }) => {
    const t = texts[locale];
    const { customer, orderNo, domainName } = await customerWithBusiness(request);
    const token = await demoAdminToken(request);
    const id = await customerIdOf(request, token, customer);
    await openAsStaff(page, token, locale, `/admin/customers/${id}`);
    await expect(page.getByTestId('admin-customer-name')).toHaveText(customer.userName);

    await page.getByRole('tab', { name: t.orders, exact: true }).click();
    await expect(page).toHaveURL(/\?tab=orders$/);
    const order = page.getByTestId('admin-customer-orders-table').getByRole('row').filter({ hasText: orderNo });
    await expect(order).toContainText('¥300.00');
    await expect(order).toContainText(t.unpaid);
    // The order's actions are the finance desk's: its number leads there, searched for it.
    await expect(order.getByTestId('admin-customer-order-link')).toHaveAttribute(
      'href',
      `/admin/finance?search=${orderNo}`,
    );

    await page.getByRole('tab', { name: t.domains, exact: true }).click();
    await expect(page).toHaveURL(/\?tab=domains$/);
    const domain = page.getByTestId('admin-customer-domains-table').getByRole('row').filter({ hasText: domainName });
    await expect(domain).toContainText(t.underReview);
    // A reload keeps the tab.
    await page.reload();
    await expect(
      page.getByTestId('admin-customer-domains-table').getByRole('row').filter({ hasText: domainName }),
    ).toHaveCount(1);
    // The sign-ins tab: the customer's open session (their sign-in above) under its heading, over the login log.
    await page.getByRole('tab', { name: t.signIns, exact: true }).click();
    await expect(page).toHaveURL(/\?tab=logins$/);
    const sessions = page.getByTestId('admin-customer-sessions-section');
    await expect(sessions.getByRole('heading', { name: t.openSessions })).toBeVisible();
    await expect(
      sessions
        .getByTestId('admin-customer-sessions-table')
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: t.signInKind, exact: true }) })
        .first(),
    ).toBeVisible();
    await expect(page.getByTestId('admin-customer-logins-table')).toBeVisible();
    // The account's tab leaves no `?tab=` behind.
    await page.getByTestId('admin-customer-tab-account').click();
    await expect(page).toHaveURL(new RegExp(`/admin/customers/${id}$`));
    await expect(page.getByTestId('admin-customer-profile')).toBeVisible();
  });
}

test('a customer’s list on a phone scrolls inside its table, not the page', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { customer, orderNo } = await customerWithBusiness(request);
  const token = await demoAdminToken(request);
  const id = await customerIdOf(request, token, customer);
  await openAsStaff(page, token, 'en-US', `/admin/customers/${id}?tab=orders`);
  await expect(
    page.getByTestId('admin-customer-orders-table').getByRole('row').filter({ hasText: orderNo }),
  ).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});
