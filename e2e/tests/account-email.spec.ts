import { e2e } from '../support/env';
import { expect, signInWithToken, test } from '../support/fixtures';

test('a new email is saved only with the current password and the code sent to it', async ({ page, user }) => {
  await signInWithToken(page, user.token, '/account/settings/basic');
  const email = page.getByLabel('Email', { exact: true });
  await expect(email).toHaveValue(user.email);
  const currentPassword = page.getByLabel('Current password');
  await expect(currentPassword).toBeHidden();

  const target = `moved.${user.email}`;
  await email.fill(target);
  await expect(
    page.getByText('A new email needs your current password and the code we send to the new address.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('#profile_currentPassword_help')).toHaveText('Input cannot be empty');
  await expect(page.getByText('Please enter the email code')).toBeVisible();

  const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user/edit/email_code');
  await page.getByTestId('send-email-change-code').click();
  expect((await (await sent).json()).code).toBe(200);
  await expect(page.getByText(`A verification code has been sent to ${target}`)).toBeVisible();
  await expect(page.getByTestId('send-email-change-code')).toBeDisabled();

  await currentPassword.fill('not-my-password-1');
  await page.getByLabel('Email code').fill(e2e.emailCode);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('#profile_currentPassword_help')).toHaveText('The current password is incorrect');

  await currentPassword.fill(user.password);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your information has been updated')).toBeVisible();
  await expect(currentPassword).toBeHidden();

  await page.reload();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(target);
});
