import { randomBytes } from 'node:crypto';
import { type TestOrigin as KitOrigin, startOrigin as startKitOrigin } from '@edgeward/testkit';

export { selfSignedCertificate } from '@edgeward/testkit';

import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { setDnsRecords } from './dns-server';

/**
 * Helpers of the accelerated-domain tests. Adding a domain needs a real-name verified account, which a registered
 * user is not until it has passed a face check (real-name.spec.ts; the operator CLI cannot open the database the e2e
 * server holds), so the domain tests share the demo account (DEMO=true) and keep apart by unique domain names.
 */
export const demoAccount = { userName: 'demo', password: 'demo123456' } as const;

/** A random DNS label: letters and digits, starting with a letter. */
export function randomLabel(prefix: string): string {
  return `${prefix}${randomBytes(5).toString('hex')}`;
}

/**
 * A registrable (apex) name of its own under the reserved `.example` TLD. Ownership is proven once per account
 * and apex, so a name under a fresh apex always goes through the TXT step.
 */
export function uniqueApex(): string {
  return `${randomLabel('e2e-')}.example`;
}

export interface ApiAnswer<T> {
  status: number;
  code: number;
  message: string;
  error?: string;
  data: T;
}

/** A call's query, body, and the language its texts are answered in (English unless told). */
interface ApiOptions {
  params?: Record<string, string>;
  data?: unknown;
  locale?: 'en-US' | 'zh-CN';
}

/** One API call as the given user; answers the envelope whatever its code. */
export async function apiCall<T = unknown>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  options: ApiOptions = {},
): Promise<ApiAnswer<T>> {
  const response = await request.fetch(`/api${url}`, {
    method,
    params: options.params,
    data: options.data,
    headers: { authorization: token, 'accept-language': options.locale ?? 'en-US' },
  });
  const text = await response.text();
  try {
    return { status: response.status(), ...(JSON.parse(text) as Omit<ApiAnswer<T>, 'status'>) };
  } catch {
    throw new Error(`${method} /api${url}: HTTP ${response.status()}, not JSON: ${text.slice(0, 200)}`);
  }
}

/** An API call that must succeed; answers its data. */
export async function api<T = unknown>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  options: ApiOptions = {},
): Promise<T> {
  const answer = await apiCall<T>(request, token, method, url, options);
  if (answer.status !== 200 || answer.code !== 200) {
    throw new Error(`${method} /api${url}: HTTP ${answer.status} ${answer.error ?? ''} ${answer.message}`);
  }
  return answer.data;
}

/**
 * Logs the demo account in through the API. Each login comes from an address of its own (X-Forwarded-For, which
 * the e2e server trusts), so a long suite stays clear of the per-address login limit.
 */
export async function loginDemo(request: APIRequestContext): Promise<string> {
  const [a, b, c] = randomBytes(3);
  const response = await request.post('/api/user/login', {
    data: demoAccount,
    headers: { 'x-forwarded-for': `10.${a}.${b}.${c}` },
  });
  const body = (await response.json()) as { code: number; message: string; data: { token: string } };
  if (body.code !== 200) throw new Error(`demo login: ${body.code} ${body.message}`);
  return body.data.token;
}

export interface TestOrigin extends KitOrigin {
  /** A domain name the e2e DNS server resolves to 127.0.0.1 (no AAAA). */
  name: string;
}

/**
 * A customer's origin: the test kit's loopback HTTP server behind a domain name. The add-domain form refuses
 * internal IP addresses, so the origin is entered by name; the server (ALLOW_PRIVATE_ORIGINS) accepts what it
 * resolves to.
 */
export async function startOrigin(): Promise<TestOrigin> {
  const origin = await startKitOrigin();
  const name = `${randomLabel('origin-')}.e2e-test.example`;
  await setDnsRecords(name, 'A', ['127.0.0.1']);
  return { ...origin, name };
}

interface VerifyRecord {
  name: string;
  value: string;
  verified: boolean;
}

export interface DomainDetail {
  id: number;
  domainName: string;
  cname: string;
  status: string;
}

/** Proves control of the name's apex for the caller: publishes the TXT record, then has it checked. */
export async function verifyOwnership(request: APIRequestContext, token: string, domainName: string): Promise<void> {
  const record = await api<VerifyRecord>(request, token, 'GET', '/domain/query-create-verify-record', {
    params: { domainName },
  });
  if (record.verified) return;
  await setDnsRecords(record.name, 'TXT', [record.value]);
  const result = await api<{ status: string }>(request, token, 'POST', '/domain/verify-record', {
    data: { domainName },
  });
  expect(result.status, `ownership of ${domainName}`).toBe('success');
}

/** The domain's status, polled until it settles on `status` (the sandbox edge rolls changes out in ~1 s). */
async function waitForStatus(request: APIRequestContext, token: string, id: number, status: string): Promise<void> {
  await expect
    .poll(async () => (await api<DomainDetail>(request, token, 'GET', `/domain/${id}/detail`)).status, {
      message: `domain ${id} reaches ${status}`,
      intervals: [250],
      timeout: 15_000,
    })
    .toBe(status);
}

/** Adds a domain through the API (ownership, then create with the origin) and waits until the edge serves it. */
export async function createEnabledDomain(
  request: APIRequestContext,
  token: string,
  domainName: string,
  origin: TestOrigin,
): Promise<DomainDetail> {
  await verifyOwnership(request, token, domainName);
  const created = await api<DomainDetail>(request, token, 'POST', '/domain/create', {
    data: { domainName, type: 'web', origin: { ipOrDomain: [origin.name], httpPort: origin.port } },
  });
  await waitForStatus(request, token, created.id, 'enabled');
  return created;
}

/**
 * Removes a test's domain so that repeated runs against one server stay below the account's domain limit:
 * waits out a rollout, disables, deletes. Best effort: a domain already gone is fine.
 */
export async function removeDomain(request: APIRequestContext, token: string, id: number): Promise<void> {
  const detail = await apiCall<DomainDetail>(request, token, 'GET', `/domain/${id}/detail`);
  if (detail.code !== 200) return;
  if (['creating', 'configuring'].includes(detail.data.status)) await waitForStatus(request, token, id, 'enabled');
  const current = await apiCall<DomainDetail>(request, token, 'GET', `/domain/${id}/detail`);
  if (current.code !== 200) return;
  if (current.data.status !== 'disabled') await api(request, token, 'POST', '/domain/disable', { data: { id } });
  await api(request, token, 'POST', '/domain/delete', { data: { id } });
}

const savedMessage = 'Saved. The new configuration is being deployed to the edge.';

/**
 * Clicks a settings save button and checks the save went through: the segment call answered 200 and the success
 * message showed. The previous save's message (same message key) must be gone first: a message opened again with
 * its key while the old one is closing can vanish with it (antd), and it could stand in for the new one.
 */
export async function saveSettings(page: Page, button: Locator): Promise<void> {
  const message = page.getByText(savedMessage);
  await expect(message).toHaveCount(0);
  const saved = page.waitForResponse(
    (response) =>
      /\/api\/domain\/config\/\d+\//.test(new URL(response.url()).pathname) && response.request().method() === 'POST',
  );
  await button.click();
  const response = await saved;
  expect(response.status(), `save answered ${await response.text()}`).toBe(200);
  await expect(message).toBeVisible();
}
