import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { forwardOps, opsSocketPath } from '../../../apps/server/src/ops/ops-socket-client';
import { consoleUrl, edgeTest } from './ports';

export const root = path.resolve(import.meta.dirname, '../../..');
const serverEntry = path.join(root, 'apps/server/dist/main.js');

export interface Answer<T> {
  status: number;
  code: number;
  message: string;
  data: T;
}

/** Polls until `check` answers something other than undefined, or throws after `timeoutMs` with the last error. */
export async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The built console, run as production runs it, with the nginx edge and a fresh embedded database. */
export class Console {
  private child: ChildProcess | undefined;
  private stderr = '';

  constructor(private readonly env: Record<string, string>) {}

  async start(): Promise<void> {
    if (!fs.existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run \`npm run build\` first.`);
    this.child = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(edgeTest.consolePort),
        DATA_DIR: edgeTest.dataDir,
        DEMO: 'false',
        LOG_LEVEL: 'warn',
        ARGON2_MEMORY_KIB: '256',
        ARGON2_TIME_COST: '1',
        ARGON2_PARALLELISM: '1',
        TEST_FIXED_CAPTCHA: edgeTest.captcha,
        ALLOW_PRIVATE_ORIGINS: 'true',
        PUBLIC_URL: consoleUrl,
        EDGE: 'nginx',
        ...this.env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-4000);
    });
    try {
      await until(
        'the console to answer',
        async () => {
          if (this.child?.exitCode !== null) throw new Error(`the console exited: ${this.stderr}`);
          return (await fetch(`${consoleUrl}/api/health`)).ok ? true : undefined;
        },
        // As long as the browser tests give the same server (playwright.config.ts): a fresh embedded database is
        // migrated first, which took 66 s on a machine loaded by other runs.
        120_000,
      );
    } catch (error) {
      // Not left behind holding the port and the data folder: the next run would find them taken.
      await this.stop();
      throw error;
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  /** An operator command, run by the console over its operator socket; answers what it printed. */
  async operator(...argv: string[]): Promise<string> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await forwardOps(
      opsSocketPath(edgeTest.dataDir),
      argv,
      (line) => out.push(line),
      (line) => err.push(line),
    );
    if (code !== 0) throw new Error(`ops ${argv.join(' ')}: exit ${code}\n${err.join('\n')}`);
    return out.join('\n');
  }
}

/** A signed-in customer calling the console's API. */
export class Customer {
  constructor(private readonly token: string) {}

  static async login(userName: string, password: string): Promise<Customer> {
    const response = await fetch(`${consoleUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName, password }),
    });
    const body = (await response.json()) as Answer<{ token: string }>;
    if (body.code !== 200) throw new Error(`login: ${body.code} ${body.message}`);
    return new Customer(body.data.token);
  }

  async call<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<Answer<T>> {
    const response = await fetch(`${consoleUrl}/api${url}`, {
      method,
      headers: { authorization: this.token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, ...((await response.json()) as Omit<Answer<T>, 'status'>) };
  }

  /** A call that must succeed; answers its data. */
  async api<T = unknown>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
    const answer = await this.call<T>(method, url, body);
    if (answer.code !== 200) throw new Error(`${method} ${url}: ${answer.code} ${answer.message}`);
    return answer.data;
  }
}
