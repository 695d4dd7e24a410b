import type { Locator, Page } from '@playwright/test';
import { domainTest } from '../support/domain-test';
import { createEnabledDomain, type DomainDetail, randomLabel, uniqueApex } from '../support/domains';
import { expect, signInWithToken } from '../support/fixtures';

/**
 * Issue 8, point 4: the domain screens fit the desktop and the phone, long names never break a layout, and the
 * multi-tab bar tells its pages apart and keeps the active one in view. As the demo account (domains need it).
 */
const apex = uniqueApex();
/** A name of 200 characters: the longest labels the rules allow, so nothing can break it at a dot. */
const longName = (label: string) => `${label}.${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(50)}.${apex}`;

const test = domainTest.extend<{ domains: DomainDetail[] }>({
  /** Two enabled domains, one with a very long name; removed afterwards. */
  domains: async ({ request, demoToken, origin, tracked }, use) => {
    const made = [
      await createEnabledDomain(request, demoToken, longName(randomLabel('l')), origin),
      await createEnabledDomain(request, demoToken, `${randomLabel('s')}.${apex}`, origin),
    ];
    tracked.push(...made.map((domain) => domain.id));
    await use(made);
  },
});

/** The list filtered down to one domain (other tests add domains to the same account meanwhile). */
async function showOnly(page: Page, domainName: string): Promise<void> {
  const search = page.getByTestId('domain-search').getByRole('searchbox');
  await search.fill(domainName);
  await search.press('Enter');
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('element is not rendered');
  return found;
}

test('at 1440 px the sample domains, tags and all, fit the page with their times whole', async ({
  page,
  demoToken,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInWithToken(page, demoToken, '/domain');
  await showOnly(page, 'example.com');
  await expect(page.getByTestId('sample-tag').first()).toBeVisible();
  const scroller = page.locator('.ant-table-content').first();
  const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
  }));
  expect(scrollWidth, 'the table needs no horizontal scrolling').toBeLessThanOrEqual(clientWidth);
  const created = page.getByTestId('domain-created').first();
  const time = await box(created);
  const actions = await box(page.getByTestId('domain-delete').first());
  expect(time.x + time.width, 'the time ends before the actions column').toBeLessThanOrEqual(actions.x);
});

test('at 1440 px in English the domain table fits the page and every action reads whole', async ({
  page,
  demoToken,
  domains,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const [long] = domains as [DomainDetail];
  await signInWithToken(page, demoToken, '/domain');
  await showOnly(page, long.domainName);
  const row = page.getByRole('row').filter({ has: page.getByTestId('domain-link') });
  await expect(row).toHaveCount(1);

  const scroller = page.locator('.ant-table-content').first();
  const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
  }));
  expect(scrollWidth, 'the table needs no horizontal scrolling').toBeLessThanOrEqual(clientWidth);

  const remove = row.getByTestId('domain-delete');
  await expect(remove).toHaveText('Delete');
  const table = await box(scroller);
  const button = await box(remove);
  expect(button.x + button.width, '"Delete" ends inside the table').toBeLessThanOrEqual(table.x + table.width);
});

test('on a 390 px phone each domain is a card with its status and actions in view', async ({
  page,
  demoToken,
  domains,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const [long] = domains as [DomainDetail];
  await signInWithToken(page, demoToken, '/domain');
  await showOnly(page, long.domainName);
  const card = page.getByTestId('domain-card');
  await expect(card).toHaveCount(1);
  for (const part of [card.getByTestId('domain-status'), card.getByTestId('domain-delete')]) {
    await expect(part).toBeInViewport({ ratio: 1 });
  }
  await expect(card.getByTestId('domain-status')).toHaveText('Enabled');
});

test('a long domain name stays on one line under the add-domain steps, whole in its title', async ({
  page,
  demoToken,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const name = longName(randomLabel('c'));
  await signInWithToken(page, demoToken, '/domain/create');
  await page.getByTestId('create-domain-name').fill(name);
  await page.getByTestId('create-next').click();
  const stepName = page.getByTestId('step-name').first();
  await expect(stepName).toHaveText(name);
  const { height, lineHeight, cut } = await stepName.evaluate((el) => ({
    height: el.getBoundingClientRect().height,
    lineHeight: Number.parseFloat(getComputedStyle(el).lineHeight),
    cut: el.scrollWidth > el.clientWidth,
  }));
  expect(height, 'one line, not a letter per line').toBeLessThan(lineHeight * 2);
  expect(cut, 'cut short with an ellipsis').toBe(true);
  await expect(stepName).toHaveAttribute('title', name);
});

test('tabs of two domains show their names, and the edge platform domains tab its variant', async ({
  page,
  demoToken,
  domains,
}) => {
  const [first, second] = domains as [DomainDetail, DomainDetail];
  await signInWithToken(page, demoToken, `/domain/setting/basic/${first.id}`);
  await expect(page.getByTestId('settings-domain-name')).toHaveText(first.domainName);
  await page.goto(`/domain/setting/basic/${second.id}`);
  await expect(page.getByTestId('settings-domain-name')).toHaveText(second.domainName);

  const firstTab = page.locator(`[data-testid="tab-item"][data-tab-key="/domain/setting/${first.id}"]`);
  const secondTab = page.locator(`[data-testid="tab-item"][data-tab-key="/domain/setting/${second.id}"]`);
  await expect(firstTab).toHaveText(`${first.domainName} · Domain settings`);
  await expect(secondTab).toHaveText(`${second.domainName} · Domain settings`);

  await page.goto('/domain');
  await expect(page.locator('[data-testid="tab-item"][data-tab-key="/domain"]')).toHaveText('Domains');
  await page.goto('/eodomain');
  await expect(page.locator('[data-testid="tab-item"][data-tab-key="/domain"]')).toHaveText('Domains');
  await expect(page.locator('[data-testid="tab-item"][data-tab-key="/eodomain"]')).toHaveText(
    'Domains (Edge platform)',
  );
});

test('with more tabs than fit, the active tab stays in view and closable', async ({ page, demoToken }) => {
  // Fifteen page loads.
  test.slow();
  await page.setViewportSize({ width: 1024, height: 768 });
  const paths = [
    '/domain',
    '/statistics/usage',
    '/preheat',
    '/plan',
    '/certificate/manage',
    '/certificate/order',
    '/plan/buy',
    '/order',
    '/recharge',
    '/ticket',
    '/key',
    '/msg',
    '/log',
    '/account/settings/basic',
  ];
  await signInWithToken(page, demoToken, '/');
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('.ant-tabs-tab-active [data-testid="tab-item"]')).toHaveAttribute('data-tab-path', path);
  }
  const bar = page.getByTestId('multi-tab-bar').locator('.ant-tabs-nav-wrap');

  // Each time the active tab is one end or the other of the list, it is drawn inside the bar with its close button.
  for (const [path, key] of [
    ['/domain', '/domain'],
    ['/account/settings/security', '/account/settings'],
    ['/statistics/usage', '/statistics/usage'],
  ] as const) {
    await page.goto(path);
    const active = page.locator('.ant-tabs-tab-active').filter({
      has: page.locator(`[data-testid="tab-item"][data-tab-key="${key}"]`),
    });
    await expect(active).toHaveCount(1);
    const close = active.getByTestId('tab-close');
    await expect(async () => {
      const outer = await box(bar);
      const inner = await box(active);
      expect(inner.x).toBeGreaterThanOrEqual(outer.x - 1);
      expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width + 1);
    }).toPass();
    await expect(close).toBeVisible();
  }
});
