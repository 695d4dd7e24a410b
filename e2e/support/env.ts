import os from 'node:os';
import path from 'node:path';

// E2E_PORT_BASE moves every loopback port at once, so that two checkouts can run their browser tests side by side.
const portBase = Number(process.env.E2E_PORT_BASE ?? 8150);

/** Everything the e2e run fixes: loopback ports, the server's data directory and the test-only answers. */
export const e2e = {
  appPort: portBase + 31,
  dnsPort: portBase + 3,
  dnsControlPort: portBase + 4,
  /** Pebble, the ACME test CA certificate applications are issued by (support/global-setup.ts). */
  pebble: { listen: portBase + 5, management: portBase + 6, http: portBase + 7, tls: portBase + 8 },
  pebbleDir: path.join(os.tmpdir(), `edgeward-e2e-pebble-${portBase}`),
  dataDir: path.join(os.tmpdir(), `edgeward-e2e-${portBase}`),
  captcha: 'e2e-captcha',
  emailCode: '246810',
  /**
   * Debian's Chromium headless shell (package chromium-headless-shell): the same engine as the browser without its
   * windowing layers, a sixth less CPU for the browser tests on two cores. The benches use the browser itself.
   */
  chromiumHeadlessShell: '/usr/bin/chromium-headless-shell',
  /** Debian's Chromium, what a customer runs: the benches measure with it. */
  chromium: '/usr/bin/chromium',
} as const;

export const baseURL = `http://127.0.0.1:${e2e.appPort}`;

/** Debian's Chromium headless and offline: without these flags it reaches for the network at every start. */
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
