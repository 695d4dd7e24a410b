import { chromium } from 'playwright-core';
import { chromiumFlags, e2e } from '../e2e/support/env';
import { type Bench, versusTarget } from './bench';
import { type Fetched, fetched, kb, networkQuiet, sum } from './page-downloads';
import { startServedApp } from './served-app';

const pagePath = '/user/login';
const targetGzipKb = 250;
const targetScripts = 15;
const zhLocale = /zh[-_]cn/i;
const zhLocaleContent = /(locale|name):"zh-cn"/i;
const chartLibrary = /\b(echarts|zrender|recharts|chart\.js|@antv|highcharts|apexcharts)\b/i;

/**
 * Every response a fresh browser profile receives for the page until the login form is drawn and the network has
 * then been quiet for quietMs (Playwright's own 'networkidle' waits 500 ms, less than the pause while the entry
 * scripts run before the lazy ones are asked for).
 */
async function visit(url: string): Promise<Fetched[]> {
  const browser = await chromium.launch({ executablePath: e2e.chromium, args: chromiumFlags });
  try {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    const pending: Promise<Fetched | undefined>[] = [];
    // A request that finishes while the browser closes is past the idle point and not counted.
    page.on('requestfinished', (request) => pending.push(fetched(request).catch(() => undefined)));
    const quiet = networkQuiet(page);
    await page.goto(url);
    await page.locator('input[type=password]').waitFor({ timeout: 60_000 });
    await quiet;
    return (await Promise.all(pending)).filter((entry) => entry !== undefined);
  } finally {
    await browser.close();
  }
}

export default {
  name: 'bundle',
  description: `what a fresh visitor of ${pagePath} downloads in Chromium until the network is idle`,
  async run() {
    const app = await startServedApp();
    let rows: Fetched[];
    try {
      rows = await visit(`${app.url}${pagePath}`);
    } finally {
      await app.stop();
    }
    const scripts = rows.filter((row) => row.isScript).sort((a, b) => b.gzipBytes - a.gzipBytes);
    console.log(`  ${'script'.padEnd(48)} ${'raw'.padStart(10)} ${'wire'.padStart(10)} ${'gzip -9'.padStart(10)}`);
    for (const row of scripts) {
      console.log(
        `  ${row.path.padEnd(48)} ${kb(row.decodedBytes).padStart(10)} ${kb(row.wireBytes).padStart(10)} ${kb(row.gzipBytes).padStart(10)}  ${row.encoding}`,
      );
    }
    const gzipKb = sum(scripts, 'gzipBytes') / 1024;
    console.log(
      `scripts: ${scripts.length} requests, ${kb(sum(scripts, 'decodedBytes'))} raw, ${kb(sum(scripts, 'wireBytes'))} on the wire`,
    );
    console.log(
      `scripts gzip -9: ${versusTarget(`${gzipKb.toFixed(1)} KB`, gzipKb <= targetGzipKb, `<= ${targetGzipKb} KB`)}`,
    );
    console.log(
      `script requests: ${versusTarget(String(scripts.length), scripts.length <= targetScripts, `<= ${targetScripts}`)}`,
    );
    console.log(
      `all resources: ${rows.length} requests, ${kb(sum(rows, 'decodedBytes'))} raw, ${kb(sum(rows, 'wireBytes'))} on the wire, ${kb(sum(rows, 'gzipBytes'))} gzip -9`,
    );

    const findings: string[] = [];
    for (const row of scripts) {
      if (zhLocale.test(row.path) || zhLocaleContent.test(row.text)) findings.push(`zh-CN locale in ${row.path}`);
      const chart = chartLibrary.exec(row.text);
      if (chart) findings.push(`chart library (${chart[0]}) in ${row.path}`);
    }
    console.log(
      findings.length ? `MISSES: ${findings.join('; ')}` : 'ok: no zh-CN locale and no chart library fetched',
    );
  },
} satisfies Bench;
