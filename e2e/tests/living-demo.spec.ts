import { setDnsRecords } from '../support/dns-server';
import { domainListRow } from '../support/domain-test';
import { demoAccount, loginDemo, uniqueApex } from '../support/domains';
import { expect, openInLanguage, test } from '../support/fixtures';

/**
 * Issue 8, point 1: a newcomer who logs in with the README's demo account meets a living console: sample domains
 * in the states a customer meets, labelled as sample data, whose every settings tab opens; and the add-domain flow
 * says what DNS answered when the ownership record is missing or holds another value.
 */

const texts = {
  'en-US': {
    sample: 'Sample data',
    missing:
      /^DNS verification failed, please check DNS record configuration: _edgeward-verify\.\S+ has no TXT record yet/,
    mismatch: 'holds "edgeward-verify=not-the-one", not the value shown',
  },
  'zh-CN': {
    sample: '示例数据',
    missing: /^DNS验证失败，请检查DNS记录配置：_edgeward-verify\.\S+ 还没有 TXT 记录/,
    mismatch: '的 TXT 记录值为 "edgeward-verify=not-the-one"，与要求的值不一致',
  },
} as const;

const sampleStates = {
  'www.example.com': 'enabled',
  'static.example.com': 'enabled',
  'download.example.com': 'disabled',
  'video.example.com': 'configuring',
  'img.example.com': 'abnormal',
  'api.example.com': 'under_review',
} as const;

test('a newcomer logs in as demo and reaches every settings tab of a sample domain', async ({ page }) => {
  test.slow();
  await page.goto('/user/login');
  await page.getByLabel('Username').fill(demoAccount.userName);
  await page.getByLabel('Password').fill(demoAccount.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL('/');

  await page.goto('/domain');
  for (const [domainName, status] of Object.entries(sampleStates)) {
    const row = await domainListRow(page, domainName);
    await expect(row.getByTestId('domain-status')).toHaveAttribute('data-status', status);
    await expect(row.getByTestId('sample-tag')).toHaveText(texts['en-US'].sample);
  }

  const row = await domainListRow(page, 'www.example.com');
  await row.getByRole('link', { name: 'www.example.com', exact: true }).click();
  await expect(page.getByTestId('settings-domain-name')).toHaveText('www.example.com');
  await expect(page.getByTestId('sample-tag')).toBeVisible();
  for (const tab of ['origin', 'https', 'cache', 'access', 'advanced', 'protection', 'basic']) {
    await page.getByTestId(`settings-tab-${tab}`).click();
    await expect(page).toHaveURL(new RegExp(`/domain/setting/${tab}/\\d+$`));
    const panel = page.locator(`[role=tabpanel][id$="-panel-${tab}"]`);
    await expect(panel).toBeVisible();
    await expect(page.getByTestId('load-error')).toHaveCount(0);
    if (tab === 'cache') {
      // The showcase's four cache rules, not the one a new domain starts with.
      await expect(panel.getByText('/api/')).toBeVisible();
    }
  }
  await expect(page.getByTestId('domain-cname').first()).toHaveText('www.example.com.cdn.edgeward.net');
});

for (const locale of ['en-US', 'zh-CN'] as const) {
  test.describe(locale, () => {
    test.use({ locale });

    test(`sample data is labelled as such (${locale})`, async ({ page, request }) => {
      await openInLanguage(page, locale, await loginDemo(request), '/domain');
      const row = await domainListRow(page, 'img.example.com');
      await expect(row.getByTestId('sample-tag')).toHaveText(texts[locale].sample);
      await expect(row.getByTestId('domain-status')).toHaveAttribute('data-status', 'abnormal');
    });

    test(`the ownership check says whether the record is missing or holds another value (${locale})`, async ({
      page,
      request,
    }) => {
      const apex = uniqueApex();
      await openInLanguage(page, locale, await loginDemo(request), '/domain/create');
      await page.getByTestId('create-domain-name').fill(`www.${apex}`);
      await page.getByTestId('domain-type-web').check();
      await page.getByTestId('create-next').click();

      const status = page.getByTestId('verify-status');
      await page.getByTestId('verify-button').click();
      await expect(status).toHaveAttribute('data-status', 'failed');
      await expect(status).toHaveText(texts[locale].missing);

      await setDnsRecords(`_edgeward-verify.${apex}`, 'TXT', ['edgeward-verify=not-the-one']);
      await page.getByTestId('verify-button').click();
      await expect(status).toContainText(texts[locale].mismatch);
      await expect(status).toHaveAttribute('data-status', 'failed');
    });
  });
}
