import { expect, test } from '../support/fixtures';
import { totp } from '../support/totp';

test('two-factor sign-in: turned on with a code from the shown secret, then asked for at login', async ({
  signedInPage: page,
  user,
  browser,
}) => {
  // Two browsers, the settings and the whole login: more than the default 30 s when the machine is busy.
  test.slow();
  await page.goto('/account/settings/security');
  await expect(page.getByTestId('two-factor-state')).toHaveText('Off');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByTestId('two-factor-qr')).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  await page.getByLabel('Verification code').fill('000000');
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(page.getByText('The verification code is wrong or was already used')).toBeVisible();
  await page.getByLabel('Verification code').fill(totp(secret));
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();

  const recovery = page.getByRole('dialog', { name: 'Save your recovery codes' });
  const codes = ((await recovery.getByTestId('two-factor-recovery-codes').textContent()) ?? '').split('\n');
  expect(codes).toHaveLength(10);
  await recovery.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByTestId('two-factor-state')).toHaveText('On');
  await expect(page.getByText('Recovery codes left: 10.', { exact: false })).toBeVisible();

  // A fresh browser, signed out: the password is followed by the code step.
  const context = await browser.newContext();
  const login = await context.newPage();
  await login.goto('/user/login');
  await login.getByLabel('Username').fill(user.userName);
  await login.getByLabel('Password').fill(user.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login.getByText('Two-factor verification')).toBeVisible();
  await login.getByLabel('Code or recovery code').fill('123456');
  await login.getByRole('button', { name: 'Verify' }).click();
  await expect(login.getByText('The verification code is wrong or was already used')).toBeVisible();
  // The code that turned it on is used up; the next step's code is accepted (one step of drift either way).
  await login.getByLabel('Code or recovery code').fill(totp(secret, Date.now() + 30_000));
  await login.getByRole('button', { name: 'Verify' }).click();
  await expect(login).not.toHaveURL(/\/user\/login/);
  await context.close();
});
