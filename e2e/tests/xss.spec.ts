import type { APIRequestContext, Page } from '@playwright/test';
import { expect, type TestUser, test } from '../support/fixtures';
import { operator } from '../support/ops';
import { xssPayloads } from '../support/xss-payloads';

/**
 * Issue 13: 100 standard XSS payloads stored in messages (titles and HTML contents, through the operator's notice
 * command) and in tickets (titles, descriptions, replies of both sides) never run in Chromium: no dialog opens and
 * nothing is printed to the console by them, and the rendered message HTML carries no handler or script link.
 */

async function api(request: APIRequestContext, user: TestUser, path: string, data: unknown) {
  const response = await request.post(`/api${path}`, { headers: { authorization: user.token }, data });
  const body = (await response.json()) as { code: number; message: string; data: { id: number; ticketNo: string } };
  if (body.code !== 200) throw new Error(`${path}: ${body.message}`);
  return body.data;
}

function watch(page: Page) {
  const ran: string[] = [];
  page.on('dialog', async (dialog) => {
    ran.push(`${dialog.type()}: ${dialog.message()}`);
    await dialog.dismiss();
  });
  page.on('console', (message) => {
    if (/xss/i.test(message.text())) ran.push(`console: ${message.text()}`);
  });
  return ran;
}

async function everyPage(page: Page) {
  const next = page.locator('.ant-pagination-next');
  while ((await next.count()) > 0 && (await next.getAttribute('aria-disabled')) !== 'true') {
    await next.click();
    await page.mouse.move(400, 300);
  }
}

test('100 XSS payloads in messages and tickets never execute', async ({ signedInPage: page, user, request }) => {
  test.setTimeout(120_000);
  const ran = watch(page);
  // The listeners do catch what runs: a probe is seen, then forgotten.
  await page.evaluate(() => {
    console.log('xss-probe');
    alert('probe');
  });
  await expect.poll(() => ran.length).toBe(2);
  ran.length = 0;
  const all = xssPayloads.join('\n');

  for (const payload of xssPayloads) {
    await operator('notice', 'publish', '--title', payload.slice(0, 200), '--content', payload, '--to', user.userName);
  }
  await operator('notice', 'publish', '--title', 'All payloads', '--content', all, '--to', user.userName);

  for (const payload of xssPayloads) {
    await api(request, user, '/support/tickets', {
      product: 'other',
      urgency: 'consultation',
      title: payload.slice(0, 100),
      description: payload,
    });
  }
  const big = await api(request, user, '/support/tickets', {
    product: 'other',
    urgency: 'consultation',
    title: 'All payloads',
    description: all,
  });
  await api(request, user, `/support/tickets/${big.id}/reply`, { content: all });
  await operator('ticket', 'reply', big.ticketNo, all);

  await page.goto('/msg');
  await expect(page.getByTestId('message-item')).toHaveCount(20);
  await page.getByTestId('notice-bell').hover();
  await expect(page.getByTestId('notice-drawer-item').first()).toBeVisible();
  await page
    .getByTestId('message-title')
    .filter({ hasText: `Your ticket ${big.ticketNo} has a reply` })
    .click();
  await expect(page.getByTestId('message-content')).toContainText('alert(100)');
  await page.keyboard.press('Escape');
  await page.getByTestId('message-title').filter({ hasText: 'All payloads' }).click();
  const content = page.getByTestId('message-content');
  await expect(content).toBeVisible();
  await content.hover();
  const dangerous = await content.evaluate((root) =>
    Array.from(root.querySelectorAll('*')).flatMap((el) =>
      Array.from(el.attributes)
        .filter((a) => /^on/i.test(a.name) || /^\s*(javascript|data):/i.test(a.value))
        .map((a) => `${el.tagName} ${a.name}=${a.value}`)
        .concat(
          ['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'STYLE', 'BASE', 'META', 'LINK'].includes(el.tagName)
            ? [el.tagName]
            : [],
        ),
    ),
  );
  expect(dangerous).toEqual([]);
  await page.keyboard.press('Escape');
  await everyPage(page);

  await page.goto('/ticket');
  await expect(page.getByTestId('ticket-title').first()).toBeVisible();
  await everyPage(page);
  await page.goto(`/ticket/${big.id}`);
  await expect(page.getByTestId('ticket-entry-staff')).toContainText('alert(100)');
  await page.getByTestId('ticket-conversation').hover();
  // A handler the hover set off has run by the next task: a probe logged then arrives after anything it printed.
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(() => resolve(console.log('xss-probe')))));
  await expect.poll(() => ran.at(-1)).toBe('console: xss-probe');

  expect(ran.slice(0, -1)).toEqual([]);
});
