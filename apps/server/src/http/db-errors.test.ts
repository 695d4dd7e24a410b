import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../db/connect';
import { installErrorHandler } from './error-handler';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** How drizzle hands over a driver's error: its own error, the driver's as `cause`. */
const wrapped = (cause: Error) => new Error('Failed query: begin\nparams: ', { cause });

describe('a database that cannot be reached', () => {
  const app = Fastify({ logger: false });
  let refused: Database;
  const thrown = new Map<string, Error>([
    ['admin-shutdown', withCode('terminating connection due to administrator command', '57P01')],
    ['crash-shutdown', withCode('terminating connection because of crash of another server process', '57P02')],
    ['starting-up', withCode('the database system is starting up', '57P03')],
    ['connection-failure', withCode('could not receive data from client', '08006')],
    ['wrapped-admin-shutdown', wrapped(withCode('terminating connection due to administrator command', '57P01'))],
    ['lost', wrapped(new Error('Connection terminated unexpectedly'))],
    ['not-queryable', new Error('Client has encountered a connection error and is not queryable')],
    ['reset', withCode('read ECONNRESET', 'ECONNRESET')],
    ['unique-violation', wrapped(withCode('duplicate key value violates unique constraint', '23505'))],
    ['missing-file', withCode('no such file or directory', 'ENOENT')],
    ['plain', new Error('Connection terminated unexpectedly, or so it says')],
  ]);

  beforeAll(async () => {
    // Nothing listens on port 1: every connection is refused.
    refused = await connect({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none' });
    installErrorHandler(app);
    app.get('/refused', async () => refused.db.execute(sql`SELECT 1`));
    app.get('/throw/:name', async (request) => {
      throw thrown.get((request.params as { name: string }).name);
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await refused.close();
  });

  it('answers a refused connection 503 in the envelope, in the caller language', async () => {
    const res = await app.inject({ url: '/refused' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      code: 503,
      message: 'Service temporarily unavailable, please try again in a moment',
      data: null,
      error: 'SERVICE_UNAVAILABLE',
    });
    const zh = await app.inject({ url: '/refused', headers: { 'accept-language': 'zh-CN' } });
    expect(zh.json().message).toBe('服务暂时不可用，请稍后重试');
  });

  it('answers 503 to shutdown, start-up and connection failures, wrapped or not, and 500 to the rest', async () => {
    const statuses: Record<string, number> = {};
    for (const name of thrown.keys()) statuses[name] = (await app.inject({ url: `/throw/${name}` })).statusCode;
    expect(statuses).toEqual({
      'admin-shutdown': 503,
      'crash-shutdown': 503,
      'starting-up': 503,
      'connection-failure': 503,
      'wrapped-admin-shutdown': 503,
      lost: 503,
      'not-queryable': 503,
      reset: 503,
      'unique-violation': 500,
      'missing-file': 500,
      plain: 500,
    });
  });
});
