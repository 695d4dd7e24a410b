import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPki, type TestPki } from '../../../test/fixtures/certificates';
import { createTestUser, type TestUser } from '../../../test/fixtures/users';
import { createTestContext, dbKinds, jobWithPayload, type TestContext } from '../../../test/helpers';
import { operationLog } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Actor } from '../../lib/actor';
import { checkCertificate } from '../../lib/certificate-check';
import { secretBoxOf } from '../../secrets/secret-box';
import * as certificates from './certificate.repository';
import { materialOf } from './certificate.service';
import { applicationJob } from './certificate-application.jobs';
import * as repo from './certificate-application.repository';
import { createApplicationService, recordViews } from './certificate-application.service';
import type { DomainHttps } from './domain-https';

const apexOf = (name: string) => name.split('.').slice(-2).join('.');

describe('the records as the views show them', () => {
  const record = (domainName: string, name: string) => ({
    domainName,
    wildcard: domainName.startsWith('*.'),
    name,
    value: 'v',
    authorizationUrl: '',
    challengeUrl: '',
  });

  it('gives each host relative to the apex of its name, wildcards by their base name', () => {
    expect(
      recordViews(
        [
          record('www.example.com', '_acme-challenge.www.example.com'),
          record('*.example.com', '_acme-challenge.example.com'),
        ],
        apexOf,
      ).map((r) => r.host),
    ).toEqual(['_acme-challenge.www', '_acme-challenge']);
  });

  it('keeps the whole name without an apex, or when the name is not under it', () => {
    expect(recordViews([record('localhost', '_acme-challenge.localhost')], () => null)[0]!.host).toBe(
      '_acme-challenge.localhost',
    );
    expect(recordViews([record('www.example.com', '_acme-challenge.www.example.org')], apexOf)[0]!.host).toBe(
      '_acme-challenge.www.example.org',
    );
    expect(
      recordViews([record('www.example.com', '_acme-challenge.wwwexample.com')], () => 'example.com')[0]!.host,
    ).toBe('_acme-challenge.wwwexample.com');
  });
});

describe.each(dbKinds)('certificate applications, the service, on %s', (kind) => {
  let ctx: TestContext;
  let pki: TestPki;
  let user: TestUser;
  let actor: Actor;
  const txt = new Map<string, string[] | Error>();
  let myDomains: { id: number; domainName: string }[] = [];

  beforeAll(async () => {
    pki = createTestPki();
    ctx = await createTestContext(kind);
    user = await createTestUser(ctx);
    actor = { kind: 'user', userId: user.id };
  });
  afterAll(async () => {
    await ctx.close();
    pki.cleanup();
  });

  const domains: DomainHttps = {
    domainsOf: async () => myDomains,
    installCertificate: async () => {},
    verifiedApexes: async () => ['example.com'],
    apexOf,
  };
  const service = () =>
    createApplicationService({
      db: ctx.database.db,
      now: ctx.clock.read,
      dns: {
        async txt(name) {
          const answer = txt.get(name) ?? [];
          if (answer instanceof Error) throw answer;
          return answer;
        },
        addresses: async () => [],
      },
      domains,
    });
  const caller = () => ({ id: user.id, realNameVerified: true });

  async function refusal(action: Promise<unknown>): Promise<AppError> {
    const error = await action.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }

  /** The newest log row of the action, as changed fields. */
  async function logged(action: string) {
    const [row] = await ctx.database.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.action, action))
      .orderBy(desc(operationLog.id))
      .limit(1);
    return {
      targetName: row?.targetName,
      changes: Object.fromEntries((row?.changes ?? []).map((c) => [c.field, [c.before, c.after]])),
    };
  }

  /** An application waiting for these records (as the job leaves it after placing the order). */
  async function pending(records: { domainName: string; name: string; value: string }[]) {
    const id = await repo.insert(ctx.database.db, {
      userId: user.id,
      domainNames: [...new Set(records.map((r) => r.domainName))],
      keyType: 'ECC',
      deployDomainIds: [],
      renewalOf: null,
      at: ctx.clock.now,
    });
    await repo.transition(ctx.database.db, id, ['creating'], {
      status: 'pending',
      orderUrl: `https://ca.test/order/${id}`,
      records: records.map((r) => ({ ...r, wildcard: false, authorizationUrl: '', challengeUrl: '' })),
      updatedAt: ctx.clock.now,
    });
    return id;
  }

  describe('verify', () => {
    it('moves on to generating when every value is there (spaces around a value do not matter)', async () => {
      txt.set('_acme-challenge.ok.svc.example.com', [' other ', ' good-value ']);
      const id = await pending([
        { domainName: 'ok.svc.example.com', name: '_acme-challenge.ok.svc.example.com', value: 'good-value' },
      ]);
      const view = await service().verify(caller(), id, actor);
      expect(view.row).toMatchObject({ status: 'generating', failure: null, verifiedAt: ctx.clock.now });
      expect(view.row.dnsCheck).toEqual([
        {
          name: '_acme-challenge.ok.svc.example.com',
          expected: 'good-value',
          found: [' other ', ' good-value '],
          failure: null,
        },
      ]);
      expect(await jobWithPayload(ctx.database, applicationJob.kind, 'applicationId', String(id))).toBeTruthy();
      expect(await logged('certificateApplication.verify')).toEqual({
        targetName: 'ok.svc.example.com',
        changes: { status: ['pending', 'generating'] },
      });
    });

    it.each([
      [
        'a DNS server that does not answer',
        new Error('SERVFAIL'),
        { key: 'certificate.application.dnsUnreachable', params: { name: '_acme-challenge.a.svc.example.com' } },
        [],
      ],
      [
        'other values only',
        ['wrong-1', 'wrong-2'],
        {
          key: 'domain.verify.recordMismatch',
          params: { name: '_acme-challenge.a.svc.example.com', found: 'wrong-1, wrong-2' },
        },
        ['wrong-1', 'wrong-2'],
      ],
      [
        'no value at all',
        [],
        { key: 'domain.verify.recordMissing', params: { name: '_acme-challenge.a.svc.example.com' } },
        [],
      ],
    ])('fails with the reason of the first record that is wrong: %s', async (_, answer, failure, found) => {
      txt.set('_acme-challenge.a.svc.example.com', answer);
      txt.set('_acme-challenge.b.svc.example.com', ['value-b']);
      const id = await pending([
        { domainName: 'b.svc.example.com', name: '_acme-challenge.b.svc.example.com', value: 'value-b' },
        { domainName: 'a.svc.example.com', name: '_acme-challenge.a.svc.example.com', value: 'value-a' },
      ]);
      const view = await service().verify(caller(), id, actor);
      expect(view.row).toMatchObject({ status: 'failed', failureStage: 'dns', failure });
      expect(view.row.dnsCheck?.map((c) => [c.name, c.found, c.failure])).toEqual([
        ['_acme-challenge.b.svc.example.com', ['value-b'], null],
        ['_acme-challenge.a.svc.example.com', found, failure.key.split('.').at(-1)],
      ]);
      expect((await logged('certificateApplication.verify')).changes).toEqual({ status: ['pending', 'failed'] });
    });

    it('refuses an application that is not waiting for its records', async () => {
      const id = await pending([
        { domainName: 'w.svc.example.com', name: '_acme-challenge.w.svc.example.com', value: 'x' },
      ]);
      await repo.transition(ctx.database.db, id, ['pending'], { status: 'generating', updatedAt: ctx.clock.now });
      expect((await refusal(service().verify(caller(), id, actor))).id).toBe('CERT_APPLICATION_STATE');
    });
  });

  describe('retry', () => {
    it('waits for the same records again after a DNS failure, and places a new order after any other', async () => {
      txt.set('_acme-challenge.r.svc.example.com', []);
      const dnsFailed = await pending([
        { domainName: 'r.svc.example.com', name: '_acme-challenge.r.svc.example.com', value: 'r' },
      ]);
      await service().verify(caller(), dnsFailed, actor);
      const again = await service().retry(caller(), dnsFailed, actor);
      expect(again.row).toMatchObject({ status: 'pending', failure: null, failureStage: null, retryCount: 1 });
      expect(again.row.records).toHaveLength(1);
      await expect(
        jobWithPayload(ctx.database, applicationJob.kind, 'applicationId', String(dnsFailed)),
      ).rejects.toThrow();
      expect(await logged('certificateApplication.retry')).toEqual({
        targetName: 'r.svc.example.com',
        changes: { status: ['failed', 'pending'] },
      });

      const caFailed = await pending([
        { domainName: 'c.svc.example.com', name: '_acme-challenge.c.svc.example.com', value: 'c' },
      ]);
      await repo.transition(ctx.database.db, caFailed, ['pending'], {
        status: 'failed',
        failureStage: 'acme',
        failure: { key: 'certificate.application.caUnreachable', params: { reason: 'x' } },
        updatedAt: ctx.clock.now,
      });
      const fresh = await service().retry(caller(), caFailed, actor);
      expect(fresh.row).toMatchObject({ status: 'creating', orderUrl: null, records: [], failure: null });
      const job = await jobWithPayload(ctx.database, applicationJob.kind, 'applicationId', String(caFailed));
      expect(job.runAt).toEqual(ctx.clock.now);
    });

    it('refuses an application that has not failed or expired', async () => {
      const id = await pending([
        { domainName: 'p.svc.example.com', name: '_acme-challenge.p.svc.example.com', value: 'p' },
      ]);
      expect((await refusal(service().retry(caller(), id, actor))).id).toBe('CERT_APPLICATION_STATE');
    });
  });

  describe('create', () => {
    it('refuses names under an apex the caller has not verified, naming them', async () => {
      const error = await refusal(
        service().create(
          caller(),
          {
            domainNames: ['www.svc.example.com', 'www.stranger.example.net', 'api.stranger.example.net'],
            keyType: 'ECC',
            deployDomainIds: [],
          },
          actor,
        ),
      );
      expect(error.id).toBe('CERT_NAME_NOT_OWNED');
      expect(error.options).toMatchObject({
        messageKey: 'certificate.application.notOwned',
        params: { names: 'www.stranger.example.net, api.stranger.example.net' },
        fields: { domainNames: 'certificate.application.notOwned' },
      });
    });

    it('refuses deploy domains the names do not cover or that are not the caller’s, naming each', async () => {
      myDomains = [
        { id: 901, domainName: 'www.svc.example.com' },
        { id: 902, domainName: 'cdn.svc.example.com' },
      ];
      const error = await refusal(
        service().create(
          caller(),
          { domainNames: ['www.svc.example.com'], keyType: 'ECC', deployDomainIds: [901, 902, 999] },
          actor,
        ),
      );
      expect(error.options.fields).toEqual({ deployDomainIds: 'certificate.application.deployNotCovered' });
      expect(error.options.params).toEqual({ domains: 'cdn.svc.example.com, #999' });
    });

    it('logs the key type and the domains to deploy to, and only the key type when there are none', async () => {
      myDomains = [
        { id: 901, domainName: 'www.svc.example.com' },
        { id: 902, domainName: 'cdn.svc.example.com' },
      ];
      const view = await service().create(
        caller(),
        {
          domainNames: ['www.svc.example.com', 'cdn.svc.example.com'],
          keyType: 'RSA',
          deployDomainIds: [902, 901, 902],
        },
        actor,
      );
      expect(view.row.deployDomainIds).toEqual([902, 901]);
      expect(view.deployDomains).toEqual([
        { id: 902, domainName: 'cdn.svc.example.com' },
        { id: 901, domainName: 'www.svc.example.com' },
      ]);
      expect(await logged('certificateApplication.create')).toEqual({
        targetName: 'www.svc.example.com, cdn.svc.example.com',
        changes: { keyType: [null, 'RSA'], deployTo: [null, 'cdn.svc.example.com, www.svc.example.com'] },
      });
      await service().create(
        caller(),
        { domainNames: ['api.svc.example.com'], keyType: 'ECC', deployDomainIds: [] },
        actor,
      );
      expect((await logged('certificateApplication.create')).changes).toEqual({ keyType: [null, 'ECC'] });
    });
  });

  it('pages the list from the newest', async () => {
    const other = await createTestUser(ctx);
    const ids: number[] = [];
    for (const name of ['one', 'two', 'three']) {
      ctx.clock.advance(1000);
      ids.push(
        await repo.insert(ctx.database.db, {
          userId: other.id,
          domainNames: [`${name}.other.example.com`],
          keyType: 'ECC',
          deployDomainIds: [],
          renewalOf: null,
          at: ctx.clock.now,
        }),
      );
    }
    const page = (n: number) =>
      service().list({ id: other.id, realNameVerified: true }, { page: n, size: 2, search: '' } as never);
    const first = await page(1);
    expect(first.total).toBe(3);
    expect(first.list.map((v) => v.row.id)).toEqual([ids[2], ids[1]]);
    expect((await page(2)).list.map((v) => v.row.id)).toEqual([ids[0]]);
  });

  it('starts one renewal per applied certificate near its end, and counts what it started', async () => {
    const box = secretBoxOf(ctx.config);
    const owner = await createTestUser(ctx);
    for (const name of ['renew-a.svc.example.com', 'renew-b.svc.example.com']) {
      const leaf = pki.issue([name], { days: 10 });
      const checked = checkCertificate({ certificate: leaf.chain, privateKey: leaf.key, now: ctx.clock.now });
      if (!checked.ok) throw new Error(checked.problem);
      const certificateId = await certificates.insert(ctx.database.db, {
        ...materialOf(checked.info, leaf.chain, leaf.key, owner.id, box),
        userId: owner.id,
        name,
        source: 'applied',
        at: ctx.clock.now,
      });
      const issuedBy = await repo.insert(ctx.database.db, {
        userId: owner.id,
        domainNames: [name],
        keyType: 'ECC',
        deployDomainIds: [],
        renewalOf: null,
        at: ctx.clock.now,
      });
      await repo.transition(ctx.database.db, issuedBy, ['creating'], {
        status: 'completed',
        certificateId,
        updatedAt: ctx.clock.now,
      });
    }
    expect(await service().startRenewals()).toBe(2);
    const started = (await repo.listPage(ctx.database.db, { userId: owner.id }, { offset: 0, limit: 10 }))
      .filter((r) => r.renewalOf !== null)
      .map((r) => r.id);
    expect(started).toHaveLength(2);
    for (const id of started) {
      const job = await jobWithPayload(ctx.database, applicationJob.kind, 'applicationId', String(id));
      expect(job.runAt).toEqual(ctx.clock.now);
    }
    expect(await service().startRenewals()).toBe(0);
  });
});
