import type { Locator, Page } from '@playwright/test';
import { api, loginDemo } from '../support/domains';
import { expect, openInLanguage, test } from '../support/fixtures';

/**
 * Issue 25, defect 8: what broke on a 390 px phone. Each check measures the element a customer reads: one that
 * wraps a character per line, leaves the screen or is cut reads as broken whatever the DOM says.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** The element's box, which must be there. */
async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'the element is laid out').not.toBeNull();
  return found!;
}

async function withinScreen(page: Page, locator: Locator): Promise<void> {
  const { x, width } = await box(locator);
  expect(x).toBeGreaterThanOrEqual(0);
  expect(x + width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`the masked identity number stays on one line (${locale})`, async ({ page, request }) => {
    await openInLanguage(page, locale, await loginDemo(request), '/real-name');
    const identity = page.getByTestId('real-name-identity');
    const number = identity.locator('span').nth(1);
    await expect(number).toHaveText(/^\d\*+[\dX]$/);
    const { height } = await box(number);
    const lineHeight = await number.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
    expect(height).toBeLessThan(lineHeight * 1.5);
    await withinScreen(page, number);
  });

  test(`the preheat tabs and the statistics metrics fit the screen (${locale})`, async ({ page, request }) => {
    const token = await loginDemo(request);
    await openInLanguage(page, locale, token, '/preheat');
    await withinScreen(page, page.getByTestId('cache-task-tab-preheat'));
    await page.goto('/statistics/usage');
    const metric = page.getByTestId('usage-metric');
    await expect(metric).toBeVisible();
    await withinScreen(page, metric);
  });
}

test('a CNAME too long for the screen wraps only at its dots', async ({ page, request }) => {
  const token = await loginDemo(request);
  const list = await api<{ list: { id: number; domainName: string }[] }>(request, token, 'GET', '/domain/list');
  const id = list.list.find((domain) => domain.domainName === 'www.example.com')?.id;
  await openInLanguage(page, 'en-US', token, `/domain/setting/basic/${id}`);
  const cname = page.getByTestId('cname-record-value');
  await expect(cname).toHaveText('www.example.com.cdn.edgeward.net');
  // Every label is its own text node: wrapped mid-label, a node would be drawn on two lines.
  const layout = await cname.evaluate((el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const tops = new Set<number>();
    const split: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      const rows = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
      for (const top of rows) tops.add(top);
      if (rows.size > 1) split.push(node.textContent ?? '');
    }
    return { lines: tops.size, split };
  });
  expect(layout.lines, 'the value is wrapped at all on a phone').toBeGreaterThan(1);
  expect(layout.split).toEqual([]);
});
