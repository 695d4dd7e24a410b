import { expect, type Locator, type Page } from '@playwright/test';

/**
 * antd moves its popups (menus, dialogs, popconfirms) in and out with rc-motion, which puts the motion's classes on
 * the popup's root while it moves (`ant-slide-up-enter ant-slide-up-enter-active`, `ant-zoom-appear`,
 * `ant-zoom-big-leave`...) and takes them off when the animation ends. A popup on its way out stays in the page
 * (faded, not clickable) with the same items as the next one; one on its way in may not be where its items will be.
 */
export const MOVING = /(^|\s)[\w-]+-(appear|enter|leave)(-\w+)?(\s|$)/;

/** Waits until `popup` is shown and its opening animation has ended. */
export async function opened(popup: Locator): Promise<void> {
  await expect(popup).toBeVisible();
  await expect(popup).not.toHaveClass(MOVING);
}

/** Waits until `popup` has gone: its closing animation over, hidden or removed. */
export async function closed(popup: Locator): Promise<void> {
  await expect(popup).toBeHidden();
}

/** The dropdown menu (antd Dropdown) holding `item`. */
export const dropdownOf = (page: Page, item: Locator): Locator => page.locator('.ant-dropdown').filter({ has: item });

/** The popconfirm open on the page (antd shows one at a time). */
export const popconfirm = (page: Page): Locator => page.locator('.ant-popconfirm:not(.ant-popover-hidden)');

/**
 * Switches the console's language through the header's menu: the menu open and still, the language chosen, the
 * menu gone and the page in that language, so that what follows neither meets the menu leaving nor the old texts.
 */
export async function switchLanguage(page: Page, locale: 'zh-CN' | 'en-US'): Promise<void> {
  await page.getByTestId('language-switcher').click();
  const item = page.getByTestId(`language-${locale}`);
  const menu = dropdownOf(page, item);
  await opened(menu);
  await item.click();
  await closed(menu);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

/** The whole antd select around `field` (a test id given to a Select lands on its search input). */
const selectAround = (field: Locator): Locator =>
  field.locator('xpath=ancestor-or-self::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');

/**
 * Chooses `option` in the single-choice select `select`: its list open and still before the click (an option clicked
 * while the list slides in can miss), then the list gone and the select showing the choice, so that what follows
 * acts on the chosen value.
 */
export async function chooseOption(page: Page, select: Locator, option: string | RegExp): Promise<void> {
  await select.click();
  const list = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await opened(list);
  await list.locator('.ant-select-item-option', { hasText: option }).click();
  await closed(list);
  await expect(selectAround(select).locator('.ant-select-content')).toHaveText(option);
}
