import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { demoAdminToken, giveReason, openAsStaff } from '../support/staff';

/**
 * Issue 28, operations' desk of the operator console (/admin/edge) as the demo admin: an edge node is added and its
 * token shown once, then revoked with a reason; the failures tab shows its rows or its empty state; every domain is
 * published again after a confirmation; a file of access-log lines is imported and summed up.
 */

const texts = {
  'en-US': {
    menu: 'Edge nodes',
    nodes: 'Nodes',
    failures: 'Failures',
    failuresEmpty: 'Every node has applied every configuration it was given.',
    import: 'Traffic import',
    tokenOnce: 'It will not be shown again',
    revoked: 'Revoked',
    active: 'Active',
    republish: 'Republish all domains',
    queued: /queued for publishing/,
  },
  'zh-CN': {
    menu: '边缘节点',
    nodes: '节点',
    failures: '失败记录',
    failuresEmpty: '所有节点都已应用下发给它们的全部配置。',
    import: '流量导入',
    tokenOnce: '令牌不会再次显示',
    revoked: '已吊销',
    active: '有效',
    republish: '重新发布全部域名',
    queued: /排队等待发布/,
  },
} as const;
type Locale = keyof typeof texts;

/** The row of a table that holds `text`. */
const rowWith = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

for (const locale of ['en-US', 'zh-CN'] as const satisfies readonly Locale[]) {
  test(`an edge node is added with its token shown once, then revoked; failures and republish (${locale})`, async ({
    page,
    request,
  }) => {
    const t = texts[locale];
    // Other tests run on the same server at the same time: a name of this test's own.
    const name = `e2e-edge-${locale.slice(0, 2)}-${randomBytes(4).toString('hex')}`;
    await openAsStaff(page, await demoAdminToken(request), locale, '/admin');
    await page.getByRole('menuitem', { name: t.menu }).click();
    await expect(page).toHaveURL(/\/admin\/edge/);
    await expect(page.getByRole('tab', { name: t.nodes })).toHaveAttribute('aria-selected', 'true');

    // A name the contract's schema refuses is said under the field, before any call.
    await page.getByTestId('admin-edge-add').click();
    await page.getByTestId('admin-edge-add-name').fill('-bad name');
    await page.getByTestId('admin-edge-add-submit').click();
    await expect(page.getByRole('dialog').locator('.ant-form-item-explain-error')).toBeVisible();
    await page.getByTestId('admin-edge-add-name').fill(name);
    await page.getByTestId('admin-edge-add-submit').click();

    // The token, once, with its warning and a copy button; gone from the page once closed.
    const tokenDialog = page.getByRole('dialog').filter({ has: page.getByTestId('admin-edge-token') });
    await expect(tokenDialog).toContainText(t.tokenOnce);
    const token = (await page.getByTestId('admin-edge-token').innerText()).trim();
    expect(token.length).toBeGreaterThanOrEqual(20);
    await expect(tokenDialog.locator('.ant-typography-copy')).toBeVisible();
    await page.getByTestId('admin-edge-token-done').click();
    await expect(page.getByTestId('admin-edge-token')).toHaveCount(0);
    const row = rowWith(page, name);
    await expect(row).toContainText(t.active);
    expect(await page.content()).not.toContain(token);

    // Revoking asks for a reason, then the row says revoked and offers it no more.
    await row.getByTestId('admin-edge-revoke').click();
    await giveReason(page, locale, 'Decommissioned after the e2e test');
    await expect(row.getByTestId('admin-edge-node-revoked')).toHaveText(t.revoked);
    await expect(row.getByTestId('admin-edge-revoke')).toHaveCount(0);

    // Republish: a confirmation first, then how many domains were queued.
    await page.getByTestId('admin-edge-republish').click();
    await page.getByRole('dialog').getByRole('button', { name: t.republish }).click();
    await expect(page.locator('.ant-message')).toContainText(t.queued);

    // The failures: their rows or the empty state, never an error.
    await page.getByRole('tab', { name: t.failures }).click();
    await expect(page).toHaveURL(/tab=failures/);
    await expect(
      page.getByText(t.failuresEmpty).or(page.getByTestId('admin-edge-failure-reason').first()),
    ).toBeVisible();
    await expect(page.getByTestId('load-error')).toHaveCount(0);
  });
}

test('a file of access-log lines is imported and summed up', async ({ page, request }) => {
  const t = texts['en-US'];
  await openAsStaff(page, await demoAdminToken(request), 'en-US', '/admin/edge');
  await page.getByRole('tab', { name: t.import }).click();
  // A host no domain serves, so that the demo's statistics stay as they are; unique, so never a duplicate.
  const host = `e2e-${randomBytes(4).toString('hex')}.unknown.example`;
  const line = JSON.stringify({ time: Date.now() / 1000, host, status: 200, bytes_sent: 100 });
  await page.locator('input[type=file]').setInputFiles({
    name: 'access.log',
    mimeType: 'text/plain',
    buffer: Buffer.from(`${line}\n{"broken"\n`),
  });
  const result = page.getByTestId('admin-edge-import-result');
  await expect(result).toContainText('access.log');
  await expect(result.getByTestId('admin-edge-import-lines')).toHaveText('2');
  await expect(result.getByTestId('admin-edge-import-unknownHost')).toHaveText('1');
  await expect(result.getByTestId('admin-edge-import-rejected')).toHaveText('1');
  await expect(rowWith(page, 'not JSON')).toContainText('2');
});

test('on a phone the edge desk fits, its table scrolling sideways', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAsStaff(page, await demoAdminToken(request), 'en-US', '/admin/edge');
  await expect(page.getByTestId('admin-edge-nodes-table')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
