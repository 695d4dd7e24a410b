import type { Page } from '@playwright/test';
import { chromiumFlags, e2e } from '../support/env';
import { expect, openInLanguage, signInWithToken, test } from '../support/fixtures';

/**
 * Real-name verification in three steps, through the sandbox face-check service: its page is opened in another
 * tab (as a phone would after scanning the QR code), takes a photo file or the camera, and passes or fails the
 * check; the service's signed callback (a durable job) reaches the server and the step, which polls, moves on.
 * Chromium gets a fake camera, granted without asking, so the page's getUserMedia path runs too.
 */
test.use({
  launchOptions: {
    executablePath: e2e.chromiumHeadlessShell,
    args: [...chromiumFlags, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});

// A 1x1 PNG: the sandbox only shows the picture, it neither uploads nor checks it.
const photo = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Opens the face check's page from the step's link, the way a phone opens the QR code. */
async function openCheckPage(page: Page): Promise<Page> {
  await expect(page.getByTestId('face-check-sandbox')).toBeVisible();
  await expect(page.getByTestId('face-check-qr')).toBeVisible();
  const url = await page.getByTestId('face-check-link').getAttribute('href');
  expect(url).toMatch(/\/api\/identity\/sandbox\/FCK[0-9a-f]{24}$/);
  const phone = await page.context().newPage();
  await phone.goto(url ?? '');
  await expect(phone.locator('h1')).toHaveText('Sandbox face verification');
  return phone;
}

test('fill in, fail the face check, retry with the camera and pass; account info shows the masked identity', async ({
  page,
  user,
}) => {
  // Two pages, two face checks and their callbacks, then three more screens: past 30 s when the machine is busy.
  test.slow();
  await signInWithToken(page, user.token, '/real-name');
  const steps = page.getByTestId('real-name-steps');
  await expect(steps).toContainText('Fill in information');
  await expect(steps).toContainText('Face verification');
  await expect(steps).toContainText('Completed');

  // Step 1, checked by the contract's schema in the form: a wrong check digit is refused under the field.
  await page.getByTestId('real-name-name').fill('张三');
  await page.getByTestId('real-name-id').fill('110105194912310021');
  await page.getByTestId('real-name-submit').click();
  await expect(page.getByText('The ID number is not valid: please check it')).toBeVisible();
  await page.getByTestId('real-name-id').fill('11010519491231002x');
  await page.getByTestId('real-name-submit').click();

  // Step 2: the sandbox page with a photo file, failed.
  let phone = await openCheckPage(page);
  await expect(phone.locator('#verdict')).toBeHidden();
  await phone.locator('#photo').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: photo });
  await expect(phone.locator('#preview')).toBeVisible();
  await phone.locator('#sandbox-fail').click();
  await expect(phone.locator('#sandbox-outcome')).toContainText('Face verification failed');
  await phone.close();
  await expect(page.getByTestId('face-check-failed')).toContainText('Face verification failed');
  await expect(page.getByTestId('real-name-attempts')).toHaveText('Failed face verifications today: 1 of 3.');

  // Retried with the same information: a new check, this time with the camera, passed.
  await page.getByTestId('face-check-retry').click();
  phone = await openCheckPage(page);
  await phone.locator('#camera-on').click();
  await expect(phone.locator('#camera')).toBeVisible();
  await phone.locator('#capture').click();
  await expect(phone.locator('#preview')).toBeVisible();
  await phone.locator('#sandbox-pass').click();
  await expect(phone.locator('#sandbox-outcome')).toContainText('Face verification passed');
  await phone.close();

  // Step 3, once the signed callback has arrived.
  await expect(page.getByTestId('real-name-done')).toHaveText('Real-name verification complete');
  await expect(page.getByTestId('real-name-identity')).toHaveText('张*1****************X');

  await page.goto('/account/settings/basic');
  await expect(page.getByTestId('real-name-state')).toHaveText('Verified');
  await expect(page.getByTestId('real-name-identity')).toContainText('1****************X');
  await page.goto('/plan/buy');
  await expect(page.getByTestId('catalogue-buy').first()).toBeVisible();
  await expect(page.getByTestId('real-name-required')).toHaveCount(0);
});

test('the form checks name and ID number in Chinese', async ({ page, user }) => {
  await openInLanguage(page, 'zh-CN', user.token, '/real-name');
  const steps = page.getByTestId('real-name-steps');
  await expect(steps).toContainText('填写信息');
  await expect(steps).toContainText('人脸核验');
  await page.getByTestId('real-name-submit').click();
  await expect(page.getByText('请输入姓名')).toBeVisible();
  await expect(page.getByText('请输入身份证号')).toBeVisible();
  await page.getByTestId('real-name-id').fill('990105194912310023');
  await page.getByTestId('real-name-name').fill('张三');
  await page.getByTestId('real-name-submit').click();
  await expect(page.getByText('身份证号的地区码无效')).toBeVisible();
});

test('an unverified customer is told that adding domains needs verification, with the way there', async ({
  page,
  user,
}) => {
  await signInWithToken(page, user.token, '/account/settings/basic');
  await expect(page.getByTestId('real-name-state')).toHaveText('Not verified');
  await page.goto('/domain/create');
  await expect(page.getByTestId('real-name-required')).toContainText(
    'Adding and changing domains needs real-name verification.',
  );
  await expect(page.getByTestId('create-next')).toBeDisabled();
  await page.getByTestId('real-name-link').click();
  await expect(page).toHaveURL(/\/real-name$/);
  await expect(page.getByTestId('real-name-name')).toBeVisible();
});
