import type { Locator, Page } from '@playwright/test';
import { domainTest as test } from '../support/domain-test';
import { api, type DomainDetail, randomLabel, uniqueApex, verifyOwnership } from '../support/domains';
import { expect, registerUser, registerVerifiedUser } from '../support/fixtures';
import { closed, opened } from '../support/popups';
import { demoAdminToken, giveReason, openAsStaff } from '../support/staff';

/**
 * Issue 28, the operator console's desks: the support staff's ticket queue and a ticket's conversation (a reply with
 * an image, processing completed), and the reviewer's desk (a whole-site domain approved or rejected, real-name
 * submissions, ownership by hand), in both languages and on a phone.
 */

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const texts = {
  'en-US': {
    tickets: 'Tickets',
    reviews: 'Reviews',
    processing: 'Processing',
    completed: 'Processing completed',
    resolve: 'Mark processing completed',
    sent: 'The reply was sent to the customer',
    staff: 'Support staff',
    approve: 'Approve',
    realName: 'Real-name',
    verified: 'Verified',
    ownership: 'Ownership by hand',
  },
  'zh-CN': {
    tickets: '工单',
    reviews: '审核',
    processing: '处理中',
    completed: '处理完成',
    resolve: '标记处理完成',
    sent: '回复已发送给客户',
    staff: '客服',
    approve: '通过',
    realName: '实名认证',
    verified: '已认证',
    ownership: '人工验证归属',
  },
} as const;

/**
 * The confirmation dialog's OK button (antd's modal.confirm). A toast the action shows (`toast`) is looked for as
 * soon as OK is pressed: it stays three seconds, and waiting for the dialog's closing animation first could miss it
 * on a busy machine.
 */
async function confirmDialog(page: Page, toast?: Locator) {
  const dialog = page.getByRole('dialog');
  await opened(dialog);
  await dialog.locator('.ant-btn-primary').click();
  if (toast) await expect(toast).toBeVisible();
  await closed(dialog);
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`the support staff find a new ticket in the queue, reply with an image and complete it (${locale})`, async ({
    page,
    request,
  }) => {
    test.slow();
    const t = texts[locale];
    const customer = await registerUser(request, 'desk');
    const title = `Desk ${randomLabel('t')}`;
    const ticket = await api<{ id: number; ticketNo: string }>(request, customer.token, 'POST', '/support/tickets', {
      data: { product: 'cdn', urgency: 'impact', title, description: 'The origin times out at night.' },
    });

    await openAsStaff(page, await demoAdminToken(request), locale, '/admin');
    await page.getByTestId('admin-menu').getByRole('menuitem', { name: t.tickets }).click();
    await expect(page).toHaveURL(/\/admin\/tickets$/);
    const search = page.getByTestId('admin-ticket-search').getByRole('searchbox');
    await search.fill(ticket.ticketNo);
    await search.press('Enter');
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(customer.userName);
    await expect(row.getByTestId('ticket-status')).toHaveText(t.processing);
    await row.getByTestId('admin-ticket-link').click();

    await expect(page).toHaveURL(new RegExp(`/admin/tickets/${ticket.id}$`));
    // The queue's entry stays selected in the menu.
    await expect(page.getByTestId('admin-menu').locator('.ant-menu-item-selected')).toHaveText(t.tickets);
    await expect(page.getByTestId('admin-ticket-title')).toHaveText(title);
    await expect(page.getByTestId('admin-ticket-customer')).toHaveText(customer.userName);
    await expect(page.getByTestId('admin-ticket-entry-customer')).toContainText('The origin times out at night.');

    // A reply with an image: uploaded first, then named by the reply; shown as a thumbnail read with the staff token.
    await page.getByTestId('admin-ticket-reply-input').fill('We raised the origin timeout to 60 seconds.');
    // The reply form's uploader is the page's only file input.
    await page.locator('input[type=file]').setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: png });
    await expect(page.locator('.ant-upload-list-item-done')).toHaveCount(1);
    await page.getByTestId('admin-ticket-reply-submit').click();
    await expect(page.getByText(t.sent)).toBeVisible();
    const reply = page.getByTestId('admin-ticket-entry-staff');
    await expect(reply).toContainText('We raised the origin timeout to 60 seconds.');
    await expect(reply).toContainText(t.staff);
    await expect(reply.getByTestId('ticket-image').locator('img')).toHaveAttribute('src', /^blob:/);

    // The customer reads the reply with its image.
    const seen = await api<{ replies: { author: string; images: unknown[] }[] }>(
      request,
      customer.token,
      'GET',
      `/support/tickets/${ticket.id}`,
    );
    expect(seen.replies.map((r) => [r.author, r.images.length])).toEqual([['staff', 1]]);

    await page.getByTestId('admin-ticket-resolve').click();
    await confirmDialog(page);
    await expect(page.getByTestId('admin-ticket-detail').getByTestId('ticket-status')).toHaveText(t.completed);
    await expect(page.getByTestId('admin-ticket-resolve')).toHaveCount(0);

    // Closed by the customer: the state is shown and the form is gone.
    await api(request, customer.token, 'POST', `/support/tickets/${ticket.id}/close`, {
      data: { solved: true, rating: 5 },
    });
    await page.reload();
    await expect(page.getByTestId('admin-ticket-closed-note')).toBeVisible();
    await expect(page.getByTestId('admin-ticket-reply-input')).toHaveCount(0);
    await expect(page.getByTestId('admin-ticket-rating')).toBeVisible();
  });
}

test('the reviewer approves one whole-site domain and rejects another with a reason (en-US, zh-CN)', async ({
  page,
  request,
  origin,
}) => {
  test.slow();
  const customer = await registerVerifiedUser(request, 'site');
  const customerToken = customer.token;
  const apex = uniqueApex();
  const create = async (label: string) => {
    const domainName = `${randomLabel(label)}.${apex}`;
    await verifyOwnership(request, customerToken, domainName);
    const created = await api<DomainDetail>(request, customerToken, 'POST', '/domain/create', {
      data: { domainName, type: 'whole_site', origin: { ipOrDomain: [origin.name], httpPort: origin.port } },
    });
    expect(created.status).toBe('under_review');
    return created;
  };
  const approved = await create('ok');
  const rejected = await create('no');

  await openAsStaff(page, await demoAdminToken(request), 'en-US', '/admin/reviews');
  const rowOf = (name: string) => page.getByRole('row').filter({ hasText: name });
  await expect(rowOf(approved.domainName)).toHaveCount(1);
  await expect(rowOf(approved.domainName)).toContainText('Whole-site');
  await expect(rowOf(approved.domainName)).toContainText(customer.userName);
  await rowOf(approved.domainName).getByTestId('admin-domain-approve').click();
  await confirmDialog(page, page.getByText(`${approved.domainName} is approved`));
  await expect(rowOf(approved.domainName)).toHaveCount(0);
  expect((await api<DomainDetail>(request, customerToken, 'GET', `/domain/${approved.id}/detail`)).status).not.toBe(
    'under_review',
  );

  // In Chinese: the reason is required, then the customer's domain is rejected.
  // Run after openAsStaff's own script, so the language stored is Chinese from this load on.
  await page.addInitScript(() => window.localStorage.setItem('edgeward.locale', 'zh-CN'));
  await page.reload();
  await rowOf(rejected.domainName).getByTestId('admin-domain-reject').click();
  await giveReason(page, 'zh-CN', '网站内容不符合要求');
  await expect(rowOf(rejected.domainName)).toHaveCount(0);
  const detail = await api<DomainDetail>(request, customerToken, 'GET', `/domain/${rejected.id}/detail`);
  expect(detail.status).toBe('review_rejected');
  await api(request, customerToken, 'POST', '/domain/delete', { data: { id: rejected.id } });
});

test('the real-name tab lists verified customers with their masked identity, also on a phone', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAsStaff(page, await demoAdminToken(request), 'zh-CN', '/admin/reviews?tab=real-name');
  const t = texts['zh-CN'];
  await expect(page.getByRole('tab', { name: t.realName })).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('admin-real-name-state').getByText(t.verified).click();
  const search = page.getByTestId('admin-real-name-search').getByRole('searchbox');
  await search.fill('demo');
  await search.press('Enter');
  const card = page.getByTestId('admin-real-name-card').filter({ hasText: /^demo/ });
  await expect(card.first()).toBeVisible();
  await expect(card.first().getByTestId('admin-real-name-revoke')).toBeVisible();
  // The masked number on one line, not one character per line.
  const id = card.first().getByTestId('admin-real-name-id');
  const box = await id.boundingBox();
  expect(box?.height ?? 0).toBeLessThan(30);
});

test('ownership by hand: verified for the customer who asked, refused for an apex nobody asked for', async ({
  page,
  request,
}) => {
  const customer = await registerVerifiedUser(request, 'owner');
  const apex = uniqueApex();
  await api(request, customer.token, 'GET', '/domain/query-create-verify-record', {
    params: { domainName: `www.${apex}` },
  });

  await openAsStaff(page, await demoAdminToken(request), 'en-US', '/admin/reviews?tab=ownership');
  await page.getByTestId('admin-ownership-domain').fill(`nobody-${apex}`);
  await page.getByTestId('admin-ownership-reason').fill('TXT record cannot be published');
  await page.getByTestId('admin-ownership-submit').click();
  await expect(page.getByTestId('admin-ownership-refused')).toContainText('No customer');

  await page.getByTestId('admin-ownership-domain').fill(`www.${apex}`);
  await page.getByTestId('admin-ownership-user').fill(customer.userName);
  await page.getByTestId('admin-ownership-reason').fill('TXT record cannot be published');
  await page.getByTestId('admin-ownership-submit').click();
  await expect(page.getByTestId('admin-ownership-result')).toHaveText(`Verified ${apex} for ${customer.userName}`);
});
