import { chromium } from 'playwright-core';
import { chromiumFlags, e2e } from '../e2e/support/env';
import { type Bench, versusTarget } from './bench';
import { type Fetched, fetched, kb, networkQuiet, sum } from './page-downloads';
import { startServedApp } from './served-app';

const targetScripts = 25;
const targetWireKb = 450;
const targetShownMs = 700;
const runs = 5;
const figure = '[data-testid^="figure-"] .ant-statistic-content-value';

interface Visit {
  rows: Fetched[];
  /** From the sign-in click to the overview's first figure on screen, in the page's own clock. */
  shownMs: number;
}

/**
 * A fresh browser profile opens the login page, signs in as demo and lands on the overview; every response from the
 * login page's first request until the overview has been idle for a while is counted.
 */
async function visit(url: string): Promise<Visit> {
  const browser = await chromium.launch({ executablePath: e2e.chromium, args: chromiumFlags });
  try {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const pending: Promise<Fetched | undefined>[] = [];
    page.on('requestfinished', (request) => pending.push(fetched(request).catch(() => undefined)));
    await page.goto(`${url}/user/login`);
    await page.locator('#login_userName').fill('demo');
    await page.locator('#login_password').fill('demo123456');
    await page.evaluate(() => {
      document.addEventListener(
        'click',
        () => {
          (window as unknown as { clickedAt: number }).clickedAt = performance.now();
        },
        { capture: true, once: true },
      );
    });
    const quiet = networkQuiet(page);
    await page.locator('button[type=submit]').click();
    const shownAt = await page.waitForFunction(
      (selector) => {
        const value = document.querySelector(selector)?.textContent ?? '';
        return /\d/.test(value) ? performance.now() : false;
      },
      figure,
      { polling: 'raf', timeout: 60_000 },
    );
    const clickedAt = await page.evaluate(() => (window as unknown as { clickedAt: number }).clickedAt);
    const shownMs = Number(await shownAt.jsonValue()) - clickedAt;
    await quiet;
    return { rows: (await Promise.all(pending)).filter((row) => row !== undefined), shownMs };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export default {
  name: 'console',
  description: `a fresh browser from the login page, signed in as demo, to the overview idle (${runs} runs)`,
  async run() {
    // Production's build and serving; the demo account exists only outside production (a first sign-in asks no
    // captcha).
    const app = await startServedApp({ NODE_ENV: 'development', DEMO: 'true' });
    const visits: Visit[] = [];
    try {
      for (let i = 0; i < runs; i++) visits.push(await visit(app.url));
    } finally {
      await app.stop();
    }
    const last = visits.at(-1)!;
    const scripts = last.rows.filter((row) => row.isScript).sort((a, b) => b.wireBytes - a.wireBytes);
    for (const row of scripts.slice(0, process.env.BENCH_ALL ? 999 : 12)) {
      console.log(`  ${row.path.padEnd(56)} ${kb(row.wireBytes).padStart(10)} on the wire  ${row.encoding}`);
    }
    if (scripts.length > 12) console.log(`  ... and ${scripts.length - 12} more scripts`);
    const wireKb = sum(last.rows, 'wireBytes') / 1024;
    console.log(
      `script requests: ${versusTarget(String(scripts.length), scripts.length <= targetScripts, `<= ${targetScripts}`)} (${kb(sum(scripts, 'wireBytes'))} on the wire)`,
    );
    console.log(
      `everything on the wire: ${versusTarget(`${wireKb.toFixed(1)} KB`, wireKb <= targetWireKb, `<= ${targetWireKb} KB`)} in ${last.rows.length} requests`,
    );
    const shown = median(visits.map((v) => v.shownMs));
    console.log(
      `click to the overview's figures: ${versusTarget(`${shown.toFixed(0)} ms`, shown <= targetShownMs, `<= ${targetShownMs} ms`)} (median; runs: ${visits.map((v) => v.shownMs.toFixed(0)).join(', ')} ms)`,
    );
  },
} satisfies Bench;
