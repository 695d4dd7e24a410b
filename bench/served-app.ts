import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { closedPort } from '@edgeward/testkit';
import { productionSandboxSettings } from '../apps/server/test/fixtures/production';
import { ensureWebBuild, repoRoot } from './bench';

/** The console as a user runs it: `npm start`'s script, in production mode, in a process of its own. */
export interface ServedApp {
  url: string;
  stop(): Promise<void>;
}

async function waitForHealth(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`the server did not answer ${url}/api/health within 120 s`);
}

/**
 * Builds the web app if needed and starts the server on a free loopback port with an empty PGlite directory of its
 * own. Its own process, so the browser's and Lighthouse's work in this one does not delay its answers. `settings`
 * change its environment (the console bench signs in as demo with a fixed captcha answer).
 */
export async function startServedApp(settings: Record<string, string> = {}): Promise<ServedApp> {
  ensureWebBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edgeward-bench-served-'));
  const port = await closedPort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(repoRoot, 'scripts/start.mjs')], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...productionSandboxSettings(),
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...settings,
    },
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  // A benchmark that crashes must not leave the server behind.
  const killOnExit = () => server.kill('SIGTERM');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
