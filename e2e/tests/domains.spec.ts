import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { setDnsRecords } from '../support/dns-server';
import { domainListRow, domainTest as test } from '../support/domain-test';
import {
  apiCall,
  type DomainDetail,
  randomLabel,
  saveSettings,
  selfSignedCertificate,
  uniqueApex,
} from '../support/domains';
import { expect, signInWithToken } from '../support/fixtures';
import { chooseOption, closed, opened, popconfirm } from '../support/popups';

/**
 * Accelerated domains in the browser, as the demo account (real-name verified; see support/domains.ts). Every
 * domain has a name of its own; the domains made through the API share one apex per worker, verified once.
 */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('a verified user adds a domain: TXT record, verification, origin by name, CNAME, then enabled', async ({
  page,
  demoToken,
  origin,
  tracked,
}) => {
  test.slow();
  const apex = uniqueApex();
  const domainName = `www.${apex}`;
  await signInWithToken(page, demoToken, '/domain');
  await page.getByTestId('add-domain').click();
  await expect(page).toHaveURL('/domain/create');

  await page.getByTestId('create-domain-name').fill(domainName);
  await page.getByTestId('domain-type-web').check();
  await page.getByTestId('create-next').click();

  // The apex is new to the account: its TXT record is asked for.
  const host = page.getByTestId('verify-txt-host');
  await expect(host).toHaveText('_edgeward-verify');
  const value = ((await page.getByTestId('verify-txt-value').textContent()) ?? '').trim();
  expect(value).toMatch(/^edgeward-verify=[0-9a-f]{32}$/);
  const status = page.getByTestId('verify-status');
  await expect(status).toHaveAttribute('data-status', 'pending');
  await expect(page.getByTestId('create-next')).toBeDisabled();

  // Verifying before the record exists fails with the spec's message.
  await page.getByTestId('verify-button').click();
  await expect(status).toHaveAttribute('data-status', 'failed');
  await expect(status).toContainText('DNS verification failed, please check DNS record configuration');

  await setDnsRecords(`_edgeward-verify.${apex}`, 'TXT', [value]);
  await page.getByTestId('verify-button').click();
  await expect(status).toHaveAttribute('data-status', 'success');
  await page.getByTestId('create-next').click();

  // The origin by name: the form takes no internal IP, the name resolves to the loopback origin.
  await page.getByTestId('origin-input').fill(origin.name);
  await expect(page.getByTestId('origin-type')).toHaveText('Origin domain');
  await page.getByLabel('HTTP port').fill(String(origin.port));
  const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/domain/create');
  await page.getByTestId('create-submit').click();
  const response = await created;
  expect(response.status()).toBe(200);
  tracked.push(((await response.json()) as { data: DomainDetail }).data.id);
  // The origin check reached the origin, asking for the acceleration domain.
  expect(origin.hosts).toContain(domainName);

  await expect(page.getByText(`${domainName} has been added`)).toBeVisible();
  await expect(page.getByTestId('domain-cname').first()).toHaveText(`${domainName}.cdn.edgeward.net`, {
    timeout: 15_000,
  });

  await page.getByTestId('create-back-to-list').click();
  await expect(page).toHaveURL('/domain');
  const row = await domainListRow(page, domainName);
  await expect(row.getByTestId('domain-status')).toHaveAttribute('data-status', 'enabled', { timeout: 15_000 });
  await expect(row.getByTestId('domain-cname')).toHaveText(`${domainName}.cdn.edgeward.net`);
});

test.describe('domain settings', () => {
  test('basic information, and the tabs follow the address', async ({ page, demoToken, domain }) => {
    await signInWithToken(page, demoToken, `/domain/setting/basic/${domain.id}`);
    await expect(page.getByTestId('settings-domain-name')).toHaveText(domain.domainName);
    await expect(page.getByTestId('domain-status').first()).toHaveAttribute('data-status', 'enabled');
    await expect(page.getByTestId('domain-cname').first()).toHaveText(`${domain.domainName}.cdn.edgeward.net`);
    for (const tab of ['origin', 'https', 'cache', 'access', 'advanced', 'protection', 'basic']) {
      await page.getByTestId(`settings-tab-${tab}`).click();
      await expect(page).toHaveURL(`/domain/setting/${tab}/${domain.id}`);
    }
  });

  test('origin: an internal IP is refused; a new Host header is checked against the origin and saved, with the certificate check', async ({
    page,
    demoToken,
    domain,
    origin,
  }) => {
    await signInWithToken(page, demoToken, `/domain/setting/origin/${domain.id}`);
    const address = page.getByTestId('origin-input');
    await expect(address).toHaveValue(origin.name);

    await address.fill('203.0.113.10\n10.0.0.1');
    await expect(page.getByText("Line 2: Please don't enter an internal IP")).toBeVisible();
    await address.fill(origin.name);
    await expect(page.getByText("Line 2: Please don't enter an internal IP")).toHaveCount(0);

    const hostHeader = `${randomLabel('src-')}.e2e-test.example`;
    await page.getByLabel('Origin Host header').fill(hostHeader);
    // The certificate check is off until switched on; its help names the name the certificate must be for.
    const verify = page.getByTestId('origin-verify-certificate');
    await expect(verify).not.toBeChecked();
    await expect(page.getByText(`issued by a public certificate authority for ${hostHeader} and`)).toBeVisible();
    await verify.click();
    await saveSettings(page, page.getByTestId('domain-save-origin'));
    expect(origin.hosts).toContain(hostHeader);

    await page.reload();
    await expect(page.getByLabel('Origin Host header')).toHaveValue(hostHeader);
    await expect(address).toHaveValue(origin.name);
    await expect(verify).toBeChecked();
  });

  test('HTTPS: HTTP/2 needs HTTPS; a generated certificate is uploaded and HTTPS turned on', async ({
    page,
    demoToken,
    domain,
  }) => {
    await signInWithToken(page, demoToken, `/domain/setting/https/${domain.id}`);
    await page.getByTestId('http2-switch').click();
    await expect(page.getByText('Please enable HTTPS first')).toBeVisible();

    const certificate = selfSignedCertificate(domain.domainName);
    await page.getByTestId('cert-name').fill('e2e-self-signed');
    await page.getByTestId('cert-content').fill(certificate.certificate);
    await page.getByTestId('cert-key').fill(certificate.privateKey);
    await page.getByTestId('https-switch').click();
    await expect(page.getByText('Please enable HTTPS first')).toHaveCount(0);
    await saveSettings(page, page.getByTestId('domain-save-https'));

    const summary = page.getByTestId('https-certificate');
    await expect(summary).toContainText('e2e-self-signed');
    await expect(summary.locator('.ant-tag', { hasText: domain.domainName })).toBeVisible();

    await page.reload();
    await expect(page.getByTestId('https-switch')).toBeChecked();
    await expect(page.getByTestId('http2-switch')).toBeChecked();
    await expect(page.getByTestId('https-certificate')).toContainText(domain.domainName);
  });

  test('cache: an expiry over 365 days is refused; a path rule is added', async ({ page, demoToken, domain }) => {
    await signInWithToken(page, demoToken, `/domain/setting/cache/${domain.id}`);
    await page.getByTestId('cache-rule-add').click();
    const dialog = page.getByRole('dialog');
    await chooseOption(page, dialog.getByTestId('cache-rule-type'), 'Directory / path');
    await dialog.getByTestId('cache-rule-content').fill('/static/');
    const ttl = dialog.getByTestId('cache-rule-ttl');
    await ttl.fill('400');
    await expect(dialog.getByText('The expiry can be at most 365 days')).toBeVisible();
    await ttl.fill('7');
    await expect(dialog.getByText('The expiry can be at most 365 days')).toHaveCount(0);
    await saveSettings(page, dialog.getByTestId('domain-save-cache-rule'));
    await expect(dialog).toBeHidden();

    const rule = () => page.getByTestId('cache-rules').getByRole('row').filter({ hasText: '/static/' });
    await expect(rule()).toContainText('7 days');
    await page.reload();
    await expect(rule()).toContainText('Directory / path');
    await expect(rule()).toContainText('7 days');
  });

  test('access: a segment not at its first address is refused; an IP blacklist and URL auth are saved', async ({
    page,
    demoToken,
    domain,
  }) => {
    await signInWithToken(page, demoToken, `/domain/setting/access/${domain.id}`);
    const ipAcl = page.getByTestId('section-ip-acl');
    await ipAcl.getByText('Blacklist', { exact: true }).click();
    const list = ipAcl.getByTestId('ip-acl-list');
    await list.fill('10.1.2.0/16');
    await expect(
      ipAcl.getByText('Line 1: Please enter the first address of the segment, e.g. 10.1.0.0/16'),
    ).toBeVisible();
    await list.fill('203.0.113.7\n198.51.100.0/24');
    await saveSettings(page, ipAcl.getByTestId('domain-save-ip-acl'));

    const urlAuth = page.getByTestId('section-url-auth');
    await urlAuth.getByTestId('url-auth-switch').click();
    const keyField = urlAuth.getByTestId('url-auth-key');
    await keyField.fill('abc');
    await expect(urlAuth.getByText('The key must be 6 to 32 letters and digits')).toBeVisible();
    await urlAuth.getByTestId('url-auth-key-generate').click();
    await expect(urlAuth.getByText('The key must be 6 to 32 letters and digits')).toHaveCount(0);
    const key = await keyField.inputValue();
    expect(key).toMatch(/^[A-Za-z0-9]{32}$/);
    await saveSettings(page, urlAuth.getByTestId('domain-save-url-auth'));

    // The signer uses the saved key: the signature is checked here independently (type A, md5).
    await urlAuth.getByTestId('signed-url-path').fill('/video/e2e.mp4');
    await urlAuth.getByTestId('signed-url-generate').click();
    const signed = urlAuth.getByTestId('signed-url');
    const pattern = new RegExp(
      `^http://${escapeRegExp(domain.domainName)}/video/e2e\\.mp4\\?sign=(\\d+)-([A-Za-z0-9]+)-0-([0-9a-f]{32})$`,
    );
    await expect(signed).toHaveText(pattern);
    const [, ts, rand, hash] = ((await signed.textContent()) ?? '').trim().match(pattern) ?? [];
    expect(hash).toBe(createHash('md5').update(`/video/e2e.mp4-${ts}-${rand}-0-${key}`).digest('hex'));

    await page.reload();
    await expect(ipAcl.locator('.ant-radio-button-wrapper-checked')).toHaveText('Blacklist');
    await expect(list).toHaveValue('203.0.113.7\n198.51.100.0/24');
    await expect(urlAuth.getByTestId('url-auth-switch')).toBeChecked();
    await expect(keyField).toHaveValue(key);
  });

  test('advanced: a managed header is refused; gzip and an origin request header are saved', async ({
    page,
    demoToken,
    domain,
  }) => {
    await signInWithToken(page, demoToken, `/domain/setting/advanced/${domain.id}`);
    const gzip = page.getByTestId('gzip-switch');
    await expect(gzip).not.toBeChecked();
    await saveSettings(page, gzip);
    await expect(gzip).toBeChecked();

    const headers = page.getByTestId('section-request-headers');
    await headers.getByTestId('request-header-add').click();
    const name = headers.getByTestId('request-header-name');
    await name.fill('Host');
    await expect(headers.getByText('This header is managed by the CDN and cannot be changed')).toBeVisible();
    await name.fill('X-E2e-Edge');
    await headers.getByTestId('request-header-value').fill('edgeward');
    await headers.getByTestId('request-header-add').click();
    await expect(name).toHaveCount(2);
    await headers.getByRole('button', { name: 'Remove row' }).nth(1).click();
    await expect(name).toHaveCount(1);
    await saveSettings(page, headers.getByTestId('domain-save-request-headers'));

    await page.reload();
    await expect(gzip).toBeChecked();
    await expect(name).toHaveValue('X-E2e-Edge');
    await expect(headers.getByTestId('request-header-value')).toHaveValue('edgeward');
  });

  test('web protection: a path without / and a rule slower than one a minute are refused; the moderate rate limit is saved', async ({
    page,
    demoToken,
    domain,
  }) => {
    await signInWithToken(page, demoToken, `/domain/setting/protection/${domain.id}`);
    const section = page.getByTestId('section-rate-limit');
    await section.getByTestId('rate-limit-switch').click();
    const moderate = section.locator('.ant-radio-button-wrapper', { hasText: 'Moderate' });
    await moderate.click();
    await expect(section.getByTestId('rate-limit-limit')).toHaveValue('200');
    await expect(section.getByTestId('rate-limit-periodSeconds')).toHaveValue('10');

    // Slower than one request a minute is refused; raising the value clears the period's message.
    const tooSlow = section.getByText('The edge enforces at least one request per minute', { exact: false });
    await section.getByTestId('rate-limit-limit').fill('1');
    await section.getByTestId('rate-limit-periodSeconds').fill('3600');
    await expect(tooSlow).toHaveText(
      'The edge enforces at least one request per minute: make the period at most 60 seconds, or raise the value',
    );
    await section.getByTestId('rate-limit-limit').fill('60');
    await expect(tooSlow).toHaveCount(0);
    await moderate.click();

    await section.getByTestId('rate-limit-add').click();
    await section.getByTestId('rate-limit-content').nth(1).fill('api');
    await expect(section.getByText('A path must start with /')).toBeVisible();
    await section.getByRole('button', { name: 'Remove rule' }).nth(1).click();
    await expect(section.getByTestId('rate-limit-content')).toHaveCount(1);
    await saveSettings(page, section.getByTestId('domain-save-rate-limit'));

    await page.reload();
    await expect(section.getByTestId('rate-limit-switch')).toBeChecked();
    await expect(moderate).toHaveClass(/ant-radio-button-wrapper-checked/);
    await expect(section.getByTestId('rate-limit-limit')).toHaveValue('200');
    await expect(section.getByTestId('rate-limit-periodSeconds')).toHaveValue('10');
  });
});

test('an enabled domain cannot be deleted; disabled, it is deleted after confirmation', async ({
  page,
  request,
  demoToken,
  domain,
}) => {
  await signInWithToken(page, demoToken, '/domain');
  const row = await domainListRow(page, domain.domainName);
  await expect(row.getByTestId('domain-status')).toHaveAttribute('data-status', 'enabled');
  const remove = row.getByTestId('domain-delete');
  await expect(remove).toBeDisabled();
  await remove.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Only disabled or rejected domains can be deleted');

  const refused = await apiCall(request, demoToken, 'POST', '/domain/delete', { data: { id: domain.id } });
  expect(refused.status).toBe(409);
  expect(refused.error).toBe('DOMAIN_NOT_DELETABLE');
  expect(refused.message).toBe('Only disabled or rejected domains can be deleted');

  await row.getByTestId('domain-disable').click();
  const confirm = popconfirm(page);
  await opened(confirm);
  await confirm.getByRole('button', { name: 'OK' }).click();
  // The toast stays three seconds: looked for before the popconfirm's closing animation, not after.
  await expect(page.getByText('The domain is being disabled')).toBeVisible();
  await closed(confirm);
  await expect(row.getByTestId('domain-status')).toHaveAttribute('data-status', 'disabled');

  await expect(remove).toBeEnabled();
  await remove.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Delete ${domain.domainName}?`);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The domain is being deleted')).toBeVisible();
  // The row shows deleting, then goes once the edge reports the removal (the list polls meanwhile).
  await expect(row).toHaveCount(0, { timeout: 15_000 });
  const gone = await apiCall(request, demoToken, 'GET', `/domain/${domain.id}/detail`);
  expect(gone.status).toBe(404);
});

test('export downloads the domains as CSV', async ({ page, demoToken, domain }) => {
  await signInWithToken(page, demoToken, '/domain');
  const downloading = page.waitForEvent('download');
  await page.getByTestId('domain-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^domains-\d{8}\.csv$/);
  const lines = fs.readFileSync(await download.path(), 'utf8').split('\r\n');
  // The times are UTC+8 whatever the browser's zone; the header says so.
  expect(lines[0]).toBe('Domain name,CNAME,Acceleration type,Status,HTTPS,Created (UTC+8)');
  const line = lines.find((l) => l.startsWith(`${domain.domainName},`));
  expect(line, `a line for ${domain.domainName}`).toBeDefined();
  expect(line?.split(',').slice(0, 5)).toEqual([
    domain.domainName,
    `${domain.domainName}.cdn.edgeward.net`,
    'Static pages',
    'Enabled',
    'off',
  ]);
});
