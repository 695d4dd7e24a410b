import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures';

/** The scripts index.html names: its module script and its modulepreload links. */
async function scriptsOfIndex(request: APIRequestContext): Promise<string[]> {
  const html = await (await request.get('/user/login')).text();
  const urls = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
    (match) => match[1]!,
  );
  return [...new Set(urls)].sort();
}

test('a visitor of the login page downloads only the scripts the page names until they act', async ({
  page,
  request,
}) => {
  const named = await scriptsOfIndex(request);
  expect(named.length).toBeGreaterThan(0);
  const fetched = new Set<string>();
  page.on('request', (req) => {
    const { pathname } = new URL(req.url());
    if (pathname.endsWith('.js')) fetched.add(pathname);
  });

  await page.goto('/user/login');
  await expect(page.getByLabel('Username')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect([...fetched].sort(), 'scripts fetched before the visitor did anything').toEqual(named);

  // What checking and sending need comes with the first key stroke, and checking then works.
  await page.getByLabel('Username').press('a');
  await expect.poll(() => fetched.size).toBeGreaterThan(named.length);
  await page.getByLabel('Username').press('Backspace');
  await expect(page.getByText('Input cannot be empty')).toBeVisible();
});
