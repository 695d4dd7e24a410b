import { randomBytes } from 'node:crypto';
import { signRequest } from '@edgeward/contract';
import { expect, test } from '../support/fixtures';

test('a new API key shows its SecretKey once, signs calls as its user, and is gone once deleted', async ({
  signedInPage: page,
  user,
  request,
}) => {
  // Two screens, a reload and signed calls: more than the default 30 s when the machine is busy.
  test.slow();
  await page.goto('/key');
  await expect(page.getByTestId('api-key-empty')).toBeVisible();
  await page.getByTestId('api-key-empty').getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an API key' });
  await dialog.getByLabel('Note').fill('deploy script');
  await dialog.getByRole('button', { name: 'Create key' }).click();

  const created = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(
    created.getByText('Copy the SecretKey now: it is shown only this once.', { exact: false }),
  ).toBeVisible();
  const secretId = (await created.getByTestId('api-key-secret-id').textContent()) ?? '';
  const secretKey = (await created.getByTestId('api-key-secret-key').textContent()) ?? '';
  expect(secretId).toMatch(/^EWAK[A-Z2-7]{20}$/);
  expect(secretKey).toHaveLength(40);

  // The key signs a call as its user (the contract's signer, as scripts/signed-curl.sh does with openssl).
  const sign = (url: string) =>
    signRequest({
      secretId,
      secretKey,
      method: 'GET',
      url,
      timestamp: Math.floor(Date.now() / 1000),
      nonce: randomBytes(8).toString('hex'),
    });
  const profile = await request.get('/api/user/profile', { headers: { authorization: sign('/api/user/profile') } });
  expect((await profile.json()).data.userName).toBe(user.userName);

  await created.getByRole('button', { name: 'I have copied the SecretKey' }).click();
  await expect(created).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(secretId) });
  await expect(row).toContainText('deploy script');
  await expect(row).toContainText('Read and write');
  // Used just now, from this machine.
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(secretId) })).toContainText('127.0.0.1');
  await expect(page.getByText(secretKey)).toHaveCount(0);

  await page
    .getByRole('row', { name: new RegExp(secretId) })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Programs signing with it stop working at once.')).toBeVisible();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Key deleted')).toBeVisible();
  await expect(page.getByTestId('api-key-empty')).toBeVisible();
  const refused = await request.get('/api/user/profile', { headers: { authorization: sign('/api/user/profile') } });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error).toBe('API_KEY_INVALID');
});
