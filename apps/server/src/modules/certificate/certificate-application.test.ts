import { X509Certificate } from 'node:crypto';
import { startDnsServer, startPebble, type TestDnsServer, type TestPebble } from '@edgeward/testkit';
import * as acme from 'acme-client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, createDomainHarness, type DomainHarness } from '../../../test/fixtures/domains';
import type { TestUser } from '../../../test/fixtures/users';
import { dbKinds } from '../../../test/helpers';
import { buildApp } from '../../app';
import { certificateApplications, certificateEvents, certificates, mailOutbox } from '../../db/schema';
import { createProviders } from '../../providers';
import type { AcmeProvider } from '../../providers/acme';
import { applicationBackoffMs, applicationJob } from './certificate-application.jobs';

const dnsFailed = 'DNS verification failed, please check DNS record configuration';

/**
 * The CA's finalize call can be held: the run that reaches it stops there, as a process killed between verify and
 * finalize would, until the test lets it go.
 */
function holdableAcme(real: AcmeProvider) {
  const hold = {
    active: false,
    /** Called when a run reaches the held finalize (the test waits on it rather than polling for a while). */
    arrive: () => {},
    release: (_error: Error) => {},
    /** The next order for this name is refused, as a CA that turns a request down does. */
    refuseOrderFor: null as string | null,
    /** The next finalize is refused after the order's authorizations are valid, as a CA that turns a CSR down. */
    refuseNextFinalize: false,
  };
  const provider: AcmeProvider = {
    ...real,
    register: (key) => real.register(key),
    session(account) {
      const session = real.session(account);
      return {
        ...session,
        async placeOrder(names) {
          if (hold.refuseOrderFor && names.includes(hold.refuseOrderFor)) {
            hold.refuseOrderFor = null;
            throw new Error('the CA refused the order');
          }
          return session.placeOrder(names);
        },
        async finalize(orderUrl, csr) {
          if (hold.refuseNextFinalize) {
            hold.refuseNextFinalize = false;
            throw new Error('the CA refused the finalization');
          }
          if (hold.active) {
            hold.arrive();
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

/**
 * Deactivates an order's authorizations once its certificate is fetched, as the end of a CA's reuse period does.
 * PEBBLE_AUTHZREUSE=0 is not enough: Pebble makes a new authorization only when rand.Intn(100) > the percentage, so
 * one order in a hundred still reused the first issuance's authorization and a renewal issued without new records.
 */
function forgetfulAcme(real: AcmeProvider): AcmeProvider {
  return {
    ...real,
    register: (key) => real.register(key),
    session(account) {
      const session = real.session(account);
      const client = new acme.Client({
        directoryUrl: real.directoryUrl,
        accountKey: account.key,
        accountUrl: account.url,
      });
      return {
        ...session,
        async certificate(orderUrl) {
          const chain = await session.certificate(orderUrl);
          const order = await client.getOrder({ url: orderUrl } as acme.Order);
          for (const authz of await client.getAuthorizations(order)) {
            if (authz.status === 'valid') await client.deactivateAuthorization(authz);
          }
          return chain;
        },
      };
    },
  };
}

/**
 * Applies and runs the job: the application waits for its records. The test clock stands still while Pebble's
 * runs on, and Pebble does not backdate: the server's clock is set a minute past real time first, as a server
 * whose clock is a little ahead of the CA's.
 */
async function pendingIn(h: DomainHarness, user: TestUser, body: object) {
  h.ctx.clock.advance(Math.max(0, Date.now() + 60_000 - h.ctx.clock.now.getTime()));
  const res = await h.call(user, 'POST', '/certificate/order/create', body);
  expect(res.statusCode, res.text).toBe(200);
  expect(res.body.data.status).toBe('creating');
  await h.ctx.app.jobs.runDue();
  const pending = await h.call(user, 'GET', `/certificate/order/${res.body.data.id}/detail`);
  expect(pending.body.data.status, pending.text).toBe('pending');
  return pending.body.data;
}

/** Publishes every record of the application in the test DNS (values of one name together). */
function publishIn(dns: TestDnsServer, records: { name: string; value: string }[]) {
  for (const name of new Set(records.map((r) => r.name))) {
    dns.setTxt(
      name,
      records.filter((r) => r.name === name).map((r) => r.value),
    );
  }
}

/** The user with a new session, after the clock has jumped past the old one's end. */
async function signedInAgain(h: DomainHarness, user: TestUser): Promise<TestUser> {
  const { token } = await h.ctx.app.sessions.open(user.id, {});
  return { ...user, token, headers: { authorization: token } };
}

/** Moves the clock to `at` and lets the hourly maintenance run (and the jobs it starts). */
async function maintenanceAt(h: DomainHarness, at: number) {
  h.ctx.clock.advance(at - h.ctx.clock.now.getTime());
  await h.ctx.app.schedules.tick();
  await h.ctx.app.jobs.runDue();
}

const DAY = 86_400_000;
// A maintenance run far ahead also renews or ends the certificates the earlier tests of the file issued, against
// Pebble: several seconds of real work, more on a loaded machine.
const RENEWAL_RUN_TIMEOUT = 90_000;

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

  const pendingApplication = (body: object) => pendingIn(h, owner, body);
  const publish = (records: { name: string; value: string }[]) => publishIn(dns, records);
  const sessionOf = (user: TestUser) => signedInAgain(h, user);

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

  it('places a new order when the customer retries after the CA failed the issuance, and issues on it', async () => {
    const apex = await ownedApex();
    const app = await pendingApplication({ domainNames: [`refused.${apex}`], keyType: 'ECC' });
    publish(app.records);
    hold.refuseNextFinalize = true;
    expect((await verify(app.id)).body.data.status).toBe('generating');
    await h.ctx.app.jobs.runDue();
    const failed = (await detail(app.id)).body.data;
    expect(failed).toMatchObject({ status: 'failed', retryCount: 0, certificateId: null });
    expect(failed.failureReason).toContain('the CA refused the finalization');
    const orderUrl = async () =>
      (
        await h.ctx.database.db
          .select({ orderUrl: certificateApplications.orderUrl })
          .from(certificateApplications)
          .where(eq(certificateApplications.id, app.id))
      )[0]!.orderUrl;
    const refusedOrder = await orderUrl();
    expect(refusedOrder).toEqual(expect.any(String));

    const retried = (await h.call(owner, 'POST', `/certificate/order/${app.id}/retry`)).body.data;
    expect(retried).toMatchObject({ status: 'creating', retryCount: 1, failureReason: null, records: [] });
    expect(await orderUrl()).toBeNull();
    await h.ctx.app.jobs.runDue();
    const done = (await detail(app.id)).body.data;
    expect(done).toMatchObject({ status: 'completed', retryCount: 1, failureReason: null });
    expect(await orderUrl()).toEqual(expect.any(String));
    expect(await orderUrl()).not.toBe(refusedOrder);
    expect((await certificateRows()).filter((c) => c.id === done.certificateId)).toHaveLength(1);
  });

  it('resumes an issuance cut off between verify and finalize in another process, which alone works on it', async () => {
    const apex = await ownedApex();
    const app = await pendingApplication({ domainNames: [`api.${apex}`], keyType: 'ECC' });
    publish(app.records);
    expect((await verify(app.id)).body.data.status).toBe('generating');
    hold.active = true;
    const reached = new Promise<void>((resolve) => {
      hold.arrive = resolve;
    });
    const firstProcess = h.ctx.app.jobs.runDue();
    await reached;
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
  it("refuses to deploy to a domain the names do not cover, or to another customer's, naming neither by the other's name", async () => {
    const apex = await ownedApex();
    const covered = await h.create(owner, `www.${apex}`);
    const uncovered = await h.create(owner, `shop.${apex}`);
    const strangerApex = `acme${++counter}-${kind}.org`;
    await h.verify(stranger, strangerApex);
    const foreign = await h.create(stranger, `www.${strangerApex}`);
    for (const created of [covered, uncovered, foreign]) expect(created.statusCode, created.text).toBe(200);
    await h.settle();
    const body = (deployDomainIds: number[]) => ({ domainNames: [`www.${apex}`], keyType: 'ECC', deployDomainIds });

    const notCovered = await apply(body([covered.body.data.id, uncovered.body.data.id]));
    expect(notCovered.statusCode).toBe(400);
    expect(notCovered.body.fields).toEqual({
      deployDomainIds: `These domains are not yours or not covered by the names: shop.${apex}`,
    });
    // Another customer's domain is named by its id only: its name is not the caller's to learn.
    const notMine = await apply(body([covered.body.data.id, foreign.body.data.id]));
    expect(notMine.statusCode).toBe(400);
    expect(notMine.body.fields).toEqual({
      deployDomainIds: `These domains are not yours or not covered by the names: #${foreign.body.data.id}`,
    });
    expect((await h.call(owner, 'GET', '/certificate/order/list')).body.data.list).not.toContainEqual(
      expect.objectContaining({ domainNames: [`www.${apex}`] }),
    );
    const accepted = await apply(body([covered.body.data.id]));
    expect(accepted.statusCode, accepted.text).toBe(200);
    expect(accepted.body.data.deployDomains).toEqual([{ id: covered.body.data.id, domainName: `www.${apex}` }]);
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

    // The customer may try an expired application again: a new order, with records of its own.
    const retried = await h.call(owner, 'POST', `/certificate/order/${app.id}/retry`);
    expect(retried.statusCode, retried.text).toBe(200);
    expect(retried.body.data).toMatchObject({ status: 'creating', retryCount: 1, records: [] });
    await h.ctx.app.jobs.runDue();
    const again = (await detail(app.id)).body.data;
    expect(again).toMatchObject({ status: 'pending', retryCount: 1 });
    expect(again.recordsAt).toBeGreaterThan(app.recordsAt);
    expect(again.records).toHaveLength(1);
  });

  it(
    'tries a renewal the CA refused again on the next maintenance run, and tells the customer once',
    async () => {
      const apex = await ownedApex();
      const app = await pendingApplication({ domainNames: [`again.${apex}`], keyType: 'ECC' });
      publish(app.records);
      await verify(app.id);
      await h.ctx.app.jobs.runDue();
      const done = (await detail(app.id)).body.data;
      expect(done.status).toBe('completed');
      const [before] = (await certificateRows()).filter((c) => c.id === done.certificateId);
      const end = before!.notAfter.getTime();
      const failedTitle = `Renewing the certificate for again.${apex} failed`;

      // Earlier tests have moved the clock on: the renewal window is reached now or 29 days before the end.
      const start = Math.max(h.ctx.clock.now.getTime() + 3600_000, end - 29 * DAY);
      hold.refuseOrderFor = `again.${apex}`;
      await maintenanceAt(h, start);
      owner = await sessionOf(owner);
      const renewals = async () =>
        (await h.call(owner, 'GET', `/certificate/order/list?search=again.${apex}`)).body.data.list.filter(
          (a: { renewalOf: number | null }) => a.renewalOf === done.certificateId,
        );
      const [failed] = await renewals();
      expect(failed).toMatchObject({ status: 'failed', retryCount: 0 });
      expect(failed.failureReason).toContain('the CA refused the order');
      expect((await messageTitles()).filter((t: string) => t === failedTitle)).toHaveLength(1);
      const certificate = (await h.call(owner, 'GET', `/certificate/${done.certificateId}/detail`)).body.data;
      expect(certificate.renewal).toEqual({ applicationId: failed.id, status: 'failed', records: [] });

      // The next hourly run tries the same renewal again; the CA now issues (its authorizations are reused).
      await maintenanceAt(h, start + 3600_000);
      owner = await sessionOf(owner);
      const [renewed] = await renewals();
      expect(renewed).toMatchObject({ id: failed.id, status: 'completed', retryCount: 1, failureReason: null });
      const [after] = (await certificateRows()).filter((c) => c.id === done.certificateId);
      expect(after!.fingerprint256).not.toBe(before!.fingerprint256);
      expect((await messageTitles()).filter((t: string) => t === failedTitle)).toHaveLength(1);
      expect((await h.call(owner, 'GET', `/certificate/${done.certificateId}/detail`)).body.data.renewal).toBeNull();
    },
    RENEWAL_RUN_TIMEOUT,
  );

  it(
    'stops trying a failed renewal once the certificate has ended; the customer may still retry it',
    async () => {
      const apex = await ownedApex();
      const app = await pendingApplication({ domainNames: [`ended.${apex}`], keyType: 'ECC' });
      publish(app.records);
      await verify(app.id);
      await h.ctx.app.jobs.runDue();
      const done = (await detail(app.id)).body.data;
      expect(done.status).toBe('completed');
      const [issued] = (await certificateRows()).filter((c) => c.id === done.certificateId);
      const end = issued!.notAfter.getTime();

      hold.refuseOrderFor = `ended.${apex}`;
      await maintenanceAt(h, Math.max(h.ctx.clock.now.getTime() + 3600_000, end - 29 * DAY));
      // The next run comes only after the certificate has ended.
      await maintenanceAt(h, end + 3600_000);
      owner = await sessionOf(owner);
      const [renewal] = (
        await h.call(owner, 'GET', `/certificate/order/list?search=ended.${apex}`)
      ).body.data.list.filter((a: { renewalOf: number | null }) => a.renewalOf === done.certificateId);
      expect(renewal).toMatchObject({ status: 'failed', retryCount: 0 });
      const retried = await h.call(owner, 'POST', `/certificate/order/${renewal.id}/retry`);
      expect(retried.body.data).toMatchObject({ status: 'creating', retryCount: 1 });
    },
    RENEWAL_RUN_TIMEOUT,
  );
});

describe.each(dbKinds)(
  'certificate renewals that need new DNS records (Pebble reusing no authorization) on %s',
  (kind) => {
    let dns: TestDnsServer;
    let pebble: TestPebble;
    let h: DomainHarness;
    let owner: TestUser;
    const publicUrl = 'https://console.example.test';

    beforeAll(async () => {
      dns = await startDnsServer();
      pebble = await startPebble({ dnsServer: dns.address, authzReuse: 0 });
      h = await createDomainHarness(
        kind,
        { ACME_DIRECTORY_URL: pebble.directoryUrl, ACME_CA_FILE: pebble.caFile, PUBLIC_URL: publicUrl },
        {
          dns,
          providers: (deps) => {
            const providers = createProviders(deps);
            return { ...providers, acme: forgetfulAcme(providers.acme) };
          },
        },
      );
      owner = await h.user();
    });
    afterAll(async () => {
      await h.close();
      await pebble.close();
    });

    const detail = async (id: number) => (await h.call(owner, 'GET', `/certificate/order/${id}/detail`)).body.data;
    const messages = async () => {
      const list = (await h.call(owner, 'GET', '/notice/all?size=100')).body.data.list as {
        id: number;
        title: string;
      }[];
      return Promise.all(
        list.map(async (m) => ({
          title: m.title,
          content: (await h.call(owner, 'GET', `/notice/${m.id}`)).body.data.content,
        })),
      );
    };
    const mails = () =>
      h.ctx.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.recipient, `${owner.userName}@example.test`))
        .orderBy(mailOutbox.id);

    it('announces the renewal with its record, shows it on the certificate, reminds 7 and 3 days before the end, starts it again once expired, and renews once verified', async () => {
      const name = `www.renewdns-${kind}.com`;
      await h.verify(owner, `renewdns-${kind}.com`);
      const first = await pendingIn(h, owner, { domainNames: [name], keyType: 'ECC' });
      publishIn(dns, first.records);
      expect((await h.call(owner, 'POST', `/certificate/order/${first.id}/verify`)).body.data.status).toBe(
        'generating',
      );
      await h.ctx.app.jobs.runDue();
      const { certificateId } = await detail(first.id);
      expect(certificateId).toBeGreaterThan(0);
      const cert = async () => (await h.call(owner, 'GET', `/certificate/${certificateId}/detail`)).body.data;
      const issued = await cert();
      const end = issued.notAfter;
      const date = new Date(end).toISOString().slice(0, 10);
      dns.clear();

      // 29 days before the end the CA asks for a new TXT value: the customer is told at once, with the record.
      await maintenanceAt(h, end - 29 * DAY);
      owner = await signedInAgain(h, owner);
      const [renewal] = (await h.call(owner, 'GET', `/certificate/order/list?search=${name}`)).body.data.list.filter(
        (a: { renewalOf: number | null }) => a.renewalOf === certificateId,
      );
      expect(renewal).toMatchObject({ status: 'pending', retryCount: 0 });
      const waiting = await detail(renewal.id);
      const [record] = waiting.records;
      expect(record.name).toBe(`_acme-challenge.${name}`);
      expect(record.value).not.toBe(first.records[0].value);
      const needsDns = `Renewing the certificate for ${name} needs a new DNS record`;
      const announced = (await messages()).filter((m) => m.title === needsDns);
      expect(announced).toHaveLength(1);
      expect(announced[0]!.content).toContain(record.value);
      expect(announced[0]!.content).toContain(`href="/certificate/order/${renewal.id}/detail"`);
      await h.ctx.app.jobs.runDue();
      const [mail] = await mails();
      expect(mail!.subject).toContain(needsDns);
      expect(mail!.subject).toContain('证书续期需要新的 DNS 记录');
      expect(mail!.text).toContain(`${record.name} TXT ${record.value}`);
      expect(mail!.text).toContain(`${publicUrl}/certificate/order/${renewal.id}/detail`);
      expect(mail!.text).toContain(date);
      const renewalView = { applicationId: renewal.id, status: 'pending', records: [{ ...record, type: 'TXT' }] };
      expect((await cert()).renewal).toEqual(renewalView);
      const listed = (await h.call(owner, 'GET', `/certificate/list?search=${name}`)).body.data.list;
      expect(listed.map((c: { id: number; renewal: unknown }) => [c.id, c.renewal])).toEqual([
        [certificateId, renewalView],
      ]);

      // Left unverified, it expires after 7 days; the next run tries the same renewal again with a new order.
      await maintenanceAt(h, end - 22 * DAY + 3600_000);
      owner = await signedInAgain(h, owner);
      const restarted = await detail(renewal.id);
      expect(restarted).toMatchObject({ status: 'pending', retryCount: 1 });
      expect(restarted.recordsAt).toBeGreaterThan(waiting.recordsAt);
      expect((await messages()).filter((m) => m.title === needsDns)).toHaveLength(2);

      // Reminders: once within 7 days of the end, once within 3 days, each sent once.
      const reminder = `The certificate for ${name} ends on ${date} and is not renewed yet`;
      const reminders = async () => (await messages()).filter((m) => m.title === reminder).length;
      await maintenanceAt(h, end - 8 * DAY);
      owner = await signedInAgain(h, owner);
      expect(await reminders()).toBe(0);
      await maintenanceAt(h, end - 7 * DAY + 3600_000);
      await maintenanceAt(h, end - 7 * DAY + 2 * 3600_000);
      owner = await signedInAgain(h, owner);
      expect(await reminders()).toBe(1);
      await maintenanceAt(h, end - 3 * DAY + 3600_000);
      await maintenanceAt(h, end - 3 * DAY + 2 * 3600_000);
      owner = await signedInAgain(h, owner);
      expect(await reminders()).toBe(2);
      const current = await detail(renewal.id);
      expect(current.status).toBe('pending');
      const [remindedMessage] = (await messages()).filter((m) => m.title === reminder);
      expect(remindedMessage!.content).toContain(current.records[0].value);
      await h.ctx.app.jobs.runDue();
      expect((await mails()).filter((m) => m.subject.includes(reminder))).toHaveLength(2);

      // The customer adds the record and verifies: the certificate is renewed in place.
      publishIn(dns, current.records);
      const verified = await h.call(owner, 'POST', `/certificate/order/${renewal.id}/verify`);
      expect(verified.body.data.status, verified.text).toBe('generating');
      await h.ctx.app.jobs.runDue();
      expect(await detail(renewal.id)).toMatchObject({ status: 'completed', certificateId });
      const renewed = await cert();
      expect(renewed.fingerprint256).not.toBe(issued.fingerprint256);
      expect(renewed.renewal).toBeNull();
    });
  },
);

describe.each(dbKinds)('certificate applications with the CA unreachable on %s', (kind) => {
  let h: DomainHarness;
  beforeAll(async () => {
    h = await createDomainHarness(kind, { ACME_DIRECTORY_URL: `https://127.0.0.1:${await closedPort()}/dir` });
  });
  afterAll(() => h.close());

  it('shows each retry with its reason and next try while backing off, then fails with the reason', async () => {
    const user = await h.user();
    await h.verify(user, 'offline.example.com');
    const res = await h.call(user, 'POST', '/certificate/order/create', {
      domainNames: ['www.offline.example.com'],
      keyType: 'ECC',
    });
    const id = res.body.data.id;
    expect(res.body.data).toMatchObject({ retryCount: 0, retryReason: null, nextAttemptAt: null });
    for (let attempt = 1; attempt < applicationJob.maxAttempts; attempt++) {
      expect(await h.ctx.app.jobs.runDue()).toBe(1);
      const creating = (await h.call(user, 'GET', `/certificate/order/${id}/detail`)).body.data;
      expect(creating).toMatchObject({
        status: 'creating',
        failureReason: null,
        retryCount: attempt,
        nextAttemptAt: h.ctx.clock.now.getTime() + applicationBackoffMs(attempt),
      });
      expect(creating.retryReason).toMatch(/^The certificate authority could not be reached \(.*ECONNREFUSED/);
      expect(creating.retryReason).toMatch(/it is tried again automatically$/);
      const zh = (await h.call(user, 'GET', `/certificate/order/${id}/detail`, undefined, 'zh-CN')).body.data;
      expect(zh.retryReason).toContain('无法连接证书颁发机构');
      h.ctx.clock.advance(applicationBackoffMs(attempt) - 1);
      expect(await h.ctx.app.jobs.runDue()).toBe(0);
      h.ctx.clock.advance(1);
    }
    expect(await h.ctx.app.jobs.runDue()).toBe(1);
    const failed = (await h.call(user, 'GET', `/certificate/order/${id}/detail`)).body.data;
    expect(failed).toMatchObject({
      status: 'failed',
      retryCount: applicationJob.maxAttempts - 1,
      retryReason: null,
      nextAttemptAt: null,
    });
    expect(failed.failureReason).toMatch(
      /^Certificate generation failed: the certificate authority could not be reached/,
    );
    expect(failed.failureReason).toContain('ECONNREFUSED');
    // The customer tries again: a new round of tries.
    const retried = (await h.call(user, 'POST', `/certificate/order/${id}/retry`)).body.data;
    expect(retried).toMatchObject({ status: 'creating', retryCount: applicationJob.maxAttempts, retryReason: null });
  });
});
