import os from 'node:os';
import path from 'node:path';

/** Everything the e2e run fixes: loopback ports, the server's data directory and the test-only answers. */
export const e2e = {
  appPort: 8181,
  dnsPort: 8153,
  dnsControlPort: 8154,
  dataDir: path.join(os.tmpdir(), 'edgeward-e2e'),
  captcha: 'e2e-captcha',
  emailCode: '246810',
  chromium: '/usr/bin/chromium',
} as const;

export const baseURL = `http://127.0.0.1:${e2e.appPort}`;
