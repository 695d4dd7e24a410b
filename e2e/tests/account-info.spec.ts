import type { Page } from '@playwright/test';
import { api, loginDemo } from '../support/domains';
import { expect, openInLanguage, test } from '../support/fixtures';

/**
 * Issue 25: the account's summary page (the last placeholder of the spec's screens), the overview's latest messages,
 * and the lists whose actions a customer must always reach (a leaked key's Disable and Delete) at 1280 px and on a
 * phone. As the demo account, whose sample data fills every card.
 */
const texts = {
  'en-US': {
    profile: 'Profile',
    cdn: 'CDN',
    eo: 'Edge platform',
    balance: 'Available balance',
    twoFactorOff: 'Off',
    keys: (enabled: number, total: number) => `${enabled} of ${total} enabled`,
    packages: 'Packages in force · CDN',
    domains: 'Domains by status · Edge platform',
  },
  'zh-CN': {
    profile: '基本资料',
    cdn: 'CDN',
    eo: '安全加速',
    balance: '可用余额',
    twoFactorOff: '未开启',
    keys: (enabled: number, total: number) => `已启用 ${enabled} 个，共 ${total} 个`,
    packages: '生效中的套餐 · CDN',
    domains: '域名状态 · 安全加速',
  },
} as const;

interface Profile {
  id: number;
  email: string;
  cdnType: string;
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  const text = texts[locale];

  test(`account info sums up the demo account, each part linked to where it is managed (${locale})`, async ({
    page,
    request,
  }) => {
    const token = await loginDemo(request);
    const profile = await api<Profile>(request, token, 'GET', '/user/profile');
    const balance = await api<{ balanceFen: string }>(request, token, 'GET', '/balance');
    const keys = await api<{ enabled: boolean }[]>(request, token, 'GET', '/key/list');
    expect(profile.cdnType, 'the demo account opens both consoles').toBe('all');

    await openInLanguage(page, locale, token, '/account/info');
    const card = (id: string) => page.getByTestId(`account-info-${id}`);
    await expect(card('profile')).toContainText(text.profile);
    await expect(page.getByTestId('account-info-id')).toHaveText(String(profile.id));
    // The address shown masked: its first character and its domain, never the whole mailbox.
    const [mailbox, domain] = profile.email.split('@');
    await expect(page.getByTestId('account-info-email')).toHaveText(`${mailbox?.[0]}***@${domain}`);
    await expect(page.getByTestId('account-info-variants').locator('.ant-tag')).toHaveText([text.cdn, text.eo]);

    await expect(card('real-name').getByTestId('real-name-state')).toBeVisible();
    await expect(card('balance')).toContainText(text.balance);
    await expect(page.getByTestId('account-info-balance-value')).toContainText(
      (Number(balance.balanceFen) / 100).toFixed(2),
    );
    await expect(page.getByTestId('account-info-two-factor')).toContainText(text.twoFactorOff);
    await expect(page.getByTestId('account-info-api-keys')).toContainText(
      text.keys(keys.filter((key) => key.enabled).length, keys.length),
    );
    await expect(page.getByTestId('account-info-last-sign-in')).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    await expect(card('packages-cdn')).toContainText(text.packages);
    await expect(card('packages-cdn').getByTestId('package-usage')).toBeVisible();
    await expect(card('domains-eo')).toContainText(text.domains);
    await expect(card('domains-eo').getByTestId('domain-status-counts')).toBeVisible();

    await page.getByTestId('account-info-api-keys').getByRole('link').click();
    await expect(page).toHaveURL(/\/key$/);
  });
}

test('the overview lists the latest messages and opens one in place', async ({ page, request }) => {
  const token = await loginDemo(request);
  const messages = await api<{ list: { title: string }[] }>(request, token, 'GET', '/notice/all?page=0&size=5');
  expect(messages.list.length, 'the demo account has sample messages').toBeGreaterThan(0);

  await openInLanguage(page, 'en-US', token, '/');
  const latest = page.getByTestId('latest-messages');
  await expect(latest.getByTestId('latest-message')).toHaveCount(messages.list.length);
  // The operator console's browser tests send demo messages meanwhile: the newest is read off the page.
  const first = (await latest.getByTestId('message-title').first().textContent()) ?? '';
  expect(first).not.toBe('');
  await latest.getByTestId('message-title').first().click();
  await expect(page.getByTestId('message-detail')).toContainText(first);
});

/** Whether the element lies wholly inside the window, left to right. */
async function inWindow(page: Page, selector: ReturnType<Page['locator']>): Promise<boolean> {
  const box = await selector.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return box !== null && box.x >= 0 && box.x + box.width <= width;
}

for (const [path, column] of [
  ['/key', 'Actions'],
  ['/ticket', 'Actions'],
  ['/ticket', 'Status'],
] as const) {
  test(`at 1280 px the ${column} column of ${path} stays in view`, async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const token = await loginDemo(request);
    await openInLanguage(page, 'en-US', token, path);
    const header = page.getByRole('columnheader', { name: column, exact: true });
    await expect(header).toBeVisible();
    expect(await inWindow(page, header)).toBe(true);
    const firstRowButton = page.locator('tbody tr.ant-table-row').first().getByRole('button').last();
    expect(await inWindow(page, firstRowButton)).toBe(true);
  });
}

test('on a phone each API key is a card with its actions', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const token = await loginDemo(request);
  await openInLanguage(page, 'en-US', token, '/key');
  const cards = page.getByTestId('api-key-card');
  await expect(cards).toHaveCount(2);
  for (const name of ['Edit note', 'Delete']) {
    const button = cards.first().getByRole('button', { name });
    await expect(button).toBeVisible();
    expect(await inWindow(page, button)).toBe(true);
  }
});

test('with both consoles, the add-domain counter says the limit counts both', async ({ page, request }) => {
  const token = await loginDemo(request);
  const limit = await api<{ used: number; max: number }>(request, token, 'GET', '/domain/limit');
  await openInLanguage(page, 'en-US', token, '/domain');
  await expect(page.getByTestId('domain-limit')).toHaveText(`(${limit.used}/${limit.max})`);
  await page.getByTestId('add-domain').hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'The domain limit counts the domains of both consoles, CDN and edge platform',
  );
});
