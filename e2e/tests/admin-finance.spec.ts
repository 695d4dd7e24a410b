import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { api } from '../support/domains';
import { expect, openInLanguage, registerVerifiedUser, test } from '../support/fixtures';
import { operator } from '../support/ops';
import { chooseOption } from '../support/popups';
import { demoAdminToken, giveReason, openAsStaff } from '../support/staff';

/**
 * Issue 28, the operator console's finance desk (/admin/finance) as the demo admin: a bank transfer announced by
 * a customer of the test's own is confirmed with the amount received and the customer's balance shows it; a paid package
 * order is refunded with a reason; a package is added and withdrawn; the revenue statement shows its table.
 */

const texts = {
  'en-US': {
    finance: 'Finance',
    transfers: 'Bank transfers',
    orders: 'Orders',
    packages: 'Packages',
    revenue: 'Revenue',
    refunded: 'Refunded',
    onSale: 'On sale',
    offSale: 'Withdrawn',
    total: 'Total',
  },
  'zh-CN': {
    finance: '财务',
    transfers: '银行转账',
    orders: '订单',
    packages: '套餐',
    revenue: '收入',
    refunded: '已退款',
    onSale: '在售',
    offSale: '已下架',
    total: '合计',
  },
} as const;
type Locale = keyof typeof texts;

interface Order {
  id: number;
  orderNo: string;
  amountFen: string;
  status: string;
  bankTransfer: { reference: string } | null;
}

async function balanceFen(request: APIRequestContext, token: string): Promise<bigint> {
  return BigInt((await api<{ balanceFen: string }>(request, token, 'GET', '/balance')).balanceFen);
}

/** ¥1,234.50 as the console shows fen: ¥1234.50. */
const yuanText = (fen: bigint) => `¥${fen / 100n}.${String(fen % 100n).padStart(2, '0')}`;

/** A customer's package order, paid from a balance topped up by a bank transfer the command line confirmed. */
async function paidPackageOrder(request: APIRequestContext, customer: string) {
  const catalogue = await api<{ id: number; code: string; priceFen: string }[]>(
    request,
    customer,
    'GET',
    '/package/list',
  );
  const pkg = catalogue.find((item) => item.code === 'sample-https-10m');
  if (!pkg) throw new Error('the sample catalogue has no sample-https-10m');
  const amountYuan = Math.ceil(Number(pkg.priceFen) / 100);
  const topUp = await api<Order>(request, customer, 'POST', '/recharge/create', {
    data: { amountYuan, method: 'bank_transfer' },
  });
  await operator('recharge', 'confirm', topUp.bankTransfer?.reference ?? '', String(amountYuan));
  const order = await api<Order>(request, customer, 'POST', '/order/create', { data: { packageId: pkg.id } });
  const paid = await request.post(`/api/order/${order.id}/pay-by-balance`, {
    headers: { authorization: customer, 'idempotency-key': `pay-${randomBytes(16).toString('hex')}` },
  });
  expect(((await paid.json()) as { code: number }).code).toBe(200);
  return { order, pkg };
}

/** The row of a table (or the card on a phone) that holds `text`. */
const rowWith = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

for (const locale of ['en-US', 'zh-CN'] as const satisfies readonly Locale[]) {
  test(`a bank transfer is confirmed with the amount received, and the balance shows it (${locale})`, async ({
    page,
    browser,
    request,
  }) => {
    const t = texts[locale];
    const customer = (await registerVerifiedUser(request, 'transfer')).token;
    const order = await api<Order>(request, customer, 'POST', '/recharge/create', {
      data: { amountYuan: 300, method: 'bank_transfer' },
    });
    const reference = order.bankTransfer?.reference ?? '';
    expect(reference).not.toBe('');
    const before = await balanceFen(request, customer);

    await openAsStaff(page, await demoAdminToken(request), locale, '/admin');
    await page.getByRole('menuitem', { name: t.finance }).click();
    await expect(page).toHaveURL(/\/admin\/finance/);
    await page.getByRole('tab', { name: t.transfers }).click();
    const row = rowWith(page, reference);
    await expect(row).toContainText('¥300.00');
    await row.getByTestId('admin-finance-transfer-confirm').click();

    const received = page.getByTestId('admin-finance-received');
    await expect(received).toHaveValue('300.00');
    await expect(page.getByTestId('admin-finance-received-differs')).toHaveCount(0);
    // A third decimal is no amount of fen; 0 is refused; a different amount is said before crediting.
    await received.fill('299.505');
    await page.getByTestId('admin-finance-transfer-confirm-ok').click();
    await expect(page.getByRole('dialog').locator('.ant-form-item-explain-error')).toBeVisible();
    await received.fill('299.5');
    await expect(page.getByTestId('admin-finance-received-differs')).toContainText('¥299.50');
    await expect(page.getByTestId('admin-finance-received-differs')).toContainText('¥300.00');
    await page.getByTestId('admin-finance-transfer-confirm-ok').click();
    await expect(rowWith(page, reference)).toHaveCount(0);
    expect(await balanceFen(request, customer)).toBe(before + 29950n);

    // The customer's own console shows the new balance.
    const context = await browser.newContext();
    const mine = await context.newPage();
    await openInLanguage(mine, locale, customer, '/recharge');
    await expect(mine.getByTestId('balance')).toHaveText(yuanText(before + 29950n));
    await context.close();
  });
}

test('a bank transfer that never came is rejected with a reason', async ({ page, request }) => {
  const customer = (await registerVerifiedUser(request, 'transfer')).token;
  const order = await api<Order>(request, customer, 'POST', '/recharge/create', {
    data: { amountYuan: 12, method: 'bank_transfer' },
  });
  const reference = order.bankTransfer?.reference ?? '';
  await openAsStaff(page, await demoAdminToken(request), 'en-US', '/admin/finance?tab=transfers');
  await rowWith(page, reference).getByTestId('admin-finance-transfer-reject').click();
  await giveReason(page, 'en-US', 'No money arrived in 30 days');
  await expect(rowWith(page, reference)).toHaveCount(0);
  const detail = await api<Order>(request, customer, 'GET', `/order/${order.id}/detail`);
  expect(detail.status).toBe('cancelled');
});

for (const locale of ['en-US', 'zh-CN'] as const satisfies readonly Locale[]) {
  test(`a paid package order is refunded with a reason (${locale})`, async ({ page, request }) => {
    const t = texts[locale];
    const customer = (await registerVerifiedUser(request, 'refund')).token;
    const { order, pkg } = await paidPackageOrder(request, customer);
    const before = await balanceFen(request, customer);

    await openAsStaff(page, await demoAdminToken(request), locale, '/admin/finance');
    await expect(page.getByRole('tab', { name: t.orders })).toHaveAttribute('aria-selected', 'true');
    await page.getByTestId('admin-finance-order-search').getByRole('searchbox').fill(order.orderNo);
    await page.getByTestId('admin-finance-order-search').getByRole('searchbox').press('Enter');
    const row = rowWith(page, order.orderNo);
    await expect(row).toHaveCount(1);
    await row.getByTestId('admin-finance-refund').click();
    await giveReason(page, locale, 'Bought by mistake');
    await expect(row).toContainText(t.refunded);
    await expect(row.getByTestId('admin-finance-refund')).toHaveCount(0);
    expect(await balanceFen(request, customer)).toBe(before + BigInt(pkg.priceFen));

    // The drawer tells the whole order.
    await row.getByTestId('admin-finance-order-details').click();
    await expect(page.getByTestId('admin-finance-order-drawer')).toContainText(order.orderNo);
  });
}

test('a package is added to the catalogue, then withdrawn', async ({ page, request }) => {
  const t = texts['en-US'];
  const code = `e2e-${randomBytes(4).toString('hex')}`;
  await openAsStaff(page, await demoAdminToken(request), 'en-US', '/admin/finance?tab=packages');
  await page.getByTestId('admin-finance-package-add').click();
  await page.getByTestId('admin-finance-package-submit').click();
  await expect(page.getByRole('dialog').locator('.ant-form-item-explain-error').first()).toBeVisible();
  await page.getByTestId('admin-finance-package-code').fill(code);
  await chooseOption(page, page.getByTestId('admin-finance-package-type'), /^Traffic$/);
  await page.getByTestId('admin-finance-package-name').fill('Traffic 1 TB (e2e)');
  await page.getByTestId('admin-finance-package-nameZh').fill('流量包 1 TB（测试）');
  await page.getByTestId('admin-finance-package-spec').fill('1 TB of traffic for 12 months');
  await page.getByTestId('admin-finance-package-specZh').fill('1 TB 流量，12 个月');
  await page.getByTestId('admin-finance-package-price').fill('0.1');
  await page.getByTestId('admin-finance-package-months').fill('12');
  await page.getByTestId('admin-finance-package-quota').fill(String(1024n ** 4n));
  await page.getByTestId('admin-finance-package-submit').click();

  const row = rowWith(page, code);
  await expect(row).toContainText('¥0.10');
  await expect(row).toContainText(t.onSale);
  await row.getByTestId('admin-finance-package-withdraw').click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /OK|Confirm/ })
    .click();
  await expect(row).toContainText(t.offSale);
  await expect(row.getByTestId('admin-finance-package-put-back')).toBeVisible();
});

for (const locale of ['en-US', 'zh-CN'] as const satisfies readonly Locale[]) {
  test(`the revenue tab shows its table with the total row (${locale})`, async ({ page, request }) => {
    const t = texts[locale];
    await openAsStaff(page, await demoAdminToken(request), locale, '/admin/finance');
    await page.getByRole('tab', { name: t.revenue }).click();
    await expect(page.getByTestId('admin-finance-revenue-table')).toBeVisible();
    await expect(page.getByTestId('admin-finance-revenue-total')).toContainText(t.total);
    // 30 days to start with, then 12 months.
    await expect(page.getByTestId('admin-finance-revenue-table').locator('tbody tr.ant-table-row')).toHaveCount(30);
    await page
      .getByTestId('admin-finance-revenue-granularity')
      .getByText(locale === 'en-US' ? 'By month' : '按月')
      .click();
    await expect(page.getByTestId('admin-finance-revenue-table').locator('tbody tr.ant-table-row')).toHaveCount(12);
    const download = page.waitForEvent('download');
    await page.getByTestId('admin-finance-revenue-export').click();
    expect((await download).suggestedFilename()).toMatch(/\.csv$/);
  });
}

test('on a phone the finance desk shows cards and its tabs', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAsStaff(page, await demoAdminToken(request), 'en-US', '/admin/finance?tab=packages');
  await expect(page.getByTestId('admin-finance-package-card').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
