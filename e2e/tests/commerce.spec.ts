import type { Page } from '@playwright/test';
import { domainTest as test } from '../support/domain-test';
import { api } from '../support/domains';
import { expect, openInLanguage, signInWithToken } from '../support/fixtures';
import { operator } from '../support/ops';

/**
 * Packages, orders, the pay view, balance and recharge, as the demo account (real-name verified, with a sample
 * balance and catalogue). QR payments go through the sandbox gateway: its pay page is opened in the browser and
 * confirmed, and the pay view polls until the gateway's notification (a durable job) has marked the order paid.
 * A bank transfer is confirmed the way the operator does it, with `npm run ops -- recharge confirm` (support/ops.ts).
 */

const texts = {
  'en-US': {
    success: 'Payment successful',
    cancelledOutcome: 'This order has been cancelled',
    notMeasured: 'Not measured yet',
    cancel: 'Cancel order',
    cancelled: 'Cancelled',
    cancelDone: 'The order was cancelled',
    httpsPackage: 'HTTPS requests 10 million',
  },
  'zh-CN': {
    success: '支付成功',
    cancelledOutcome: '该订单已取消',
    notMeasured: '尚未统计',
    cancel: '取消订单',
    cancelled: '已取消',
    cancelDone: '订单已取消',
    httpsPackage: 'HTTPS 请求数包 1000 万次',
  },
} as const;

interface Order {
  id: number;
  orderNo: string;
  amountFen: string;
  status: string;
}
interface Package {
  id: number;
  code: string;
  name: string;
  priceFen: string;
}

async function balanceFen(request: Parameters<typeof api>[0], token: string): Promise<bigint> {
  return BigInt((await api<{ balanceFen: string }>(request, token, 'GET', '/balance')).balanceFen);
}

/** The catalogue's package `code`, its texts in `locale`. */
async function samplePackage(
  request: Parameters<typeof api>[0],
  token: string,
  code: string,
  locale: 'en-US' | 'zh-CN' = 'en-US',
): Promise<Package> {
  const list = await api<Package[]>(request, token, 'GET', '/package/list', { locale });
  const found = list.find((item) => item.code === code);
  if (!found) throw new Error(`the sample catalogue has no ${code}`);
  return found;
}

/** From the catalogue to the pay view of a new order for `name`. */
async function orderFromCatalogue(page: Page, name: string): Promise<void> {
  await page.getByTestId('catalogue-package').filter({ hasText: name }).getByTestId('catalogue-buy').click();
  await expect(page).toHaveURL(/\/plan\/buy\/\d+$/);
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/order\/\d+\/pay$/);
}

/** Shows the pay view's QR code, opens the sandbox's pay page (the QR code's URL) in another tab and confirms. */
async function payOnSandboxPage(page: Page): Promise<void> {
  await page.getByTestId('pay-by-qr').click();
  await expect(page.getByTestId('sandbox-notice')).toBeVisible();
  await expect(page.getByTestId('qr-code')).toBeVisible();
  const payUrl = await page.getByTestId('sandbox-pay-link').getAttribute('href');
  expect(payUrl).toMatch(/\/api\/payment\/sandbox\/[\w-]+$/);
  const sandbox = await page.context().newPage();
  await sandbox.goto(payUrl ?? '');
  await sandbox.locator('#sandbox-pay').click();
  await expect(sandbox.locator('body')).toContainText(/Payment confirmed|支付已确认/);
  await sandbox.close();
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  const text = texts[locale];

  test(`buy a package by balance; my packages show it, usage not measured (${locale})`, async ({
    page,
    request,
    demoToken,
  }) => {
    const pkg = await samplePackage(request, demoToken, 'sample-https-10m', locale);
    expect(pkg.name).toBe(text.httpsPackage);
    const before = await balanceFen(request, demoToken);
    await openInLanguage(page, locale, demoToken, '/plan/buy');
    await orderFromCatalogue(page, pkg.name);
    await expect(page.getByTestId('pay-amount')).toHaveText('¥5.00');
    await page.getByTestId('pay-by-balance').click();
    await expect(page.getByTestId('pay-outcome')).toHaveText(text.success);
    expect(await balanceFen(request, demoToken)).toBe(before - BigInt(pkg.priceFen));

    await page.goto('/plan');
    const row = page.getByRole('row').filter({ hasText: pkg.name }).first();
    await expect(row).toBeVisible();
    await expect(row.getByTestId('not-measured').first()).toHaveText(text.notMeasured);
  });

  test(`cancel an unpaid order with confirmation; its pay view says cancelled (${locale})`, async ({
    page,
    request,
    demoToken,
  }) => {
    const pkg = await samplePackage(request, demoToken, 'sample-traffic-100g');
    const order = await api<Order>(request, demoToken, 'POST', '/order/create', { data: { packageId: pkg.id } });
    await openInLanguage(page, locale, demoToken, '/order');
    const search = page.getByTestId('order-search').getByRole('searchbox');
    await search.fill(order.orderNo);
    await search.press('Enter');
    const row = page.getByRole('row').filter({ hasText: order.orderNo });
    await expect(row).toHaveCount(1);
    await row.getByTestId('order-cancel').click();
    await page.getByRole('tooltip').getByRole('button', { name: text.cancel }).click();
    await expect(page.getByText(text.cancelDone)).toBeVisible();
    await expect(row.getByTestId('order-status')).toHaveText(text.cancelled);
    await expect(row.getByTestId('order-cancel')).toHaveCount(0);

    await page.goto(`/order/${order.id}/pay`);
    await expect(page.getByTestId('pay-outcome')).toHaveText(text.cancelledOutcome);
  });
}

test('buy a package by QR code through the sandbox pay page', async ({ page, request, demoToken }) => {
  const pkg = await samplePackage(request, demoToken, 'sample-traffic-100g');
  const before = await balanceFen(request, demoToken);
  await signInWithToken(page, demoToken, '/plan/buy');
  await orderFromCatalogue(page, pkg.name);
  await page.getByTestId('pay-method').getByText('QR code').click();
  await payOnSandboxPage(page);
  // The notification is a durable job; the pay view polls the order until it is paid.
  await expect(page.getByTestId('pay-outcome')).toHaveText('Payment successful', { timeout: 30_000 });
  expect(await balanceFen(request, demoToken)).toBe(before);
  const orderId = Number(/\/order\/(\d+)\/pay$/.exec(page.url())?.[1]);
  const order = await api<Order & { paymentMethod: string }>(request, demoToken, 'GET', `/order/${orderId}/detail`);
  expect(order).toMatchObject({ status: 'paid', paymentMethod: 'qr' });
});

test('recharge by QR code: whole CNY of at least 1, then the balance and statement show it', async ({
  page,
  request,
  demoToken,
}) => {
  const before = await balanceFen(request, demoToken);
  await signInWithToken(page, demoToken, '/recharge');
  const amount = page.getByTestId('recharge-amount');
  await amount.fill('abc');
  await page.getByTestId('recharge-submit').click();
  await expect(page.getByText('Enter the amount as a whole number of CNY, at least 1')).toBeVisible();
  await amount.fill('0.5');
  await page.getByTestId('recharge-submit').click();
  await expect(page.getByText('Recharge in whole CNY')).toBeVisible();
  await amount.fill('0');
  await expect(page.getByText('The recharge amount is at least 1.00 CNY')).toBeVisible();
  await amount.fill('20');
  await page.getByTestId('recharge-submit').click();
  await expect(page).toHaveURL(/\/order\/\d+\/pay$/);
  // A recharge is paid by QR code only: no choice of the balance.
  await expect(page.getByTestId('pay-method')).toHaveCount(0);
  await payOnSandboxPage(page);
  await expect(page.getByTestId('pay-outcome')).toHaveText('Payment successful', { timeout: 30_000 });
  expect(await balanceFen(request, demoToken)).toBe(before + 2000n);

  await page.getByRole('button', { name: 'Balance' }).click();
  await expect(page.getByTestId('balance')).toHaveText(
    `¥${(before + 2000n) / 100n}.${String((before + 2000n) % 100n).padStart(2, '0')}`,
  );
  await expect(page.getByRole('row').filter({ hasText: '+¥20.00' }).first()).toBeVisible();
});

test('recharge by bank transfer: the account and a reference of its own, credited once the operator confirms', async ({
  page,
  request,
  demoToken,
}) => {
  const before = await balanceFen(request, demoToken);
  await signInWithToken(page, demoToken, '/recharge');
  await page.getByTestId('recharge-amount').fill('300');
  await page.getByTestId('recharge-method').getByText('Bank transfer').click();
  await page.getByTestId('recharge-submit').click();
  await expect(page).toHaveURL(/\/order\/\d+\/pay$/);
  const transfer = page.getByTestId('bank-transfer');
  await expect(transfer).toContainText('¥300.00');
  await expect(transfer).toContainText('Sandbox Bank');
  await expect(page.getByTestId('pay-by-qr')).toHaveCount(0);
  const reference = (await page.getByTestId('bank-transfer-reference').textContent())?.trim() ?? '';
  expect(reference).not.toBe('');

  // The bank's statement shows 300 received under the reference; the operator confirms it.
  expect(await operator('recharge', 'confirm', reference, '300')).toContain(`Confirmed ${reference}`);
  // The pay view polls the order: it turns paid while the customer watches.
  await expect(page.getByTestId('pay-outcome')).toHaveText('Payment successful', { timeout: 30_000 });
  expect(await balanceFen(request, demoToken)).toBe(before + 30000n);
  // Confirmed once: the same reference again changes nothing.
  await expect(operator('recharge', 'confirm', reference, '300')).rejects.toThrow();
  expect(await balanceFen(request, demoToken)).toBe(before + 30000n);
});

test('an unverified customer sees why buying is not offered, with the way to verification', async ({ page, user }) => {
  await signInWithToken(page, user.token, '/plan/buy');
  await expect(page.getByTestId('catalogue-package').first()).toBeVisible();
  await expect(page.getByTestId('catalogue-buy')).toHaveCount(0);
  await expect(page.getByTestId('real-name-required').first()).toContainText('Buying needs real-name verification.');
  await page.getByTestId('real-name-link').first().click();
  await expect(page).toHaveURL(/\/real-name$/);
});

test('two pay views open side by side name their orders in the tab bar', async ({ page, request, demoToken }) => {
  const pkg = await samplePackage(request, demoToken, 'sample-traffic-100g');
  const orders = [
    await api<Order>(request, demoToken, 'POST', '/order/create', { data: { packageId: pkg.id } }),
    await api<Order>(request, demoToken, 'POST', '/order/create', { data: { packageId: pkg.id } }),
  ];
  await signInWithToken(page, demoToken, `/order/${orders[0]?.id}/pay`);
  await expect(page.getByTestId('pay-amount')).toBeVisible();
  await page.goto(`/order/${orders[1]?.id}/pay`);
  await expect(page.getByTestId('pay-amount')).toBeVisible();
  for (const order of orders) {
    await expect(page.locator(`[data-testid="tab-item"][data-tab-key="/order/${order.id}/pay"]`)).toHaveText(
      `${order.orderNo} · Pay order`,
    );
  }
  for (const order of orders) await api(request, demoToken, 'POST', `/order/${order.id}/cancel`);
});
