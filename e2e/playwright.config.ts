import fs from 'node:fs';
import path from 'node:path';
import { pebbleCertificates, pebbleDirectoryUrl } from '@edgeward/testkit';
import { defineConfig } from '@playwright/test';
import { baseURL, chromiumFlags, e2e } from './support/env';

// The browser tests run what production runs: the built web app served by the built server.
for (const built of ['../apps/web/dist/index.html', '../apps/server/dist/main.js']) {
  const file = path.resolve(import.meta.dirname, built);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first.`);
}
if (!fs.existsSync(e2e.chromiumHeadlessShell)) {
  throw new Error(
    `${e2e.chromiumHeadlessShell} is missing: the tests use Debian's Chromium headless shell (apt-get install -y chromium-headless-shell).`,
  );
}

const isCI = Boolean(process.env.CI);
// The server reads Pebble's CA file when it starts, before global-setup.ts starts Pebble: made here, once.
const pebble = pebbleCertificates(e2e.pebbleDir);

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  // Three browsers against one server on two cores: with two, a fifth of the CPU idled while tests waited on the
  // server and on timers (the suite ran 21 % faster with three, no faster with four). Spec files run in parallel, the
  // tests of one file in order.
  workers: 3,
  // A failure is a defect to find, in the test's wait or in the product: never retried.
  retries: 0,
  forbidOnly: isCI,
  // A test is a journey of several screens: on a busy 2-core machine the longest without test.slow() took 28 s, so
  // 30 s failed journeys that were only slow. A step that waits for something that never comes still fails after 10 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL,
    browserName: 'chromium',
    locale: 'en-US',
    // As a visitor who asks for less motion: antd's animations are left out (the console follows the setting), so a
    // dialog or a tab is there at once rather than after frames the tests only waited through (5 % of the suite's
    // time). Whether the console follows the setting is tested in reduced-motion.spec.ts.
    reducedMotion: 'reduce',
    // Locally a failed test keeps its trace of DOM snapshots (and a screenshot); the trace's screencast of every test,
    // kept or not, cost two fifths of the suite's CPU. CI keeps only its log, where a trace cannot be read: recording
    // the snapshots of every test there cost 7 % of the suite's time.
    trace: isCI ? 'off' : { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium headless shell, never a downloaded browser.
      executablePath: e2e.chromiumHeadlessShell,
      args: chromiumFlags,
    },
  },
  webServer: {
    // A fresh data directory each run, so the embedded database starts empty.
    command: `rm -rf '${e2e.dataDir}' && node --enable-source-maps ../apps/server/dist/main.js`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: !isCI,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(e2e.appPort),
      DATA_DIR: e2e.dataDir,
      // argon2id at a test cost (refused in production): the flows are under test, not the work factor.
      ARGON2_MEMORY_KIB: '256',
      ARGON2_TIME_COST: '1',
      ARGON2_PARALLELISM: '1',
      DATABASE_URL: '',
      DEMO: 'true',
      LOG_LEVEL: 'warn',
      TEST_FIXED_CAPTCHA: e2e.captcha,
      TEST_FIXED_CODE: e2e.emailCode,
      // The operator's commands, run inside the server (its embedded database is not open to a second process).
      ALLOW_PRIVATE_ORIGINS: 'true',
      // The API fixtures give each registration an address of its own (support/fixtures.ts).
      TRUST_PROXY: 'loopback',
      DNS_SERVERS: `127.0.0.1:${e2e.dnsPort}`,
      EDGE_SANDBOX_DELAY_MS: '500',
      // The sandbox gateway's pay page and its notification use this address: the server's own.
      PUBLIC_URL: baseURL,
      ACME_DIRECTORY_URL: pebbleDirectoryUrl(e2e.pebble.listen),
      ACME_CA_FILE: pebble.caFile,
    },
  },
});
