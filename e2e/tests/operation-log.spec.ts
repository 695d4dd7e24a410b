import { loginDemo } from '../support/domains';
import { expect, signInWithToken, test } from '../support/fixtures';
import { chooseOption } from '../support/popups';

/**
 * Issue 12, the operation log: a change made in the console (a new username) is listed on the /log page's
 * operation-log tab with what changed and from where; the filters narrow the list and clearing them brings it back.
 */
test('a profile change is listed in the operation log and the filters find it', async ({ page, user }) => {
  await signInWithToken(page, user.token, '/account/settings/basic');
  const renamed = `${user.userName.slice(0, 30)}x`;
  await page.getByLabel('Username').fill(renamed);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your information has been updated')).toBeVisible();

  await page.goto('/log');
  await page.getByRole('tab', { name: 'Operation log' }).click();
  const row = page.getByRole('row').filter({ has: page.getByTestId('operation-action').getByText('Edit profile') });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('operation-changes')).toContainText(`userName: ${user.userName} → ${renamed}`);
  await expect(row).toContainText('127.0.0.1');
  await expect(row).toContainText(/Session #\d+/);

  await chooseOption(page, page.getByTestId('operation-log-target-filter'), /^Order$/);
  await expect(page.getByText('No operation matches these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(row).toHaveCount(1);

  // A target type narrows the action filter to that type's actions.
  await chooseOption(page, page.getByTestId('operation-log-target-filter'), /^Account$/);
  await expect(row).toHaveCount(1);
  await page.getByTestId('operation-log-action-filter').click();
  await expect(page.locator('.ant-select-item-option', { hasText: /^Place order$/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await chooseOption(page, page.getByTestId('operation-log-action-filter'), /^Edit profile$/);
  await expect(row).toHaveCount(1);
  await page.getByTestId('operation-log-search').getByRole('searchbox').fill('no-such-target');
  await page.getByTestId('operation-log-search').getByRole('searchbox').press('Enter');
  await expect(page.getByText('No operation matches these filters')).toBeVisible();
});

test('the demo account finds sample operations, the operator’s among them', async ({ page, request }) => {
  await signInWithToken(page, await loginDemo(request), '/log');
  await page.getByRole('tab', { name: 'Operation log' }).click();
  // Filtered to the action: other browser tests (the operator console's among them) add rows for demo meanwhile,
  // which would push the sample one off the first page.
  await chooseOption(page, page.getByTestId('operation-log-target-filter'), /^Domain$/);
  await chooseOption(page, page.getByTestId('operation-log-action-filter'), /^Verify domain ownership$/);
  const verified = page
    .getByRole('row')
    .filter({ has: page.getByTestId('operation-action').getByText('Verify domain ownership') })
    .filter({ hasText: 'Sample data' });
  await expect(verified.first()).toContainText('Operator');
  await expect(verified.first()).toContainText('Sample data');
});
