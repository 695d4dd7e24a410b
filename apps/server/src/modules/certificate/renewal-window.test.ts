import { limits } from '@edgeward/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPki, type TestPki } from '../../../test/fixtures/certificates';
import { createDomainHarness, type DomainHarness } from '../../../test/fixtures/domains';
import type { TestUser } from '../../../test/fixtures/users';
import { dbKinds } from '../../../test/helpers';
import { certificateApplications, certificates, jobs } from '../../db/schema';
import { domainPorts } from '../index';
import { applicationJob } from './certificate-application.jobs';
import * as repo from './certificate-application.repository';
import { createApplicationService } from './certificate-application.service';
import { domainHttpsOf } from './domain-https';

/*
 * The edges of the renewal window and the two ways an application is tried again, with the applications put in
 * their state directly in the database: the issuance itself is tested against Pebble (certificate-application.test.ts).
 */

const DAY = 86_400_000;
const record = {
  domainName: 'www.example.com',
  wildcard: false,
  name: '_acme-challenge.www.example.com',
  value: 'v',
  authorizationUrl: 'https://ca.test/authz/1',
  challengeUrl: 'https://ca.test/chall/1',
};

describe.each(dbKinds)('certificate renewal window on %s', (kind) => {
  let h: DomainHarness;
  let pki: TestPki;
  let owner: TestUser;
  let counter = 0;
  /** The renewal service's own clock, moved back and forth around the edges. */
  let at = new Date();

  beforeAll(async () => {
    pki = createTestPki();
    h = await createDomainHarness(kind);
    owner = await h.user();
  });
  afterAll(async () => {
    await h.close();
    pki.cleanup();
  });

  const service = () =>
    createApplicationService({
      db: h.ctx.database.db,
      now: () => at,
      dns: h.ctx.app.areaContext.providers.dns,
      domains: domainHttpsOf(h.ctx.app.areaContext, domainPorts),
    });
  const application = async (id: number) =>
    (await h.ctx.database.db.select().from(certificateApplications).where(eq(certificateApplications.id, id)))[0]!;
  const renewalsOf = (certificateId: number) =>
    h.ctx.database.db
      .select()
      .from(certificateApplications)
      .where(eq(certificateApplications.renewalOf, certificateId));
  const jobsOf = async (applicationId: number) =>
    (await h.ctx.database.db.select().from(jobs).where(eq(jobs.kind, applicationJob.kind))).filter(
      (j) => (j.payload as { applicationId: number }).applicationId === applicationId,
    );

  /** A certificate issued through a completed application: answers its id and end. */
  async function appliedCertificate() {
    const name = `renew${++counter}-${kind}.example.com`;
    const leaf = pki.issue([name]);
    const res = await h.call(owner, 'POST', '/certificate/upload', {
      name: `applied-${counter}`,
      certificate: leaf.chain,
      privateKey: leaf.key,
    });
    expect(res.statusCode, res.text).toBe(200);
    const certificateId = res.body.data.id as number;
    const { db } = h.ctx.database;
    await db.update(certificates).set({ source: 'applied' }).where(eq(certificates.id, certificateId));
    const [cert] = await db.select().from(certificates).where(eq(certificates.id, certificateId));
    const applicationId = await repo.insert(db, {
      userId: owner.id,
      domainNames: [name],
      keyType: 'ECC',
      deployDomainIds: [],
      renewalOf: null,
      at: cert!.createdAt,
    });
    await db
      .update(certificateApplications)
      .set({ status: 'completed', certificateId })
      .where(eq(certificateApplications.id, applicationId));
    return { certificateId, name, notAfter: cert!.notAfter.getTime() };
  }

  it('starts a renewal once the end is less than 30 days away, not at 30 days exactly, and only one', async () => {
    const { certificateId, name, notAfter } = await appliedCertificate();
    at = new Date(notAfter - limits.certificate.renewBeforeDays * DAY);
    await service().startRenewals();
    expect(await renewalsOf(certificateId)).toEqual([]);

    at = new Date(notAfter - limits.certificate.renewBeforeDays * DAY + 1);
    await service().startRenewals();
    const [renewal, ...more] = await renewalsOf(certificateId);
    expect(more).toEqual([]);
    expect(renewal).toMatchObject({
      userId: owner.id,
      status: 'creating',
      domainNames: [name],
      keyType: 'ECC',
      deployDomainIds: [],
      createdAt: at,
    });
    expect(await jobsOf(renewal!.id)).toHaveLength(1);
    // A renewal under way is not started twice.
    await service().startRenewals();
    expect(await renewalsOf(certificateId)).toHaveLength(1);
  });

  it('tries a failed renewal again until the certificate ends, with a new order after a CA failure', async () => {
    const { certificateId, notAfter } = await appliedCertificate();
    at = new Date(notAfter - DAY);
    await service().startRenewals();
    const [renewal] = await renewalsOf(certificateId);
    const { db } = h.ctx.database;
    const failAt = async () =>
      db
        .update(certificateApplications)
        .set({ status: 'failed', failureStage: 'acme', orderUrl: 'https://ca.test/order/1', records: [record] })
        .where(eq(certificateApplications.id, renewal!.id));
    await failAt();

    // At its end exactly the certificate has ended: the window is over.
    at = new Date(notAfter);
    await service().startRenewals();
    expect((await application(renewal!.id)).status).toBe('failed');

    at = new Date(notAfter - 1);
    await service().startRenewals();
    expect(await application(renewal!.id)).toMatchObject({
      status: 'creating',
      orderUrl: null,
      records: [],
      failureStage: null,
      retryCount: 1,
    });
    expect(await renewalsOf(certificateId)).toHaveLength(1);
  });

  it("retries the customer's application on the same records after a DNS failure, on a new order otherwise", async () => {
    const { db } = h.ctx.database;
    const failed = async (change: Partial<repo.ApplicationRow>) => {
      const id = await repo.insert(db, {
        userId: owner.id,
        domainNames: ['www.example.com'],
        keyType: 'RSA',
        deployDomainIds: [],
        renewalOf: null,
        at,
      });
      await db
        .update(certificateApplications)
        .set({ status: 'failed', orderUrl: 'https://ca.test/order/2', records: [record], ...change })
        .where(eq(certificateApplications.id, id));
      return id;
    };
    const retry = (id: number) => h.call(owner, 'POST', `/certificate/order/${id}/retry`);

    const dns = await failed({ failureStage: 'dns' });
    expect((await retry(dns)).statusCode).toBe(200);
    expect(await application(dns)).toMatchObject({
      status: 'pending',
      records: [record],
      orderUrl: 'https://ca.test/order/2',
    });
    expect(await jobsOf(dns)).toEqual([]);
    expect((await retry(dns)).body.error).toBe('CERT_APPLICATION_STATE');

    // A DNS failure without an order (none was placed) and a CA failure both need a new order.
    for (const change of [{ failureStage: 'dns' as const, orderUrl: null }, { failureStage: 'acme' as const }]) {
      const id = await failed(change);
      expect((await retry(id)).statusCode).toBe(200);
      expect(await application(id)).toMatchObject({ status: 'creating', records: [], orderUrl: null });
      expect(await jobsOf(id)).toHaveLength(1);
    }
    const expired = await failed({ status: 'expired', failureStage: null });
    expect((await retry(expired)).statusCode).toBe(200);
    expect((await application(expired)).status).toBe('creating');
  });
});
