import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/connect';
import { createTestUser } from './fixtures/users';
import { createTestDatabase, dbKinds } from './helpers';

describe.each(dbKinds)('request log on %s', (kind) => {
  let database: Database;
  let app: FastifyInstance;
  const lines: Record<string, unknown>[] = [];
  const logged = () => lines.map((line) => JSON.stringify(line)).join('\n');

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', DEMO: 'false', LOG_LEVEL: 'info' });
    const stream = { write: (line: string) => lines.push(JSON.parse(line)) };
    app = await buildApp({ config, database, logger: { level: 'info', stream } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  beforeEach(() => {
    lines.length = 0;
  });

  it('writes one line per request with method, URL, status, time, request id and user', async () => {
    const user = await createTestUser({ app, database });
    const res = await app.inject({ method: 'GET', url: '/api/user/profile', headers: user.headers });
    expect(res.statusCode).toBe(200);
    const ofRequest = lines.filter((line) => line.reqId === res.headers['x-request-id']);
    expect(ofRequest).toHaveLength(1);
    expect(ofRequest[0]).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      url: '/api/user/profile',
      statusCode: 200,
      userId: user.id,
    });
    expect(ofRequest[0]!.responseTime).toEqual(expect.any(Number));
    expect(ofRequest[0]).not.toHaveProperty('userAgent');
  });

  it('adds the client and the answer size to the same line at debug', async () => {
    app.log.level = 'debug';
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health', headers: { 'user-agent': 'probe/1.0' } });
      const ofRequest = lines.filter((line) => line.reqId === res.headers['x-request-id']);
      expect(ofRequest).toHaveLength(1);
      expect(ofRequest[0]).toMatchObject({
        level: 30,
        url: '/api/health',
        userAgent: 'probe/1.0',
        remoteAddress: '127.0.0.1',
      });
    } finally {
      app.log.level = 'info';
    }
  });

  it('leaves the user out while no session is known', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/user/profile' });
    expect(res.statusCode).toBe(401);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ url: '/api/user/profile', statusCode: 401 });
    expect(lines[0]).not.toHaveProperty('userId');
  });

  it('never writes the reset or simulation tokens of request URLs', async () => {
    const secrets = ['ResetSecret0123456789', 'SimulationSecret0123456789', 'LoginPageSecret0123456789'];
    await app.inject({ method: 'GET', url: `/user/reset-password?token=${secrets[0]}` });
    await app.inject({ method: 'POST', url: `/api/user/simulation/${secrets[1]}` });
    await app.inject({ method: 'GET', url: `/user/login/${secrets[2]}` });
    expect(lines.map((line) => line.url)).toEqual([
      '/user/reset-password?token=[redacted]',
      '/api/user/simulation/[redacted]',
      '/user/login/[redacted]',
    ]);
    for (const secret of secrets) expect(logged()).not.toContain(secret);
  });
});
