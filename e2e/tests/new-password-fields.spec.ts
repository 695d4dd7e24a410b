import { expect, type Page } from '@playwright/test';
import { signInWithToken, test } from '../support/fixtures';

/**
 * The new password and its confirmation are one piece in three forms: each shows the strength meter and refuses a
 * confirmation that does not match, also when the password changes after the confirmation was typed.
 */
async function checkNewPasswordFields(page: Page, passwordLabel: string): Promise<void> {
  const strength = page.getByTestId('password-strength');
  const password = page.getByLabel(passwordLabel, { exact: true });
  const confirm = page.getByLabel('Confirm password');
  const mismatch = page.getByText('The two passwords do not match');

  await expect(strength).toHaveAttribute('data-strength', 'empty');
  await password.fill('abcdef12');
  await expect(strength).toHaveAttribute('data-strength', 'medium');
  await expect(strength).toContainText('Password strength: Medium');

  await confirm.fill('abcdef13');
  await expect(mismatch).toBeVisible();
  await confirm.fill('abcdef12');
  await expect(mismatch).toHaveCount(0);
  await password.fill('abcdef12X!');
  await expect(mismatch).toBeVisible();
}

test('registration', async ({ page }) => {
  await page.goto('/user/register');
  await checkNewPasswordFields(page, 'Password');
});

test('password reset', async ({ page }) => {
  await page.goto('/user/reset-password?token=not-checked-before-submit');
  await checkNewPasswordFields(page, 'New password');
});

test('security settings', async ({ page, user }) => {
  await signInWithToken(page, user.token, '/account/settings/security');
  await checkNewPasswordFields(page, 'New password');
});
