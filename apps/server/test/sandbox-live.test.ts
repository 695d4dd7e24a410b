import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/connect';
import { productionSandboxSettings } from './fixtures/production';
import { createTestDatabase, dbKinds } from './helpers';

/** The sandboxes' own pages, as a production server that was told PAYMENT_GATEWAY / IDENTITY_PROVIDER=sandbox serves them. */
async function sandboxPages(database: Database, env: Record<string, string>) {
  const config = loadConfig({ DATA_DIR: 'memory://', DEMO: 'false', LOG_LEVEL: 'silent', ...env });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const { payment, identity } = app.areaContext.providers;
  const { payUrl } = await payment.createPayment({
    outTradeNo: `O${randomBytes(6).toString('hex')}`,
    amountFen: 700n,
    subject: 'Recharge',
    notifyUrl: 'http://127.0.0.1:1/api/payment/notify/sandbox',
  });
  const { checkUrl } = await identity.startCheck({
    bizNo: `B${randomBytes(6).toString('hex')}`,
    realName: 'Zhang San',
    idNumber: '11010519491231002X',
    notifyUrl: 'http://127.0.0.1:1/api/real-name/notify/sandbox',
  });
  const read = async (url: string) => (await app.inject({ url: new URL(url).pathname })).body;
  const pages = {
    pay: await read(payUrl),
    face: await read(checkUrl),
    missingPay: await read('http://x/api/payment/sandbox/SBXnone'),
    missingFace: await read('http://x/api/identity/sandbox/FCKnone'),
  };
  await app.close();
  return pages;
}

describe.each(dbKinds)('sandboxes in production on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('say on every page that their result is real when production runs them', async () => {
    const pages = await sandboxPages(database, productionSandboxSettings());
    for (const [name, html] of Object.entries(pages)) {
      expect(html, name).toContain('id="sandbox-live"');
      expect(html, name).toContain('whoever opens this page decides the result, and it counts for real');
    }
    expect(pages.pay).toContain('id="sandbox-pay"');
    expect(pages.face).toContain('id="sandbox-pass"');
  });

  it('keep to the plain sandbox notice outside production', async () => {
    const pages = await sandboxPages(database, { NODE_ENV: 'test' });
    for (const [name, html] of Object.entries(pages)) {
      expect(html, name).not.toContain('sandbox-live');
      expect(html, name).toContain('This is a sandbox');
    }
  });
});
