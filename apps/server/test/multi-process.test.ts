import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { accountRateLimits } from '@edgeward/contract';
import { closedPort } from '@edgeward/testkit';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { builtServer } from './built-server';
import { png } from './fixtures/support';
import { multipart, TEST_CAPTCHA, TEST_CODE } from './helpers';
import { adminQuery, databaseUrlWithName } from './template-database';

const serverRoot = fileURLToPath(new URL('..', import.meta.url));
const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Console processes as production runs them behind a balancer: the built server under plain Node, two (and a third
 * that must not start) on one PostgreSQL database and one Redis, each with a data folder of its own.
 */
describe.skipIf(!postgresUrl || !redisUrl)('several console processes on one database', { timeout: 120_000 }, () => {
  const key = randomBytes(32).toString('base64');
  const dbName = `mp_${randomBytes(6).toString('hex')}`;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'edgeward-processes-'));
  const children: ChildProcess[] = [];
  let built: string;
  let baseEnv: Record<string, string>;
  let first: string;
  let second: string;

  function start(name: string, env: Record<string, string> = {}) {
    const child = spawn(process.execPath, [path.join(built, 'main.js')], {
      cwd: serverRoot,
      env: { ...process.env, ...baseEnv, DATA_DIR: path.join(scratch, name), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    return { child, exited, output: () => output };
  }

  async function listening(name: string): Promise<string> {
    const port = await closedPort();
    const started = start(name, { PORT: String(port) });
    await Promise.race([
      (async () => {
        while (!/Edgeward console at/.test(started.output())) await new Promise((r) => setTimeout(r, 50));
      })(),
      started.exited.then((code) => {
        throw new Error(`${name} exited with ${code}: ${started.output()}`);
      }),
    ]);
    return `http://127.0.0.1:${port}`;
  }

  const call = async (base: string, url: string, init: RequestInit = {}) => {
    const res = await fetch(`${base}/api${url}`, init);
    return { status: res.status, body: (await res.json()) as { data: Record<string, unknown>; message: string } };
  };

  beforeAll(async () => {
    built = (await builtServer()).dir;
    await adminQuery(postgresUrl!, `CREATE DATABASE ${dbName} TEMPLATE ${inject('templates').postgresTemplate}`);
    baseEnv = {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      DEMO: 'false',
      LOG_LEVEL: 'info',
      DATABASE_URL: databaseUrlWithName(postgresUrl!, dbName),
      ENCRYPTION_KEY: key,
      REDIS_URL: redisUrl!,
      REDIS_KEY_PREFIX: `test-${dbName}:`,
      TEST_FIXED_CAPTCHA: TEST_CAPTCHA,
      TEST_FIXED_CODE: TEST_CODE,
      ARGON2_MEMORY_KIB: '256',
      ARGON2_TIME_COST: '1',
      ARGON2_PARALLELISM: '1',
    };
    [first, second] = await Promise.all([listening('first'), listening('second')]);
  }, 120_000);

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(children.map((child) => (child.exitCode === null ? new Promise((r) => child.on('exit', r)) : 0)));
    await adminQuery(postgresUrl!, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('serves from one process the avatar uploaded through the other', async () => {
    const userName = `mp_${randomBytes(4).toString('hex')}`;
    const password = 'Edgeward-2026!';
    const email = `${userName}@example.test`;
    const captcha = async () => ({
      captchaId: String((await call(first, '/user/captchaImage')).body.data.captchaId),
      captchaCode: TEST_CAPTCHA,
    });
    const codeQuery = new URLSearchParams({ email, purpose: 'register', ...(await captcha()) });
    expect((await call(first, `/user/email_code?${codeQuery}`)).status).toBe(200);
    const registered = await call(second, '/user/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        userName,
        password,
        confirmPassword: password,
        email,
        phone: `139${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`,
        emailCode: TEST_CODE,
        agreement: true,
        ...(await captcha()),
      }),
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const login = await call(first, '/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName, password }),
    });
    const token = String(login.body.data.token);
    const file = multipart('me.png', 'image/png', png);
    const uploaded = await call(first, '/user/avatar', {
      method: 'POST',
      headers: { authorization: token, ...file.headers },
      body: file.payload,
    });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const served = await fetch(`${second}${uploaded.body.data.avatar}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
  });

  it('spends one per-address budget through both processes', async () => {
    for (let i = 0; i < accountRateLimits.captcha.max - 2; i++) {
      expect((await call(i % 2 ? second : first, '/user/captchaImage')).status).toBe(200);
    }
    // The first test asked for two captchas from this address.
    expect((await call(first, '/user/captchaImage')).status).toBe(429);
    expect((await call(second, '/user/captchaImage')).status).toBe(429);
  });

  it('refuses to start a third process with another encryption key, saying why', async () => {
    const third = start('third', {
      PORT: String(await closedPort()),
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    });
    expect(await third.exited).toBe(1);
    expect(third.output()).toContain('ENCRYPTION_KEY does not open the secrets this database holds');
  });

  it('turns not ready while the database does not answer, and ready again once it does', async () => {
    const ready = async () => (await fetch(`${second}/api/health/ready`)).status;
    await expect.poll(ready, { timeout: 10_000 }).toBe(200);
    const admin = new pg.Client({ connectionString: databaseUrlWithName(postgresUrl!, dbName) });
    await admin.connect();
    try {
      await admin.query('BEGIN');
      await admin.query('LOCK TABLE schema_migrations IN ACCESS EXCLUSIVE MODE');
      expect(await ready()).toBe(503);
      await admin.query('ROLLBACK');
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      await expect.poll(ready, { timeout: 10_000 }).toBe(200);
    } finally {
      await admin.end();
    }
  });

  it('stops on SIGTERM with exit code 0 while the other keeps serving', async () => {
    const stopping = children[1]!;
    const exited = new Promise<number | null>((resolve) => stopping.on('exit', resolve));
    stopping.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect((await fetch(`${first}/api/health/ready`)).status).toBe(200);
  });
});
