import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { api, loginDemo } from '../support/domains';
import { expect, TOKEN_STORAGE_KEY, test } from '../support/fixtures';
import { demoAdminToken, STAFF_TOKEN_KEY, staffApi } from '../support/staff';

/**
 * Issue 25: no serious or critical axe-core violation (WCAG 2.x A and AA, 2.2 AA included) on any screen of the spec,
 * signed in as demo, in English with the light theme and in Chinese with the dark one. A failure names the rule,
 * the route and the elements.
 */

type Theme = 'light' | 'dark';
const combinations = [
  { locale: 'en-US', theme: 'light' },
  { locale: 'zh-CN', theme: 'dark' },
] as const;

const signedOut = ['/user/login', '/user/register', '/user/forgot-password', '/admin/login'];

/** The operator console's screens (issue 28), signed in as the demo admin. */
const adminRoutes = [
  '/admin',
  '/admin/staff',
  '/admin/audit',
  '/admin/finance',
  '/admin/finance?tab=transfers',
  '/admin/finance?tab=packages',
  '/admin/finance?tab=revenue',
  '/admin/tickets',
  '/admin/reviews',
  '/admin/reviews?tab=real-name',
  '/admin/reviews?tab=ownership',
  '/admin/notices',
  '/admin/edge',
  '/admin/edge?tab=failures',
  '/admin/edge?tab=import',
  '/admin/customers',
];

/** The demo's objects whose pages take an id. */
interface DemoIds {
  domain: number;
  eoDomain: number;
  order: number;
  ticket: number;
  application: number;
  package: number;
}

async function demoIds(request: APIRequestContext, token: string): Promise<DemoIds> {
  const first = async (url: string) => {
    const page = await api<{ list: { id: number }[] }>(request, token, 'GET', url);
    const id = page.list[0]?.id;
    if (id === undefined) throw new Error(`the demo account has nothing at ${url}`);
    return id;
  };
  return {
    domain: await first('/domain/list'),
    eoDomain: await first('/eo/domain/list'),
    order: await first('/order/list'),
    ticket: await first('/support/tickets'),
    application: await first('/certificate/order/list'),
    package: await api<{ id: number }[]>(request, token, 'GET', '/package/list').then((list) => {
      if (!list[0]) throw new Error('no package on sale');
      return list[0].id;
    }),
  };
}

/** Every console route of the spec, in four groups of about the same length (two workers take two each). */
function consoleRoutes(ids: DemoIds): string[][] {
  const settings = ['basic', 'origin', 'https', 'cache', 'access', 'advanced', 'protection'].map(
    (tab) => `/domain/setting/${tab}/${ids.domain}`,
  );
  const eoSettings = ['basic', 'origin', 'https', 'config', 'security'].map(
    (tab) => `/eodomain/setting/${tab}/${ids.eoDomain}`,
  );
  return [
    ['/', '/domain', '/domain/create', ...settings],
    [
      '/statistics/usage',
      '/preheat',
      '/plan',
      '/plan/buy',
      `/plan/buy/${ids.package}`,
      '/order',
      `/order/${ids.order}`,
      `/order/${ids.order}/pay`,
      '/recharge',
    ],
    ['/eo', '/eodomain', '/eodomain/create', ...eoSettings, '/eostatistics/usage', '/eopreheat', '/eoPlan'],
    [
      '/msg',
      '/ticket',
      '/ticket/new',
      `/ticket/${ids.ticket}`,
      '/certificate/manage',
      '/certificate/order',
      `/certificate/order/${ids.application}/detail`,
      '/log',
      '/key',
      '/real-name',
      '/account/info',
      '/account/settings/basic',
      '/account/settings/security',
    ],
  ];
}

async function prepare(
  page: Page,
  locale: string,
  theme: Theme,
  token: string | null,
  staffToken: string | null = null,
) {
  await page.addInitScript(
    ([tokenKey, value, staffKey, staffValue, lang, dark]) => {
      if (value) window.localStorage.setItem(tokenKey, value);
      if (staffValue) window.sessionStorage.setItem(staffKey, staffValue);
      window.localStorage.setItem('edgeward.locale', lang);
      window.localStorage.setItem('edgeward.settings', JSON.stringify({ theme: dark }));
    },
    [TOKEN_STORAGE_KEY, token, STAFF_TOKEN_KEY, staffToken, locale, theme] as const,
  );
}

/** Counts the page's requests in flight: a route changed inside the app has no load event to wait for. */
function trackRequests(page: Page): () => number {
  let inFlight = 0;
  page.on('request', () => inFlight++);
  page.on('requestfinished', () => inFlight--);
  page.on('requestfailed', () => inFlight--);
  return () => inFlight;
}

/** Two frames: React has rendered the route and its effects have asked for their data. */
const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** The page once its data has arrived: no request in flight, no skeleton, entrance animations ended, and still so. */
async function settled(page: Page, inFlight: () => number) {
  do {
    await nextFrames(page);
    await expect.poll(inFlight, { message: 'requests in flight' }).toBe(0);
    await expect(page.locator('.ant-skeleton-active')).toHaveCount(0);
    // antd's entrance animations (tabs, the drawer's mask) end within 0.3 s; their middle frames have low contrast. A
    // looping one (a status dot's pulse) never ends and is left alone.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
    await nextFrames(page);
  } while (inFlight() > 0);
}

/**
 * Opens `route`: loaded in full the first time, then through the app's router (its history listener) as a customer
 * moves between pages, which spares a download and start of the app per route.
 */
async function open(page: Page, route: string) {
  if (page.url() === 'about:blank') {
    await page.goto(route);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
}

async function violationsOn(page: Page, route: string, inFlight: () => number): Promise<string[]> {
  await open(page, route);
  await settled(page, inFlight);
  // A route the router does not know lands on the 404 page once the profile has loaded, which has no violation of its
  // own: never check that one.
  await expect(page, `the router shows ${route}`).toHaveURL((url) => `${url.pathname}${url.search}` === route);
  // Only the violations are read: axe then skips describing every passing node, most of its work on a large page.
  // Legacy mode runs axe once in the page (axe.run): the console has no frames, so the default's run per frame and
  // its merge in a page opened for it (a third of a second per route) find nothing more; both found the same rules
  // and nodes on every route when compared.
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${route}: ${v.id} (${v.impact}) on ${v.nodes.length}: ${v.nodes
          .slice(0, 5)
          .map(
            (n) =>
              `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.split('\n').at(-1)?.trim()}]` : ''}`,
          )
          .join(' | ')}`,
    );
}

// Twelve tests of about 20 s: spread over both workers rather than queued on one.
test.describe.configure({ mode: 'parallel' });

for (const { locale, theme } of combinations) {
  test(`the signed-out pages have no serious or critical violation (${locale}, ${theme})`, async ({ page }) => {
    await prepare(page, locale, theme, null);
    const inFlight = trackRequests(page);
    const found: string[] = [];
    for (const route of signedOut) found.push(...(await violationsOn(page, route, inFlight)));
    expect(found).toEqual([]);
  });

  test(`the operator console has no serious or critical violation (${locale}, ${theme})`, async ({ page, request }) => {
    // Every screen of the console and two detail pages, one after the other: longer than a test's minute on a busy
    // machine.
    test.slow();
    await prepare(page, locale, theme, null, await demoAdminToken(request));
    const inFlight = trackRequests(page);
    const found: string[] = [];
    // A ticket of the demo customer's, as the support staff read it.
    const ticket = `/admin/tickets/${(await demoIds(request, await loginDemo(request))).ticket}`;
    // The demo customer's account, read only.
    const demo = await staffApi<{ list: { id: number; userName: string }[] }>(
      request,
      await demoAdminToken(request),
      'GET',
      '/admin/customers?search=demo',
    );
    const account = `/admin/customers/${demo.list.find((customer) => customer.userName === 'demo')?.id}`;
    // And some of its lists in place, in their tabs (the sign-ins tab holds two tables, each under its heading).
    const lists = ['orders', 'packages', 'statement', 'domains', 'certificates', 'tickets', 'logins', 'operations'].map(
      (tab) => `${account}?tab=${tab}`,
    );
    for (const route of [...adminRoutes, ticket, account, ...lists]) {
      found.push(...(await violationsOn(page, route, inFlight)));
    }
    expect(found).toEqual([]);
  });

  for (const group of [0, 1, 2, 3]) {
    test(`console routes, group ${group + 1} of 4, have no serious or critical violation (${locale}, ${theme})`, async ({
      page,
      request,
    }) => {
      test.slow();
      const token = await loginDemo(request);
      const routes = consoleRoutes(await demoIds(request, token))[group]!;
      await prepare(page, locale, theme, token);
      const inFlight = trackRequests(page);
      const found: string[] = [];
      for (const route of routes) found.push(...(await violationsOn(page, route, inFlight)));
      expect(found).toEqual([]);
    });
  }
}
