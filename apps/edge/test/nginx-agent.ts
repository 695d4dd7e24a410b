import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EdgeAgent } from '../src/agent';
import { type Logger, silentLogger } from '../src/log';
import { type EdgeSettings, loadSettings } from '../src/settings';
import { type FakeConsole, startFakeConsole } from './fake-console';

/*
 * What the tests of the agent against real nginx share: nginx itself (skipped where it is not installed, unless
 * EDGE_NGINX_REQUIRED=1, as in CI, where its absence fails the run), settings for an edge of their own on loopback,
 * and the way to start and stop it with its fake console.
 */

const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

export const hasNginx = fs.existsSync(NGINX);
if (!hasNginx && process.env.EDGE_NGINX_REQUIRED === '1') {
  throw new Error(`EDGE_NGINX_REQUIRED=1 but ${NGINX} is missing`);
}

export interface EdgePorts {
  http: number;
  https: number;
  internal: number;
  auth: number;
}

/** An edge in `stateDir` on the given ports, one worker running as root; `extra` adds or overrides settings. */
export function loopbackEdgeSettings(
  stateDir: string,
  console: { url: string; token: string },
  ports: EdgePorts,
  extra: Record<string, string> = {},
): EdgeSettings {
  return loadSettings({
    EDGE_CONSOLE_URL: console.url,
    EDGE_NODE_TOKEN: console.token,
    EDGE_STATE_DIR: stateDir,
    EDGE_HTTP_PORT: String(ports.http),
    EDGE_HTTPS_PORT: String(ports.https),
    EDGE_INTERNAL_PORT: String(ports.internal),
    EDGE_AUTH_PORT: String(ports.auth),
    NGINX_BIN: NGINX,
    EDGE_NGINX_USER: 'root',
    EDGE_WORKER_PROCESSES: '1',
    ...extra,
  });
}

/** The agent and both its nginx (the main one and the URL authentication sidecar). */
async function stopEdge(agent: EdgeAgent | undefined): Promise<void> {
  await agent?.stop();
  await agent?.nginx.stop();
  await agent?.auth.nginx.stop();
}

/** A test file's edge: a fresh state folder, a fake console on `ports.console`, and an agent started on them. */
export async function startLoopbackEdge(
  name: string,
  ports: EdgePorts & { console: number },
  options: { extra?: Record<string, string>; log?: Logger } = {},
): Promise<{ stateDir: string; fake: FakeConsole; agent: EdgeAgent }> {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), `edge-${name}-`));
  let fake: FakeConsole | undefined;
  let agent: EdgeAgent | undefined;
  try {
    fake = await startFakeConsole(ports.console);
    agent = new EdgeAgent({
      settings: loopbackEdgeSettings(stateDir, fake, ports, options.extra),
      log: options.log ?? silentLogger,
    });
    await agent.start();
    return { stateDir, fake, agent };
  } catch (error) {
    await closeLoopbackEdge({ agent, fake, stateDir });
    throw error;
  }
}

/** Stops what startLoopbackEdge started and the test's origin; any of them may be missing after a failed start. */
export async function closeLoopbackEdge(
  edge: { agent?: EdgeAgent; fake?: FakeConsole; stateDir?: string },
  origin?: { close(): Promise<void> },
): Promise<void> {
  await stopEdge(edge.agent);
  await edge.fake?.close();
  await origin?.close();
  if (edge.stateDir) fs.rmSync(edge.stateDir, { recursive: true, force: true });
}
