import type { Locator, Page } from '@playwright/test';
import {
  createEnabledDomain,
  type DomainDetail,
  loginDemo,
  randomLabel,
  removeDomain,
  startOrigin,
  type TestOrigin,
  uniqueApex,
} from './domains';
import { test as base, expect } from './fixtures';

/** The apex of the domains made through the API: one per worker, verified once. */
const apiApex = uniqueApex();

/**
 * The fixtures of the tests that work on domains, as the demo account (real-name verified; see domains.ts):
 * `origin` a loopback origin behind a name, one per worker; `demoToken` a fresh session; `tracked` the ids of the
 * domains a test made, removed afterwards so that reruns stay below the domain limit; `domain` an enabled domain
 * made through the API for the tests that start from one.
 */
export const domainTest = base.extend<
  { demoToken: string; tracked: number[]; domain: DomainDetail },
  { origin: TestOrigin }
>({
  origin: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const origin = await startOrigin();
      await use(origin);
      await origin.close();
    },
    { scope: 'worker' },
  ],
  demoToken: async ({ request }, use) => {
    await use(await loginDemo(request));
  },
  tracked: async ({ request, demoToken }, use) => {
    const ids: number[] = [];
    await use(ids);
    for (const id of ids) await removeDomain(request, demoToken, id);
  },
  domain: async ({ request, demoToken, origin, tracked }, use) => {
    const domain = await createEnabledDomain(request, demoToken, `${randomLabel('d')}.${apiApex}`, origin);
    tracked.push(domain.id);
    await use(domain);
  },
});

/** The domain list filtered down to one name (other tests add domains to the same account meanwhile). */
export async function domainListRow(page: Page, domainName: string): Promise<Locator> {
  const search = page.getByTestId('domain-search').getByRole('searchbox');
  await search.fill(domainName);
  await search.press('Enter');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: domainName, exact: true }) });
  await expect(row).toHaveCount(1);
  return row;
}
