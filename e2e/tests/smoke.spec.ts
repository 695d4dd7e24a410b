import { expect, test } from '../support/fixtures';

test('GET / serves the app with a CSP that allows no inline script', async ({ request }) => {
  const response = await request.get('/');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/html');
  const csp = response.headers()['content-security-policy'] ?? '';
  const scriptSrc = csp
    .split(';')
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith('script-src '));
  expect(scriptSrc, `script-src in "${csp}"`).toBeDefined();
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(await response.text()).toContain('<div id="root">');
});

test('a newcomer visiting / lands on the login page with the redirect kept', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) problems.push(message.text());
  });
  await page.goto('/');
  await expect(page).toHaveURL('/user/login?redirect=%2F');
  await expect(page.getByLabel('Username')).toBeVisible();
  expect(problems, 'uncaught errors or CSP violations in the page').toEqual([]);
});

test('the API documentation is published', async ({ request }) => {
  const page = await request.get('/api/docs');
  expect(page.status()).toBe(200);
  const spec = await request.get('/api/docs/json');
  expect(spec.status()).toBe(200);
  expect((await spec.json()).paths['/api/health']).toBeDefined();
});

test('a user registered through the API and signed in with the token stays in the app', async ({ signedInPage }) => {
  await expect(signedInPage).toHaveURL('/');
});
