import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import { setDnsRecords } from '../support/dns-server';
import { domainTest as test } from '../support/domain-test';
import { expect, openInLanguage } from '../support/fixtures';
import { closed, opened, popconfirm } from '../support/popups';

/**
 * Certificate applications (/certificate/order and the detail page) against Pebble, the ACME test CA the e2e run
 * starts (support/global-setup.ts): apply for the test's domain, verify before the TXT record exists (refused, with
 * what DNS held), retry, add the record through the test DNS, verify, and download the issued certificate, which
 * was also deployed to the domain.
 */

const texts = {
  'en-US': {
    domainNames: 'Domain names',
    deployTo: 'Deploy automatically to',
    created: 'The application was created; its DNS records are being generated',
    dnsFailed: 'DNS verification failed, please check DNS record configuration',
    noRecord: 'No TXT record found',
    nothing: 'Nothing',
    retry: /^Retry$/,
    retryCount: 'Retry count: 0',
    deployed: 'Deployed, HTTPS on',
    keyType: 'RSA (2048 bits)',
    publicKey: 'rsa',
    retrying: 'Tried 3 times without getting through: ',
    creating: 'usually takes 2-3 minutes',
  },
  'zh-CN': {
    domainNames: '域名',
    deployTo: '自动部署到',
    created: '申请已创建，正在生成 DNS 记录',
    dnsFailed: 'DNS验证失败，请检查DNS记录配置',
    noRecord: '未找到 TXT 记录',
    nothing: '无',
    // antd spaces out a button's two Chinese characters.
    retry: /^重\s?试$/,
    retryCount: '重试次数：0',
    deployed: '已部署，HTTPS 已开启',
    keyType: 'ECC（P-256）',
    publicKey: 'ec',
    retrying: '已尝试 3 次未成功：',
    creating: '通常需要 2-3 分钟',
  },
} as const;

for (const locale of ['en-US', 'zh-CN'] as const) {
  const text = texts[locale];

  test(`apply, verify refused without the record, retry, add the TXT record, verify, download (${locale})`, async ({
    page,
    demoToken,
    domain,
  }) => {
    test.slow();
    await openInLanguage(page, locale, demoToken, '/certificate/order');
    await page.getByTestId('application-new').first().click();
    const dialog = page.getByRole('dialog');
    await opened(dialog);
    const names = dialog.getByRole('combobox', { name: text.domainNames });
    await names.fill(domain.domainName);
    await names.press('Enter');
    await names.press('Escape');
    // The names' dropdown closes with an animation; until it is gone its options match the deploy choice too.
    await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
    await dialog.getByText(text.keyType).click();
    await dialog.getByRole('combobox', { name: text.deployTo }).click();
    // The names' dropdown, closed, still holds the same name as an option.
    const deployTo = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    await opened(deployTo);
    await deployTo.locator('.ant-select-item-option', { hasText: domain.domainName }).click();
    await dialog.getByTestId('application-form-submit').click();
    await expect(page.getByText(text.created)).toBeVisible();
    await expect(page).toHaveURL(/\/certificate\/order\/\d+\/detail$/);

    // The records appear once the order is placed (the page polls while the application is being created).
    const status = page.getByTestId('application-status').first();
    await expect(status).toHaveAttribute('data-status', 'pending');
    const record = page.getByTestId('application-record');
    await expect(record).toHaveCount(1);
    await expect(record).toContainText(domain.domainName);
    const name = (await record.getByTestId('application-record-name').innerText()).trim();
    const value = (await record.getByTestId('application-record-value').innerText()).trim();
    expect(name).toBe(`_acme-challenge.${domain.domainName}`);

    // Verified before the record is published: failed, with what DNS held.
    await page.getByTestId('application-verify').click();
    const failure = page.getByTestId('application-failure');
    await expect(failure).toContainText(text.dnsFailed);
    await expect(status).toHaveAttribute('data-status', 'failed');
    const check = page.getByTestId('application-dns-check-item');
    await expect(check).toContainText(text.noRecord);
    await expect(check).toContainText(text.nothing);
    await expect(check).toContainText(value);
    await expect(failure).toContainText(text.retryCount);

    await failure.getByTestId('application-retry').click();
    const confirm = popconfirm(page);
    await opened(confirm);
    await confirm.getByRole('button', { name: text.retry }).click();
    await expect(status).toHaveAttribute('data-status', 'pending');
    await closed(confirm);
    await expect(page.getByTestId('application-retry-count')).toHaveText('1');

    await setDnsRecords(name, 'TXT', [value]);
    await page.getByTestId('application-verify').click();
    // Pebble validates and issues; the page polls while the certificate is generated.
    await expect(status).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
    const issued = page.getByTestId('application-issued');
    await expect(issued.getByTestId('deploy-result')).toContainText(text.deployed);

    const pem = page.waitForEvent('download');
    await issued.getByTestId('certificate-download-pem').click();
    const chain = fs.readFileSync(await (await pem).path(), 'utf8');
    const leaf = new X509Certificate(chain);
    expect(leaf.subjectAltName).toContain(`DNS:${domain.domainName}`);
    expect(leaf.publicKey.asymmetricKeyType).toBe(text.publicKey);
  });

  test(`an application the CA does not answer shows its retries, the reason and the next try (${locale})`, async ({
    page,
    demoToken,
  }) => {
    // The server's answer while the job backs off from an unreachable CA (the API tests drive that job itself).
    const now = Date.now();
    const reason = 'The certificate authority could not be reached (connect ECONNREFUSED 127.0.0.1:9)';
    await page.route('**/api/certificate/order/424243/detail', (route) =>
      route.fulfill({
        json: {
          code: 200,
          message: 'success',
          data: {
            id: 424243,
            domainNames: ['www.offline.example.com'],
            keyType: 'ECC',
            status: 'creating',
            retryCount: 3,
            failureReason: null,
            retryReason: reason,
            nextAttemptAt: now + 240_000,
            certificateId: null,
            notBefore: null,
            notAfter: null,
            renewalOf: null,
            createdAt: now - 300_000,
            updatedAt: now,
            records: [],
            dnsCheck: null,
            deployDomains: [],
            deployResults: null,
            recordsAt: null,
            verifiedAt: null,
            completedAt: null,
            expiresAt: null,
          },
        },
      }),
    );
    // Routed, the page is slow to start (each of its requests passes the route first): judged once it has its answer.
    const answered = page.waitForResponse('**/api/certificate/order/424243/detail');
    await openInLanguage(page, locale, demoToken, '/certificate/order/424243/detail');
    await answered;
    await expect(page.getByTestId('application-retrying')).toContainText(`${text.retrying}${reason}`);
    await expect(page.getByTestId('application-retry-count')).toHaveText('3');
    await expect(page.getByTestId('application-next-attempt')).not.toBeEmpty();
    await expect(page.getByText(text.creating)).toHaveCount(0);
  });
}
