import { randomBytes } from 'node:crypto';
import { loginDemo } from '../support/domains';
import { expect, signInWithToken, test } from '../support/fixtures';

/**
 * Issue 10, preheat and refresh: the demo account refreshes a URL of its enabled sample domain; a line that breaks
 * the spec's rule is named by its number first, and the task then goes from processing to success in the history.
 */
test('the demo account refreshes a URL of its sample domain and sees the task succeed', async ({ page, request }) => {
  await signInWithToken(page, await loginDemo(request), '/preheat');
  const form = page.getByTestId('cache-task-form-refreshUrl');
  await expect(form.getByTestId('cache-task-quota')).toHaveText(/^Today: \d+ of 10000 used$/);

  const url = `http://www.example.com/e2e-${randomBytes(4).toString('hex')}.css`;
  await form.getByTestId('cache-task-urls').fill(`${url}\nftp://www.example.com/a.css`);
  await form.getByTestId('cache-task-submit').click();
  await expect(
    form.getByText('Line 2: Refresh URLs start with http://, https:// or www.example.com one per line'),
  ).toBeVisible();

  await form.getByTestId('cache-task-urls').fill(url);
  await form.getByTestId('cache-task-submit').click();
  await expect(page.getByText('Task submitted')).toBeVisible();

  const row = page.getByRole('row').filter({ has: page.getByTestId('cache-task-url').getByText(url) });
  await expect(row.getByTestId('cache-task-status')).toHaveText('Success', { timeout: 30_000 });
  await row.getByTestId('cache-task-detail').click();
  await expect(page.getByTestId('cache-task-urls-result').getByRole('row').filter({ hasText: url })).toContainText(
    'Success',
  );
});
