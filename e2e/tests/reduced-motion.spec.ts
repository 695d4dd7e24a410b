import type { Page } from '@playwright/test';
import { loginDemo } from '../support/domains';
import { expect, signInWithToken, test } from '../support/fixtures';
import { dropdownOf, MOVING, opened } from '../support/popups';

/**
 * A visitor whose system asks for less motion (prefers-reduced-motion, WCAG 2.3.3) gets no opening or closing
 * animations, and the console follows the setting as it changes. The other browser tests run so (playwright.config.ts).
 */

/**
 * Records whether an element animated since the last ask: rc-motion puts its moving classes (`ant-slide-up-appear`...)
 * on a popup either way; with the motion off, their animation lasts no time.
 */
async function watchMotion(page: Page) {
  await page.addInitScript((movingSource) => {
    const moving = new RegExp(movingSource);
    const seen = { moved: false };
    Object.assign(window, { motionSeen: seen });
    new MutationObserver((changes) => {
      for (const { target } of changes) {
        if (!(target instanceof Element) || !moving.test(target.className.toString())) continue;
        if (Number.parseFloat(getComputedStyle(target).animationDuration) > 0) seen.moved = true;
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] });
  }, MOVING.source);
  return async () =>
    page.evaluate(() => {
      const seen = (window as unknown as { motionSeen: { moved: boolean } }).motionSeen;
      const moved = seen.moved;
      seen.moved = false;
      return moved;
    });
}

async function openLanguageMenu(page: Page) {
  await page.getByTestId('language-switcher').click();
  await opened(dropdownOf(page, page.getByTestId('language-zh-CN')));
}

test('menus open without animation while the system asks for less motion, and with it once it no longer does', async ({
  page,
}) => {
  const moved = await watchMotion(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/user/login');
  await expect(page.getByTestId('language-switcher')).toBeVisible();
  await moved();
  await openLanguageMenu(page);
  expect(await moved(), 'an animation while the system asks for less motion').toBe(false);
  await page.keyboard.press('Escape');

  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.getByRole('heading').first().click();
  await moved();
  await openLanguageMenu(page);
  expect(await moved(), 'no animation once the system no longer asks for less motion').toBe(true);
});

/** Animations that run for as long as their element is shown: spinners, status pulses, shimmers. */
const endless = (page: Page) =>
  page.evaluate(
    () =>
      document
        .getAnimations()
        .filter(
          (a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
        ).length,
  );

test('spinners and status dots stand still while the system asks for less motion', async ({ page, request }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInWithToken(page, await loginDemo(request), '/domain');
  // The demo's video.example.com is configuring: its tag spins.
  const configuring = page.getByRole('row', { name: /video\.example\.com/ });
  await expect(configuring.locator('.anticon-spin').first()).toBeVisible();
  expect(await endless(page)).toBe(0);

  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await expect.poll(() => endless(page)).toBeGreaterThan(0);
});
