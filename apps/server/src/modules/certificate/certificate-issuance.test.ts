import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPki, type TestPki } from '../../../test/fixtures/certificates';
import { createTestUser, type TestUser } from '../../../test/fixtures/users';
import { createTestContext, dbKinds, jobWithPayload, type TestContext } from '../../../test/helpers';
import { certificateApplications, messages } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Job } from '../../jobs/job';
import { type AcmeChallenge, type AcmeOrderState, type AcmeSession, AcmeUnreachableError } from '../../providers/acme';
import { secretBoxOf } from '../../secrets/secret-box';
import { createCertificateService, type DeployOutcome } from './certificate.service';
import { applicationBackoffMs, applicationJob } from './certificate-application.jobs';
import * as repo from './certificate-application.repository';
import { applicationKeyContext, createIssuance } from './certificate-issuance';
import type { DomainHttps } from './domain-https';
import { createRenewalNotices } from './renewal-notices';

type Step = keyof AcmeSession;

/**
 * A CA that answers from a script: each call is written down, `order` and `settle` answer the states given in turn,
 * and any step can be made to throw. What the issuance does with each answer is what these tests look at; the
 * conversation with a real CA is tested against Pebble in certificate-application.test.ts.
 */
function scriptedCa(script: {
  states?: AcmeOrderState['status'][];
  problem?: string;
  challenges?: Pick<AcmeChallenge, 'domainName' | 'wildcard' | 'status'>[];
  throwAt?: Partial<Record<Step, Error>>;
  chain?: string;
}) {
  const calls: Step[] = [];
  const states = [...(script.states ?? [])];
  const next = (): AcmeOrderState => {
    const status = states.shift() ?? 'pending';
    return status === 'invalid' && script.problem ? { status, problem: script.problem } : { status };
  };
  const step =
    <R>(name: Step, answer: () => R) =>
    async () => {
      calls.push(name);
      const error = script.throwAt?.[name];
      if (error) throw error;
      return answer();
    };
  const session: AcmeSession = {
    placeOrder: step('placeOrder', () => ({
      url: 'https://ca.test/order/1',
      challenges: (script.challenges ?? []).map((c, i) => ({
        ...c,
        value: `token-${i}`,
        authorizationUrl: `https://ca.test/authz/${i}`,
        challengeUrl: `https://ca.test/chall/${i}`,
      })),
    })),
    order: step('order', next),
    answerChallenges: step('answerChallenges', () => undefined),
    settle: step('settle', next),
    finalize: step('finalize', () => undefined),
    certificate: step('certificate', () => script.chain ?? ''),
  };
  return { session, calls };
}

describe.each(dbKinds)('certificate issuance on %s', (kind) => {
  let ctx: TestContext;
  let pki: TestPki;
  let user: TestUser;
  const deployed: { id: number; redeploy: boolean }[] = [];

  beforeAll(async () => {
    pki = createTestPki();
    ctx = await createTestContext(kind);
    user = await createTestUser(ctx);
  });
  afterAll(async () => {
    await ctx.close();
    pki.cleanup();
  });

  const box = () => secretBoxOf(ctx.config);
  const noDomains: DomainHttps = {
    domainsOf: async () => [],
    installCertificate: async () => {},
    verifiedApexes: async () => [],
    apexOf: (name) => name,
  };
  const certificateService = () =>
    createCertificateService({ db: ctx.database.db, now: ctx.clock.read, box: box(), domains: noDomains });

  function issuanceWith(session: AcmeSession) {
    const certificates = certificateService();
    return createIssuance({
      db: ctx.database.db,
      now: ctx.clock.read,
      box: box(),
      account: async () => session,
      certificates: {
        ...certificates,
        async redeploy(_user, id): Promise<DeployOutcome[]> {
          deployed.push({ id, redeploy: true });
          return [];
        },
      },
      notices: createRenewalNotices({ publicUrl: 'https://console.test' }),
    });
  }

  const job = (applicationId: number, attempts = 1): Job => ({
    id: 0,
    kind: applicationJob.kind,
    payload: { applicationId },
    attempts,
  });

  async function application(
    status: 'creating' | 'generating',
    options: { names?: string[]; renewalOf?: number | null } = {},
  ) {
    const at = ctx.clock.now;
    const id = await repo.insert(ctx.database.db, {
      userId: user.id,
      domainNames: options.names ?? ['www.issue.example.com', '*.issue.example.com'],
      keyType: 'ECC',
      deployDomainIds: [],
      renewalOf: options.renewalOf ?? null,
      at,
    });
    if (status === 'generating') {
      await repo.transition(ctx.database.db, id, ['creating'], {
        status,
        orderUrl: 'https://ca.test/order/1',
        updatedAt: at,
      });
    }
    return id;
  }

  const row = async (id: number) => (await repo.find(ctx.database.db, id))!;

  /** The messages the user received about this application's names, newest last. */
  async function messagesAbout(names: string) {
    const rows = await ctx.database.db.select().from(messages).where(eq(messages.userId, user.id));
    return rows.filter((m) => m.params?.domain === names).map((m) => ({ title: m.title, params: m.params }));
  }

  async function uploadedCertificate(name: string) {
    const leaf = pki.issue([name], { days: 20 });
    const detail = await certificateService().upload(
      { id: user.id, realNameVerified: true },
      { name, certificate: leaf.chain, privateKey: leaf.key },
      { kind: 'user', userId: user.id },
    );
    return { certificateId: detail.id, notAfter: detail.notAfter };
  }

  describe('an order the CA refuses', () => {
    it('fails with the CA’s problem and tells the customer, without waiting on the order again', async () => {
      const id = await application('generating', { names: ['a.refused.example.com', 'b.refused.example.com'] });
      const ca = scriptedCa({ states: ['invalid'], problem: 'CAA forbids issuance' });
      await issuanceWith(ca.session).advance(id, job(id));
      expect(ca.calls).toEqual(['order']);
      expect(await row(id)).toMatchObject({
        status: 'failed',
        failureStage: 'acme',
        failure: { key: 'certificate.application.generationFailedWith', params: { reason: 'CAA forbids issuance' } },
        retryReason: null,
        nextAttemptAt: null,
        workerLeaseUntil: null,
      });
      expect(await messagesAbout('a.refused.example.com, b.refused.example.com')).toEqual([
        {
          title: 'message.certificate.failed.title',
          params: { domain: 'a.refused.example.com, b.refused.example.com', reason: 'CAA forbids issuance' },
        },
      ]);
    });

    it('says the order was refused when the CA gives no problem', async () => {
      const id = await application('generating', { names: ['silent.refused.example.com'] });
      await issuanceWith(scriptedCa({ states: ['invalid'] }).session).advance(id, job(id));
      expect((await row(id)).failure).toEqual({
        key: 'certificate.application.generationFailedWith',
        params: { reason: 'the order was refused' },
      });
    });

    it('answers the challenges, finalizes with a key it keeps, and waits for processing before reading the end', async () => {
      const id = await application('generating', { names: ['late.refused.example.com'] });
      const ca = scriptedCa({ states: ['pending', 'ready', 'processing', 'invalid'], problem: 'CSR refused' });
      await issuanceWith(ca.session).advance(id, job(id));
      expect(ca.calls).toEqual(['order', 'answerChallenges', 'settle', 'finalize', 'settle', 'settle']);
      const failed = await row(id);
      expect(failed.failure?.params).toEqual({ reason: 'CSR refused' });
      // The key is stored before the finalize so that a resumed run sends the same CSR.
      expect(box().open(failed.certificateKeySealed!, applicationKeyContext(user.id, id))).toContain('PRIVATE KEY');
    });

    it('fails with the check’s own message when the issued chain is not for the application’s key', async () => {
      const id = await application('generating', { names: ['mismatch.example.com'] });
      const other = pki.issue(['mismatch.example.com']);
      const ca = scriptedCa({ states: ['ready', 'valid'], chain: other.chain });
      await issuanceWith(ca.session).advance(id, job(id));
      expect(ca.calls).toEqual(['order', 'finalize', 'settle', 'certificate']);
      expect((await row(id)).failure?.key).toMatch(/^certificate\.check\./);
    });

    it('names an error without a message by its kind', async () => {
      const id = await application('generating', { names: ['blank.example.com'] });
      await issuanceWith(scriptedCa({ throwAt: { order: new TypeError('') } }).session).advance(id, job(id));
      expect((await row(id)).failure).toEqual({
        key: 'certificate.application.generationFailedWith',
        params: { reason: 'TypeError' },
      });
    });

    it('fails with the key of a refusal that carries one', async () => {
      const id = await application('generating', { names: ['keyed.example.com'] });
      const refusal = new AppError('CERT_INVALID', { messageKey: 'certificate.check.expired', params: { n: '1' } });
      await issuanceWith(scriptedCa({ throwAt: { order: refusal } }).session).advance(id, job(id));
      expect((await row(id)).failure).toEqual({ key: 'certificate.check.expired', params: { n: '1' } });
    });
  });

  describe('a CA that is slow or away', () => {
    it('tries again after the back-off while the order is still processing, and fails on the last try', async () => {
      const id = await application('generating', { names: ['slow.example.com'] });
      const ca = scriptedCa({ states: ['processing', 'processing'] });
      await expect(issuanceWith(ca.session).advance(id, job(id, 3))).rejects.toThrow('the order is still processing');
      expect(await row(id)).toMatchObject({
        status: 'generating',
        retryCount: 1,
        retryReason: { key: 'certificate.application.retry.notYet', params: { status: 'processing' } },
        nextAttemptAt: new Date(ctx.clock.now.getTime() + applicationBackoffMs(3)),
        workerLeaseUntil: null,
      });
      const last = scriptedCa({ states: ['processing', 'processing'] });
      await issuanceWith(last.session).advance(id, job(id, applicationJob.maxAttempts));
      expect(await row(id)).toMatchObject({
        status: 'failed',
        failure: {
          key: 'certificate.application.generationFailedWith',
          params: { reason: 'the order is still processing' },
        },
      });
    });

    it('tries again while the CA cannot be reached, and fails saying so on the last try', async () => {
      const id = await application('creating', { names: ['away.example.com'] });
      const away = new AcmeUnreachableError(new Error('connect ECONNREFUSED'));
      const before = scriptedCa({ throwAt: { placeOrder: away } });
      await expect(issuanceWith(before.session).advance(id, job(id, applicationJob.maxAttempts - 1))).rejects.toBe(
        away,
      );
      expect(await row(id)).toMatchObject({
        status: 'creating',
        retryReason: { key: 'certificate.application.retry.caUnreachable', params: { reason: 'connect ECONNREFUSED' } },
      });
      await issuanceWith(before.session).advance(id, job(id, applicationJob.maxAttempts));
      expect(await row(id)).toMatchObject({
        status: 'failed',
        failure: { key: 'certificate.application.caUnreachable', params: { reason: 'connect ECONNREFUSED' } },
      });
    });
  });

  describe('placing the order', () => {
    it('waits for the records while any name still needs one, keeping each record under its name', async () => {
      const id = await application('creating', { names: ['rec.example.com', '*.rec.example.com'] });
      const ca = scriptedCa({
        challenges: [
          { domainName: 'rec.example.com', wildcard: false, status: 'valid' },
          { domainName: 'rec.example.com', wildcard: true, status: 'pending' },
        ],
      });
      await issuanceWith(ca.session).advance(id, job(id));
      expect(ca.calls).toEqual(['placeOrder']);
      const pending = await row(id);
      expect(pending).toMatchObject({ status: 'pending', orderUrl: 'https://ca.test/order/1', verifiedAt: null });
      expect(pending.records.map((r) => [r.domainName, r.name, r.wildcard])).toEqual([
        ['rec.example.com', '_acme-challenge.rec.example.com', false],
        ['*.rec.example.com', '_acme-challenge.rec.example.com', true],
      ]);
    });

    it('goes on to generate at once when the CA reuses every authorization', async () => {
      const id = await application('creating', { names: ['reused.example.com'] });
      const ca = scriptedCa({
        challenges: [{ domainName: 'reused.example.com', wildcard: false, status: 'valid' }],
        states: ['invalid'],
      });
      await issuanceWith(ca.session).advance(id, job(id));
      expect(ca.calls).toEqual(['placeOrder', 'order']);
      expect((await row(id)).verifiedAt).toEqual(ctx.clock.now);
    });
  });

  describe('runs that must not work', () => {
    it('leaves an application another run holds, and comes back when its lease ends', async () => {
      const id = await application('generating', { names: ['leased.example.com'] });
      const until = new Date(ctx.clock.now.getTime() + 90_000);
      await repo.takeLease(ctx.database.db, id, ctx.clock.now, until);
      const ca = scriptedCa({ states: ['invalid'] });
      await issuanceWith(ca.session).advance(id, job(id));
      expect(ca.calls).toEqual([]);
      expect(await row(id)).toMatchObject({ status: 'generating', workerLeaseUntil: until });
      const again = await jobWithPayload(ctx.database, applicationJob.kind, 'applicationId', String(id));
      expect(again.runAt).toEqual(until);
    });

    it('does nothing for an application that is no longer being created', async () => {
      const id = await application('creating', { names: ['done.example.com'] });
      await repo.transition(ctx.database.db, id, ['creating'], { status: 'failed', updatedAt: ctx.clock.now });
      const ca = scriptedCa({ states: ['invalid'] });
      await issuanceWith(ca.session).advance(id, job(id));
      expect(ca.calls).toEqual([]);
    });
  });

  describe('a renewal that fails', () => {
    it('records the event with the CA’s words and tells the customer once, with the days left', async () => {
      const { certificateId, notAfter } = await uploadedCertificate('renew.fail.example.com');
      const id = await application('generating', { names: ['renew.fail.example.com'], renewalOf: certificateId });
      await issuanceWith(scriptedCa({ states: ['invalid'], problem: 'rate limited' }).session).advance(id, job(id));
      const events = (await repo.eventsOf(ctx.database.db, user.id)).filter((e) => e.applicationId === id);
      expect(events.map((e) => [e.kind, e.certificateId, e.params])).toEqual([
        ['renewalFailed', certificateId, { names: 'renew.fail.example.com', reason: 'rate limited' }],
      ]);
      const told = await messagesAbout('renew.fail.example.com');
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({
        title: 'message.certificate.renewalFailed.title',
        params: {
          reason: 'rate limited',
          applicationId: id,
          records: '',
          date: new Date(notAfter).toISOString().slice(0, 10),
          days: Math.ceil((notAfter - ctx.clock.now.getTime()) / 86_400_000),
        },
      });
    });

    it('does not tell the customer again when the failure notice of the renewal went out already', async () => {
      const { certificateId } = await uploadedCertificate('renew.told.example.com');
      const id = await application('generating', { names: ['renew.told.example.com'], renewalOf: certificateId });
      expect(await repo.claimNotice(ctx.database.db, id, 'failed')).toBe(true);
      await issuanceWith(scriptedCa({ states: ['invalid'] }).session).advance(id, job(id));
      expect((await row(id)).status).toBe('failed');
      expect(await messagesAbout('renew.told.example.com')).toEqual([]);
      const [stored] = await ctx.database.db
        .select({ noticesSent: certificateApplications.noticesSent })
        .from(certificateApplications)
        .where(and(eq(certificateApplications.id, id)));
      expect(stored!.noticesSent).toEqual(['failed']);
    });
  });
});
