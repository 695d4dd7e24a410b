import { X509Certificate } from 'node:crypto';
import { startDnsServer, startPebble, type TestDnsServer, type TestPebble } from '@edgeward/testkit';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, createDomainHarness, type DomainHarness } from '../../../test/fixtures/domains';
import type { TestUser } from '../../../test/fixtures/users';
import { dbKinds } from '../../../test/helpers';
import { buildApp } from '../../app';
import { certificateApplications, certificateEvents, certificates } from '../../db/schema';
import { createProviders } from '../../providers';
import type { AcmeProvider } from '../../providers/acme';
import { applicationBackoffMs, applicationJob } from './certificate-application.jobs';

const dnsFailed = 'DNS verification failed, please check DNS record configuration';

/**
 * The CA's finalize call can be held: the run that reaches it stops there, as a process killed between verify and
 * finalize would, until the test lets it go.
 */
function holdableAcme(real: AcmeProvider) {
  const hold = { active: false, reached: false, release: (_error: Error) => {} };
  const provider: AcmeProvider = {
    ...real,
    register: (key) => real.register(key),
    session(account) {
      const session = real.session(account);
      return {
        ...session,
        async finalize(orderUrl, csr) {
          if (hold.active) {
            hold.reached = true;
            await new Promise<void>((_resolve, reject) => {
              hold.release = reject;
            });
          }
          return session.finalize(orderUrl, csr);
        },
      };
    },
  };
  return { provider, hold };
}

describe.each(dbKinds)('certificate applications against Pebble on %s', (kind) => {
  let dns: TestDnsServer;
  let pebble: TestPebble;
  let h: DomainHarness;
  let owner: TestUser;
  let stranger: TestUser;
  let hold: ReturnType<typeof holdableAcme>['hold'];
  let counter = 0;

  beforeAll(async () => {
    dns = await startDnsServer();
    pebble = await startPebble({ dnsServer: dns.address });
    h = await createDomainHarness(
      kind,
      { ACME_DIRECTORY_URL: pebble.directoryUrl, ACME_CA_FILE: pebble.caFile },
      {
        dns,
        providers: (deps) => {
          const providers = createProviders(deps);
          const holdable = holdableAcme(providers.acme);
          hold = holdable.hold;
          return { ...providers, acme: holdable.provider };
        },
      },
    );
    owner = await h.user();
    stranger = await h.user();
  });
  afterAll(async () => {
    await h.close();
    await pebble.close();
  });

  const apply = (body: object, user = owner) => h.call(user, 'POST', '/certificate/order/create', body);
  const detail = (id: number, user = owner, lang = 'en-US') =>
    h.call(user, 'GET', `/certificate/order/${id}/detail`, undefined, lang);
  const verify = (id: number, user = owner) => h.call(user, 'POST', `/certificate/order/${id}/verify`);
  const messageTitles = async () =>
    (await h.call(owner, 'GET', '/notice/all?size=100')).body.data.list.map((m: { title: string }) => m.title);

  /** A fresh apex the owner has verified. */
  async function ownedApex(): Promise<string> {
    const apex = `acme${++counter}-${kind}.com`;
    await h.verify(owner, apex);
    return apex;
  }

  /**
   * Applies and runs the job: the application waits for its records. The test clock stands still while Pebble's
   * runs on, and Pebble does not backdate: the server's clock is set a minute past real time first, as a server
   * whose clock is a little ahead of the CA's.
   */
  async function pendingApplication(body: object) {
    h.ctx.clock.advance(Math.max(0, Date.now() + 60_000 - h.ctx.clock.now.getTime()));
    const res = await apply(body);
    expect(res.statusCode, res.text).toBe(200);
    expect(res.body.data.status).toBe('creating');
    await h.ctx.app.jobs.runDue();
    const pending = await detail(res.body.data.id);
    expect(pending.body.data.status, pending.text).toBe('pending');
    return pending.body.data;
  }

  /** Publishes every record of the application in the test DNS (values of one name together). */
  function publish(records: { name: string; value: string }[]) {
    for (const name of new Set(records.map((r) => r.name))) {
      dns.setTxt(
        name,
        records.filter((r) => r.name === name).map((r) => r.value),
      );
    }
  }

  /** A new session for the user, after the clock has jumped past the old one's end. */
  async function sessionOf(user: TestUser) {
    const { token } = await h.ctx.app.sessions.open(user.id, {});
    return { token, headers: { authorization: token } };
  }

  async function certificateRows() {
    return h.ctx.database.db.select().from(certificates).where(eq(certificates.userId, owner.id));
  }

  it('issues an ECC certificate for one name and deploys it to the chosen domain', async () => {
    const apex = await ownedApex();
    const created = await h.create(owner, `www.${apex}`);
    expect(created.statusCode, created.text).toBe(200);
    await h.settle();
    const domainId = created.body.data.id;

    const app = await pendingApplication({ domainNames: [`www.${apex}`], keyType: 'ECC', deployDomainIds: [domainId] });
    expect(app.records).toEqual([
      {
        domainName: `www.${apex}`,
        type: 'TXT',
        host: '_acme-challenge.www',
        name: `_acme-challenge.www.${apex}`,
        value: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      },
    ]);
    expect(app.deployDomains).toEqual([{ id: domainId, domainName: `www.${apex}` }]);
    expect(app.expiresAt).toBe(app.recordsAt + 7 * 86_400_000);

    publish(app.records);
    const verified = await verify(app.id);
    expect(verified.body.data).toMatchObject({ status: 'generating', failureReason: null });
    expect(verified.body.data.dnsCheck).toEqual([
      {
        name: `_acme-challenge.www.${apex}`,
        expected: app.records[0].value,
        found: [app.records[0].value],
        failure: null,
      },
    ]);
    await h.ctx.app.jobs.runDue();

    const done = (await detail(app.id)).body.data;
    expect(done).toMatchObject({ status: 'completed', retryCount: 0, failureReason: null });
    expect(done.deployResults).toEqual([{ domainId, domainName: `www.${apex}`, ok: true, message: null }]);
    expect(await messageTitles()).toContain(`Certificate for www.${apex} issued`);
    const cert = (await h.call(owner, 'GET', `/certificate/${done.certificateId}/detail`)).body.data;
    expect(cert).toMatchObject({
      source: 'applied',
      keyType: 'ECC',
      keyBits: 256,
      dnsNames: [`www.${apex}`],
      deployedDomains: [{ id: domainId, domainName: `www.${apex}` }],
    });
    expect(done.notAfter).toBe(cert.notAfter);
    const pem = await h.call(owner, 'GET', `/certificate/${done.certificateId}/download`);
    expect(new X509Certificate(pem.text).subjectAltName).toBe(`DNS:www.${apex}`);
  });

  it('issues an RSA certificate for a name and its wildcard (two values on one record name)', async () => {
    const apex = await ownedApex();
    const app = await pendingApplication({ domainNames: [apex, `*.${apex}`], keyType: 'RSA' });
    expect(app.records.map((r: { domainName: string; name: string }) => [r.domainName, r.name]).sort()).toEqual([
      [`*.${apex}`, `_acme-challenge.${apex}`],
      [apex, `_acme-challenge.${apex}`],
    ]);
    publish(app.records);
    expect((await verify(app.id)).body.data.status).toBe('generating');
    await h.ctx.app.jobs.runDue();
    const done = (await detail(app.id)).body.data;
    expect(done).toMatchObject({ status: 'completed', failureReason: null });
    const cert = (await h.call(owner, 'GET', `/certificate/${done.certificateId}/detail`)).body.data;
    expect(cert).toMatchObject({ source: 'applied', keyType: 'RSA', keyBits: 2048 });
    expect([...cert.dnsNames].sort()).toEqual([`*.${apex}`, apex].sort());
  });

  it('leaves the application failed with what DNS holds when the TXT record is wrong, and stores no certificate', async () => {
    const apex = await ownedApex();
    const before = (await certificateRows()).length;
    const app = await pendingApplication({ domainNames: [`shop.${apex}`], keyType: 'ECC' });
    dns.setTxt(app.records[0].name, ['not-the-value']);
    const failed = (await verify(app.id)).body.data;
    expect(failed).toMatchObject({ status: 'failed', retryCount: 0 });
    expect(failed.failureReason).toContain(dnsFailed);
    expect(failed.failureReason).toContain('not-the-value');
    expect(failed.dnsCheck[0]).toMatchObject({ found: ['not-the-value'], failure: 'recordMismatch' });
    expect((await detail(app.id, owner, 'zh-CN')).body.data.failureReason).toContain('DNS验证失败');
    await h.ctx.app.jobs.runDue();
    expect((await certificateRows()).length).toBe(before);
    expect((await detail(app.id)).body.data.certificateId).toBeNull();

    // Verify again only after a retry; the retry waits for the same records.
    expect((await verify(app.id)).body.error).toBe('CERT_APPLICATION_STATE');
    const retried = (await h.call(owner, 'POST', `/certificate/order/${app.id}/retry`)).body.data;
    expect(retried).toMatchObject({ status: 'pending', retryCount: 1, failureReason: null, records: app.records });
    dns.clear(app.records[0].name);
    const missing = (await verify(app.id)).body.data;
    expect(missing.failureReason).toContain(`_acme-challenge.shop.${apex} has no TXT record`);
  });

  it('resumes an issuance cut off between verify and finalize in another process, which alone works on it', async () => {
    const apex = await ownedApex();
    const app = await pendingApplication({ domainNames: [`api.${apex}`], keyType: 'ECC' });
    publish(app.records);
    expect((await verify(app.id)).body.data.status).toBe('generating');
    hold.active = true;
    hold.reached = false;
    const firstProcess = h.ctx.app.jobs.runDue();
    await expect.poll(() => hold.reached).toBe(true);
    hold.active = false;

    // A second server process on the same database (the real CA client, its own job runner).
    const second = await buildApp({
      config: h.ctx.config,
      database: h.ctx.database,
      now: h.ctx.clock.read,
      logger: false,
    });
    await second.ready();
    try {
      // The first process's job lease (60 s) has ended, but it still holds the application: hands off.
      h.ctx.clock.advance(61_000);
      await second.jobs.runDue();
      expect((await detail(app.id)).body.data.status).toBe('generating');
      // The first process is gone for good once its application lease ends too.
      h.ctx.clock.advance(2 * 60_000);
      await second.jobs.runDue();
      const done = (await detail(app.id)).body.data;
      expect(done).toMatchObject({ status: 'completed', failureReason: null });
      const stored = (await certificateRows()).filter((c) => c.id === done.certificateId);
      expect(stored).toHaveLength(1);
    } finally {
      hold.release(new Error('process killed'));
      await firstProcess;
      await second.close();
    }
    // The first process's late end changes nothing.
    expect((await detail(app.id)).body.data.status).toBe('completed');
    const [row] = await h.ctx.database.db
      .select()
      .from(certificateApplications)
      .where(eq(certificateApplications.id, app.id));
    expect(row!.certificateKeySealed).toBeNull();
  });

  it('refuses names under apexes the caller has not verified, and answers a foreign application as not found', async () => {
    const apex = await ownedApex();
    const refused = await apply({ domainNames: [`x.${apex}`, 'x.unverified-example.com'], keyType: 'ECC' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body.error).toBe('CERT_NAME_NOT_OWNED');
    expect(refused.body.message).toContain('x.unverified-example.com');
    expect(refused.body.message).not.toContain(`x.${apex}`);

    const app = await pendingApplication({ domainNames: [`mine.${apex}`], keyType: 'ECC' });
    for (const res of [
      await detail(app.id, stranger),
      await verify(app.id, stranger),
      await h.call(stranger, 'POST', `/certificate/order/${app.id}/retry`),
      await detail(987_654),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toMatchObject({ error: 'CERT_APPLICATION_NOT_FOUND', message: 'Application record not found' });
    }
    expect((await h.call(stranger, 'GET', '/certificate/order/list')).body.data.total).toBe(0);
    const options = (await h.call(owner, 'GET', '/certificate/order/options')).body.data;
    expect(options.apexDomains).toContain(apex);
  });
  it('renews an applied certificate 30 days before it expires, in place, and writes the event', async () => {
    const apex = await ownedApex();
    const app = await pendingApplication({ domainNames: [`renew.${apex}`], keyType: 'ECC' });
    publish(app.records);
    await verify(app.id);
    await h.ctx.app.jobs.runDue();
    const done = (await detail(app.id)).body.data;
    expect(done).toMatchObject({ status: 'completed', failureReason: null });
    const [before] = (await certificateRows()).filter((c) => c.id === done.certificateId);

    // Pebble's certificates last years; the clock goes to 29 days before the end.
    h.ctx.clock.advance(before!.notAfter.getTime() - 29 * 86_400_000 - h.ctx.clock.now.getTime());
    owner = { ...owner, ...(await sessionOf(owner)) };
    dns.clear();
    await h.ctx.app.schedules.tick();
    await h.ctx.app.jobs.runDue();
    const list = (await h.call(owner, 'GET', `/certificate/order/list?search=renew.${apex}`)).body.data;
    expect(
      list.list.map((a: { status: string; failureReason: string | null; renewalOf: number | null }) => [
        a.status,
        a.failureReason,
        a.renewalOf,
      ]),
    ).toEqual([
      ['completed', null, done.certificateId],
      ['completed', null, null],
    ]);
    const [after] = (await certificateRows()).filter((c) => c.id === done.certificateId);
    expect(after!.fingerprint256).not.toBe(before!.fingerprint256);
    const events = await h.ctx.database.db
      .select()
      .from(certificateEvents)
      .where(eq(certificateEvents.certificateId, done.certificateId));
    expect(events.map((e) => e.kind)).toEqual(['renewed']);
    expect(await messageTitles()).toContain(`Certificate for renew.${apex} renewed`);
  });

  it('expires an application left unverified for 7 days', async () => {
    const apex = await ownedApex();
    const app = await pendingApplication({ domainNames: [`late.${apex}`], keyType: 'RSA' });
    h.ctx.clock.advance(7 * 86_400_000 + 3600_000);
    owner = { ...owner, ...(await sessionOf(owner)) };
    await h.ctx.app.schedules.tick();
    await h.ctx.app.jobs.runDue();
    expect((await detail(app.id)).body.data.status).toBe('expired');
    expect((await verify(app.id)).body.error).toBe('CERT_APPLICATION_STATE');
  });
});

describe.each(dbKinds)('certificate applications with the CA unreachable on %s', (kind) => {
  let h: DomainHarness;
  beforeAll(async () => {
    h = await createDomainHarness(kind, { ACME_DIRECTORY_URL: `https://127.0.0.1:${await closedPort()}/dir` });
  });
  afterAll(() => h.close());

  it('retries with back-off, then fails with the reason', async () => {
    const user = await h.user();
    await h.verify(user, 'offline.example.com');
    const res = await h.call(user, 'POST', '/certificate/order/create', {
      domainNames: ['www.offline.example.com'],
      keyType: 'ECC',
    });
    const id = res.body.data.id;
    for (let attempt = 1; attempt < applicationJob.maxAttempts; attempt++) {
      expect(await h.ctx.app.jobs.runDue()).toBe(1);
      expect((await h.call(user, 'GET', `/certificate/order/${id}/detail`)).body.data).toMatchObject({
        status: 'creating',
        failureReason: null,
      });
      h.ctx.clock.advance(applicationBackoffMs(attempt) - 1);
      expect(await h.ctx.app.jobs.runDue()).toBe(0);
      h.ctx.clock.advance(1);
    }
    expect(await h.ctx.app.jobs.runDue()).toBe(1);
    const failed = (await h.call(user, 'GET', `/certificate/order/${id}/detail`)).body.data;
    expect(failed.status).toBe('failed');
    expect(failed.failureReason).toMatch(
      /^Certificate generation failed: the certificate authority could not be reached/,
    );
    expect(failed.failureReason).toContain('ECONNREFUSED');
  });
});
