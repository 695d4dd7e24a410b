import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { domainTest as test } from '../support/domain-test';
import { api, randomLabel, saveSettings, selfSignedCertificate } from '../support/domains';
import { expect, openInLanguage } from '../support/fixtures';
import { chooseOption } from '../support/popups';

/**
 * Certificate management (/certificate/manage) and the domain HTTPS tab's choice among managed certificates, as
 * the demo account (it may add domains). Certificates carry names of their own, and each test narrows the list to
 * its own by searching.
 */

const texts = {
  'en-US': {
    uploaded: 'The certificate was uploaded',
    keyMismatch: 'The private key does not match the certificate',
    leafNotFirst:
      'The chain is in the wrong order: the certificate that matches the private key must come first, then each intermediate',
    downloadZip: 'Download ZIP (fullchain.pem and privkey.pem)',
    renewalPending: 'Renewal waiting for DNS',
    openRenewal: 'Open the renewal',
    deployed: 'Deployed, HTTPS on',
    allOk: 'The certificate was deployed to 1 domain',
    deleteOk: /^Delete$/,
    inUse: (domain: string) =>
      `The certificate is deployed to ${domain}; switch those domains to another certificate first`,
    notDeployed: 'Not deployed',
  },
  'zh-CN': {
    uploaded: '证书已上传',
    keyMismatch: '私钥与证书不匹配',
    leafNotFirst: '证书链顺序错误：与私钥匹配的证书必须放在最前，其后依次是中间证书',
    downloadZip: '下载 ZIP（证书链 fullchain.pem 和私钥 privkey.pem）',
    renewalPending: '续期等待 DNS 验证',
    openRenewal: '打开续期申请',
    deployed: '已部署，HTTPS 已开启',
    allOk: '证书已部署到 1 个域名',
    // antd spaces out a button's two Chinese characters.
    deleteOk: /^删\s?除$/,
    inUse: (domain: string) => `证书已部署到 ${domain}，请先为这些域名更换其他证书`,
    notDeployed: '未部署',
  },
} as const;

/** Narrows the list to the certificates whose name or names contain `text`. */
async function search(page: Page, text: string): Promise<void> {
  const box = page.getByTestId('certificate-search').getByRole('searchbox');
  await box.fill(text);
  await box.press('Enter');
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  const text = texts[locale];

  test(`upload (a file read into the form), deploy to a domain, delete refused while deployed, download (${locale})`, async ({
    page,
    demoToken,
    domain,
  }) => {
    test.slow();
    const name = randomLabel('up-');
    const own = selfSignedCertificate(domain.domainName);
    const other = selfSignedCertificate(domain.domainName);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edgeward-e2e-upload-'));
    const certFile = path.join(dir, 'fullchain.pem');
    fs.writeFileSync(certFile, `${own.certificate}\n`);

    await openInLanguage(page, locale, demoToken, '/certificate/manage');
    await page.getByTestId('certificate-upload').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('certificate-form-name').fill(name);
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByTestId('certificate-form-cert-file').click();
    await (await chooser).setFiles(certFile);
    await expect(dialog.getByTestId('certificate-form-cert')).toHaveValue(own.certificate);
    // Another certificate's key: the server's check answers under the key field.
    await dialog.getByTestId('certificate-form-key').fill(other.privateKey);
    await dialog.getByTestId('certificate-form-submit').click();
    await expect(dialog.getByText(text.keyMismatch)).toBeVisible();
    await dialog.getByTestId('certificate-form-key').fill(own.privateKey);
    // The key's certificate after another one: the order is named, not the key.
    await dialog.getByTestId('certificate-form-cert').fill(`${other.certificate}\n${own.certificate}`);
    await dialog.getByTestId('certificate-form-submit').click();
    await expect(dialog.getByText(text.leafNotFirst)).toBeVisible();
    await expect(dialog.getByText(text.keyMismatch)).toBeHidden();
    await dialog.getByTestId('certificate-form-cert').fill(own.certificate);
    // The edit clears the order's message under the field, and the form grows shorter: a click before that lands
    // where the button was.
    await expect(dialog.getByText(text.leafNotFirst)).toBeHidden();
    await dialog.getByTestId('certificate-form-submit').click();
    await expect(page.getByText(text.uploaded)).toBeVisible();
    await expect(dialog).toBeHidden();
    fs.rmSync(dir, { recursive: true, force: true });

    await search(page, name);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(domain.domainName);
    await expect(row).toContainText('ECC 256');
    await expect(row).toContainText(text.notDeployed);

    await row.getByTestId('certificate-deploy').click();
    const deploy = page.getByRole('dialog');
    await deploy.getByRole('checkbox', { name: domain.domainName }).check();
    await deploy.getByTestId('deploy-submit').click();
    await expect(deploy.getByTestId('deploy-results')).toContainText(text.allOk);
    await expect(deploy.getByTestId('deploy-result')).toContainText(text.deployed);
    await deploy.getByTestId('deploy-close').click();
    await expect(row.getByTestId('certificate-deployed')).toContainText(domain.domainName);

    await row.getByTestId('certificate-delete').click();
    await page.getByRole('dialog').getByRole('button', { name: text.deleteOk }).click();
    await expect(page.getByText(text.inUse(domain.domainName))).toBeVisible();
    await expect(row).toHaveCount(1);

    await row.getByTestId('certificate-name').click();
    const drawer = page.getByTestId('certificate-detail');
    await expect(drawer).toContainText(domain.domainName);
    const pem = page.waitForEvent('download');
    await page.getByTestId('certificate-download-pem').click();
    const pemFile = await pem;
    expect(pemFile.suggestedFilename()).toBe(`${name}.pem`);
    expect(fs.readFileSync(await pemFile.path(), 'utf8').trim()).toBe(own.certificate);
    const zip = page.waitForEvent('download');
    await expect(page.getByTestId('certificate-download-zip')).toHaveText(text.downloadZip);
    await page.getByTestId('certificate-download-zip').click();
    const zipFile = await zip;
    expect(zipFile.suggestedFilename()).toBe(`${name}.zip`);
    const listing = execFileSync('unzip', ['-Z1', await zipFile.path()], { encoding: 'utf8' });
    expect(listing.trim().split('\n')).toEqual(['fullchain.pem', 'privkey.pem']);
  });
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  const text = texts[locale];

  test(`a renewal waiting for DNS is shown with its record in the list and the detail (${locale})`, async ({
    page,
    demoToken,
    request,
  }) => {
    // The server's answers with a renewal added as the maintenance run leaves it (the API tests run the renewal
    // itself against Pebble): the page shows what the contract's renewal says.
    const name = randomLabel('rnw-');
    const { id } = await api<{ id: number }>(request, demoToken, 'POST', '/certificate/upload', {
      data: { name, ...selfSignedCertificate(`www.${name}.example`) },
    });
    const record = {
      domainName: `www.${name}.example`,
      type: 'TXT',
      host: '_acme-challenge.www',
      name: `_acme-challenge.www.${name}.example`,
      value: 'Zm9vYmFyLXJlbmV3YWwtcmVjb3JkLXZhbHVlLTEyMzQ1Njc',
    };
    const renewal = { applicationId: 424242, status: 'pending', records: [record] };
    const withRenewal = (item: { id: number; renewal: unknown }) => (item.id === id ? { ...item, renewal } : item);
    await page.route('**/api/certificate/list?*', async (route) => {
      const json = await (await route.fetch()).json();
      json.data.list = json.data.list.map(withRenewal);
      await route.fulfill({ json });
    });
    await page.route(`**/api/certificate/${id}/detail`, async (route) => {
      const json = await (await route.fetch()).json();
      json.data = withRenewal(json.data);
      await route.fulfill({ json });
    });

    await openInLanguage(page, locale, demoToken, '/certificate/manage');
    await search(page, name);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByTestId('certificate-renewal')).toHaveText(text.renewalPending);
    await expect(row.getByTestId('certificate-renewal')).toHaveAttribute('href', '/certificate/order/424242/detail');
    await expect(row.getByTestId('certificate-renewal-record')).toHaveText(`${record.name} TXT ${record.value}`);

    await row.getByTestId('certificate-name').click();
    const detail = page.getByTestId('certificate-renewal-detail');
    await expect(detail).toContainText(text.renewalPending);
    await expect(detail.getByTestId('application-record-value')).toHaveText(record.value);
    await expect(detail.getByRole('link', { name: text.openRenewal })).toHaveAttribute(
      'href',
      '/certificate/order/424242/detail',
    );
  });
}

test('the list filters by expiry and source, and says when nothing matches', async ({ page, demoToken, request }) => {
  const prefix = randomLabel('flt');
  for (const [suffix, days] of [
    ['soon', 10],
    ['later', 200],
  ] as const) {
    const certificate = selfSignedCertificate(`${suffix}.${prefix}.example`, days);
    await api(request, demoToken, 'POST', '/certificate/upload', {
      data: { name: `${prefix}-${suffix}`, ...certificate },
    });
  }
  await openInLanguage(page, 'en-US', demoToken, '/certificate/manage');
  await search(page, prefix);
  const rows = page.getByRole('row').filter({ hasText: prefix });
  await expect(rows).toHaveCount(2);

  await chooseOption(page, page.getByTestId('certificate-expiry-filter'), 'Expiring within 30 days');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(`${prefix}-soon`);
  await expect(rows.getByTestId('certificate-validity')).toHaveText(/Expires in (9|10) days/);

  await chooseOption(page, page.getByTestId('certificate-source-filter'), 'Applied');
  await expect(page.getByText('No certificate matches the search or filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByTestId('certificate-search').getByRole('searchbox')).toHaveValue('');
  await expect(page.getByRole('row').filter({ hasText: `${prefix}-later` })).toHaveCount(1);
});

test('the domain HTTPS tab installs one of the managed certificates covering the domain', async ({
  page,
  demoToken,
  domain,
  request,
}) => {
  const name = randomLabel('pick-');
  await api(request, demoToken, 'POST', '/certificate/upload', {
    data: { name, ...selfSignedCertificate(domain.domainName) },
  });
  await openInLanguage(page, 'en-US', demoToken, `/domain/setting/https/${domain.id}`);
  // With a covering certificate, the choice among managed certificates comes first.
  await expect(page.getByTestId('managed-cert-select')).toBeVisible();
  await page.getByTestId('https-switch').click();
  await page.getByTestId('domain-save-https').click();
  await expect(page.getByText('Choose a certificate to enable HTTPS')).toBeVisible();

  await chooseOption(page, page.getByTestId('managed-cert-select'), name);
  await saveSettings(page, page.getByTestId('domain-save-https'));
  await expect(page.getByTestId('https-certificate')).toContainText(name);
  await expect(page.getByTestId('https-switch')).toBeChecked();

  await page.goto('/certificate/manage');
  await search(page, name);
  await expect(page.getByRole('row').filter({ hasText: name }).getByTestId('certificate-deployed')).toContainText(
    domain.domainName,
  );
});
