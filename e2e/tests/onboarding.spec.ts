import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { e2e } from '../support/env';
import { expect, test } from '../support/fixtures';

const isCaptchaResponse = (response: { url(): string }) =>
  new URL(response.url()).pathname === '/api/user/captchaImage';

async function logInThroughForm(page: Page, userName: string, password: string) {
  await page.getByLabel('Username').fill(userName);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

test('a newcomer registers through the form, logs in and lands on the overview', async ({ page }) => {
  // The whole journey in one test: the register form, its result page and the login.
  test.slow();
  const suffix = randomBytes(4).toString('hex');
  const userName = `new_${suffix}`;
  const password = 'Edge-ward-2026';

  await page.goto('/');
  await expect(page).toHaveURL('/user/login?redirect=%2F');
  let captchasDrawn = 0;
  page.on('response', (response) => {
    if (isCaptchaResponse(response)) captchasDrawn += 1;
  });
  await page.getByRole('link', { name: 'Register now' }).click();
  await expect(page).toHaveURL('/user/register');
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  // The first captcha image must have arrived, or its id would be empty when the code is sent.
  await expect(page.getByTestId('captcha-image')).toBeVisible();

  await page.getByLabel('Username').fill(userName);

  const strength = page.getByTestId('password-strength');
  const passwordField = page.getByLabel('Password', { exact: true });
  await expect(strength).toHaveAttribute('data-strength', 'empty');
  for (const [typed, level] of [
    ['abc', 'tooShort'],
    ['abcdef', 'low'],
    ['abcdef12', 'medium'],
    [password, 'strong'],
  ] as const) {
    await passwordField.fill(typed);
    await expect(strength).toHaveAttribute('data-strength', level);
  }
  await expect(strength).toContainText('Password strength: Strong');

  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel('Email', { exact: true }).fill(`${userName}@example.test`);
  await page
    .getByLabel('Phone number')
    .fill(`139${String(Number.parseInt(suffix, 16) % 100_000_000).padStart(8, '0')}`);
  const captcha = page.getByLabel('Captcha', { exact: true });
  await captcha.fill(e2e.captcha);

  // One captcha per registration: the one typed to send the code also registers, so it stays as typed.
  const sendCode = page.getByTestId('send-code');
  await sendCode.click();
  await expect(sendCode).toHaveText(/Resend in \d+ s/);
  await expect(sendCode).toBeDisabled();
  await expect(page.getByText(`A verification code has been sent to ${userName}@example.test`)).toBeVisible();
  await expect(captcha).toHaveValue(e2e.captcha);
  await page.getByLabel('Email code').fill(e2e.emailCode);

  await page.getByRole('button', { name: 'User Agreement' }).click();
  const agreement = page.getByRole('dialog', { name: 'Edgeward User Agreement' });
  await expect(agreement).toBeVisible();
  await agreement.getByRole('button', { name: 'Accept' }).click();
  await expect(agreement).toBeHidden();
  await expect(page.getByRole('checkbox')).toBeChecked();

  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page).toHaveURL(`/user/register-result?account=${userName}`);
  await expect(page.getByText(`Your account ${userName} has been registered`)).toBeVisible();
  expect(captchasDrawn).toBe(1);

  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/user/login');
  await logInThroughForm(page, userName, password);

  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await expect(page.getByTestId('main-header')).toBeVisible();
  await expect(page.getByTestId('avatar-menu')).toContainText(userName);
  await expect(page.getByTestId('tab-item')).toHaveAttribute('data-tab-path', '/');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page).toHaveTitle('Overview - Edgeward');
});

test('logging in from a redirect query lands on the page that was asked for', async ({ page, user }) => {
  await page.goto('/log');
  await expect(page).toHaveURL('/user/login?redirect=%2Flog');
  await logInThroughForm(page, user.userName, user.password);
  await expect(page).toHaveURL('/log');
  await expect(page.getByRole('heading', { name: 'Logs' })).toBeVisible();
  await expect(page.getByTestId('tab-item')).toHaveAttribute('data-tab-path', '/log');
});
