import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, openInLanguage, registerUser, test } from '../support/fixtures';
import { closed, opened } from '../support/popups';
import { demoAdmin, demoAdminToken, openAsStaff, staffApi } from '../support/staff';

/**
 * Issue 28, the operator console's notices desk (/admin/notices) as the demo admin: a notice written with bold text
 * and a script is previewed through the server's sanitizer (bold kept, the script gone), refused for a user name
 * nobody has (the server's error under the field), sent to one freshly registered customer (never to all: other
 * tests compare customers' newest messages meanwhile), listed as sent, and read by that customer in the message
 * centre. Both languages, and on a phone.
 */

const texts = {
  'en-US': {
    notices: 'Notices',
    oneCustomer: 'One customer',
    noUser: 'No customer has this user name',
    sent: 'The notice was sent to 1 customer',
    required: 'Input cannot be empty',
  },
  'zh-CN': {
    notices: '公告',
    oneCustomer: '某一位客户',
    noUser: '没有该用户名的客户',
    sent: '公告已发送给 1 位客户',
    required: '输入不能为空',
  },
} as const;

const script = '<script>window.__noticeScript = 1</script>';

/** Elements and attributes that could run anything, inside `root`. */
const dangerousIn = (root: Locator) =>
  root.evaluate((element) =>
    Array.from(element.querySelectorAll('*')).flatMap((el) =>
      ['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'STYLE'].includes(el.tagName)
        ? [el.tagName]
        : Array.from(el.attributes)
            .filter((a) => /^on/i.test(a.name))
            .map((a) => `${el.tagName} ${a.name}`),
    ),
  );

/** Clicks Send and OK in the confirmation, which states the audience; returns the dialog's text. */
async function sendConfirmed(page: Page): Promise<string> {
  await page.getByTestId('admin-notice-send').click();
  const dialog = page.getByRole('dialog');
  await opened(dialog);
  const said = (await dialog.textContent()) ?? '';
  await dialog.locator('.ant-btn-primary').click();
  await closed(dialog);
  return said;
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`a notice with bold text and a script is previewed sanitized, sent to one customer and read (${locale})`, async ({
    page,
    browser,
    request,
  }) => {
    const t = texts[locale];
    const customer = await registerUser(request, 'notice');
    const title = `Maintenance ${randomBytes(4).toString('hex')}`;

    await openAsStaff(page, await demoAdminToken(request), locale, '/admin');
    await page.getByRole('menuitem', { name: t.notices }).click();
    await expect(page).toHaveURL(/\/admin\/notices$/);

    // Nothing written: the contract's rules under the fields, and no dialog.
    await page.getByTestId('admin-notice-send').click();
    await expect(page.getByText(t.required).first()).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByTestId('admin-notice-title').fill(title);
    const content = page.getByTestId('admin-notice-content');
    await content.fill('Edge maintenance tonight');
    // "maintenance" selected, then made bold: by the shortcut in one language, by the toolbar in the other.
    await content.evaluate((area: HTMLTextAreaElement) => area.setSelectionRange(5, 16));
    if (locale === 'en-US') await content.press('Control+b');
    else await page.getByTestId('admin-notice-content-bold').click();
    await expect(content).toHaveValue('Edge <strong>maintenance</strong> tonight');
    await content.press('End');
    await content.pressSequentially(`\n${script}`);

    await page.getByTestId('admin-notice-preview-button').click();
    const preview = page.getByTestId('admin-notice-preview');
    await expect(preview.getByTestId('admin-notice-preview-title')).toHaveText(title);
    const shown = preview.getByTestId('message-content');
    await expect(shown.locator('strong')).toHaveText('maintenance');
    await expect(shown).toContainText('Edge maintenance tonight');
    await expect(shown).not.toContainText('__noticeScript');
    expect(await dangerousIn(shown)).toEqual([]);
    expect(await page.evaluate(() => (window as { __noticeScript?: number }).__noticeScript)).toBeUndefined();
    // A change to the draft takes the preview away: it is no longer this draft's.
    await page.getByTestId('admin-notice-title').fill(`${title}!`);
    await expect(preview.getByTestId('admin-notice-preview-title')).toHaveCount(0);
    await page.getByTestId('admin-notice-title').fill(title);

    // A user name nobody has: the server's field error under the field.
    await page.getByTestId('admin-notice-audience').getByText(t.oneCustomer).click();
    const nobody = `nobody_${randomBytes(4).toString('hex')}`;
    await page.getByTestId('admin-notice-user').fill(nobody);
    expect(await sendConfirmed(page)).toContain(nobody);
    await expect(page.getByText(t.noUser)).toBeVisible();

    await page.getByTestId('admin-notice-user').fill(customer.userName);
    await expect(page.getByText(t.noUser)).toHaveCount(0);
    expect(await sendConfirmed(page)).toContain(customer.userName);
    await expect(page.getByText(t.sent)).toBeVisible();
    await expect(page.getByTestId('admin-notice-title')).toHaveValue('');

    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText(customer.userName);
    await expect(row).toContainText(demoAdmin.userName);
    await expect(row.getByRole('cell').nth(2)).toHaveText('1');

    // The customer reads it in the message centre: bold kept, no script.
    const context = await browser.newContext();
    const mine = await context.newPage();
    await openInLanguage(mine, locale, customer.token, '/msg');
    await mine.getByTestId('message-title').filter({ hasText: title }).click();
    const message = mine.getByTestId('message-content');
    await expect(message.locator('strong')).toHaveText('maintenance');
    await expect(message).not.toContainText('__noticeScript');
    expect(await dangerousIn(message)).toEqual([]);
    await context.close();
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the notices desk fits the screen and lists what was sent as cards (zh-CN)', async ({ page, request }) => {
    const customer = await registerUser(request, 'notice');
    const token = await demoAdminToken(request);
    const title = `Phone ${randomBytes(4).toString('hex')}`;
    await staffApi(request, token, 'POST', '/admin/notices', {
      title,
      content: '<p>Short</p>',
      audience: 'user',
      userName: customer.userName,
    });
    await openAsStaff(page, token, 'zh-CN', '/admin/notices');
    const card = page.getByTestId('admin-notice-card').filter({ hasText: title });
    await expect(card).toContainText(customer.userName);
    await expect(page.getByTestId('admin-notice-content-toolbar')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
