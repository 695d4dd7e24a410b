import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { opened } from '../support/popups';

/** What the focused element is, in words a failure can be read by. */
interface FocusStop {
  name: string;
  /** Its focus is drawn: an outline, or a ring of box-shadow (antd's inputs). */
  shown: boolean;
}

/** Moves the focus one stop on and says where it landed; null when it is on the page itself. */
async function tabOnce(page: Page): Promise<FocusStop | null> {
  await page.keyboard.press('Tab');
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const outlined = (node: Element | null) => {
      if (!node) return false;
      const style = getComputedStyle(node);
      return style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    };
    // antd draws a card tab's focus on the tab around the focused button (the outline would be cut by the card).
    const outline = outlined(element) || outlined(element.parentElement);
    const ring = getComputedStyle(element).boxShadow !== 'none';
    const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    return {
      name: `${element.tagName.toLowerCase()}${element.getAttribute('role') ? `[role=${element.getAttribute('role')}]` : ''} "${label}"`,
      shown: outline || ring,
    };
  });
}

/** Presses Tab until `matches` holds for the focused element (at most `limit` times). */
async function tabTo(page: Page, matches: string, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((selector) => document.activeElement?.matches(selector) ?? false, matches)) return;
  }
  throw new Error(`${matches} is not reached by Tab within ${limit} stops`);
}

test.describe('the console by keyboard', () => {
  test('every stop of the tab order on the overview shows where the focus is', async ({ signedInPage: page }) => {
    await expect(page.getByTestId('notice-bell')).toBeVisible();
    const unmarked: string[] = [];
    let stops = 0;
    for (let i = 0; i < 40; i++) {
      const stop = await tabOnce(page);
      if (!stop) continue;
      stops++;
      if (!stop.shown) unmarked.push(stop.name);
    }
    expect(stops).toBeGreaterThan(20);
    expect(unmarked).toEqual([]);
  });

  test("the bell's drawer opens on the focus, and Enter opens the message centre", async ({ signedInPage: page }) => {
    await tabTo(page, '[data-testid="notice-bell"]');
    await expect(page.getByTestId('notice-drawer')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/msg$/);
  });

  test("a tab's context menu opens from the keyboard and closes a tab", async ({ signedInPage: page }) => {
    const tabs = page.getByTestId('multi-tab-bar').getByRole('tab');
    await expect(tabs).toHaveCount(1);
    // Through the app's router: the open tabs live in the page, and a new load would start with the overview's alone.
    await page.evaluate(() => {
      history.pushState(null, '', '/domain');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(tabs).toHaveCount(2);
    await tabTo(page, '[data-testid="multi-tab-bar"] [role="tab"][aria-selected="true"]');
    await page.keyboard.press('Shift+F10');
    await opened(page.locator('.ant-dropdown'));
    // The menu takes the focus on its first item, "Close current".
    await expect(page.getByRole('menuitem', { name: 'Close current' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(tabs).toHaveCount(1);
  });
});
