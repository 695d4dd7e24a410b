import { expect, test } from '../support/fixtures';

/**
 * Issue 23: the console's CSP allows no eval, and zod's probe for it (`new Function('')`, caught) is still reported
 * as a script-src violation. The web runs zod jitless; a form that parses an object schema (the refresh form checks
 * its lines with CacheTaskCreateSchema) then reports nothing.
 */
test('a form that validates with an object schema causes no CSP violation', async ({ signedInPage: page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  await page.goto('/preheat');
  const form = page.getByTestId('cache-task-form-refreshUrl');
  await form.getByTestId('cache-task-urls').fill('ftp://www.example.com/a.css');
  await form.getByTestId('cache-task-submit').click();
  await expect(form.getByText(/^Line 1: /)).toBeVisible();
  const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  expect(violations).toEqual([]);
});
