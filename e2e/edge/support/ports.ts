import os from 'node:os';
import path from 'node:path';

// EDGE_PORT_BASE moves every loopback port of the edge tests at once (two checkouts can run them side by side).
const base = Number(process.env.EDGE_PORT_BASE ?? 18200);

export const edgeTest = {
  consolePort: base + 1,
  dnsPort: base + 2,
  httpPort: base + 10,
  httpsPort: base + 11,
  internalPort: base + 12,
  authPort: base + 13,
  dataDir: path.join(os.tmpdir(), `edgeward-edge-console-${base}`),
  stateDir: path.join(os.tmpdir(), `edgeward-edge-agent-${base}`),
  captcha: 'edge-captcha',
} as const;

export const consoleUrl = `http://127.0.0.1:${edgeTest.consolePort}`;
