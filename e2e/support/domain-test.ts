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
import { test as base } from './fixtures';

/**
 * The tests of screens that need accelerated domains, as the demo account (real-name verified; see domains.ts).
 * Every domain has a name of its own; the domains made through the API share one apex per worker, verified once.
 */
const apiApex = uniqueApex();

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
  /** Ids of the domains a test made; they are removed afterwards, so reruns stay below the domain limit. */
  tracked: async ({ request, demoToken }, use) => {
    const ids: number[] = [];
    await use(ids);
    for (const id of ids) await removeDomain(request, demoToken, id);
  },
  /** An enabled domain made through the API, for the tests that start from one. */
  domain: async ({ request, demoToken, origin, tracked }, use) => {
    const domain = await createEnabledDomain(request, demoToken, `${randomLabel('d')}.${apiApex}`, origin);
    tracked.push(domain.id);
    await use(domain);
  },
});
