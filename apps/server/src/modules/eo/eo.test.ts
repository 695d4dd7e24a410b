import type { CdnType } from '@edgeward/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPki } from '../../../test/fixtures/certificates';
import { closedPort, createDomainHarness, type DomainHarness } from '../../../test/fixtures/domains';
import { logLine } from '../../../test/fixtures/traffic';
import type { TestUser } from '../../../test/fixtures/users';
import { dbKinds } from '../../../test/helpers';
import { setCdnTypeById } from '../account/cdn-type';
import { eoCommands } from './eo.commands';

const TOKEN = 'edge-token-eo-0123456789abcdef';
const FORBIDDEN = { code: 403, error: 'FORBIDDEN' };
const NOT_FOUND = { code: 404, error: 'NOT_FOUND' };

const securityPolicy = {
  referer: { type: 'allow', list: ['*.example.com'] },
  ipFilter: { type: 'deny', list: ['10.0.0.0/8'] },
  userAgentFilter: { type: 'blacklist', rules: ['*curl*'] },
  adaptiveFrequencyControl: { status: 'on', level: 'strict' },
  clientFiltering: {
    status: 'on',
    uaClasses: ['scanner'],
    blockEmptyUa: true,
    knownTools: ['wget'],
    allowRules: ['*Uptime*'],
  },
  bandwidthAbuseDefense: { status: 'on', thresholdMb: 500, windowSeconds: 60, rateCapKbps: 256 },
  slowAttackDefense: { status: 'on', minBodyRate: 200, headerTimeoutSeconds: 5, bodyTimeoutSeconds: 20 },
};

describe.each(dbKinds)('edge-platform domains on %s', (kind) => {
  let h: DomainHarness;
  beforeAll(async () => {
    h = await createDomainHarness(kind, { EDGE_NODE_TOKENS: `edge-1:${TOKEN}` });
  });
  afterAll(() => h.close());

  async function userOf(cdnType: CdnType): Promise<TestUser> {
    const user = await h.user();
    await setCdnTypeById(h.ctx.database.db, user.id, cdnType, new Date());
    return user;
  }

  async function eoDomain(user: TestUser, name: string): Promise<number> {
    await h.verify(user, name);
    const res = await h.call(user, 'POST', '/eo/domain', {
      domainName: name,
      type: 'web',
      origin: { ipOrDomain: ['127.0.0.1'], httpPort: h.origin.port },
    });
    expect(res.statusCode, res.text).toBe(200);
    return res.body.data.id;
  }

  /** Every eo call with a valid body, for the guard and tenancy checks. */
  const eoCalls = (id: number): [string, string, unknown?][] => [
    ['GET', `/eo/domain/${id}`],
    ['POST', `/eo/domain/${id}/enable`],
    ['POST', `/eo/domain/${id}/disable`],
    ['POST', `/eo/domain/${id}/https`, { https: 'off' }],
    ['POST', `/eo/domain/${id}/config`, { rangeStatus: 'on' }],
    ['POST', `/eo/domain/${id}/security`, securityPolicy],
    ['POST', `/eo/domain/${id}/source`, { ipOrDomain: ['127.0.0.1'], httpPort: h.origin.port }],
    ['DELETE', `/eo/domain/${id}`],
  ];

  it('answers 403 to a CDN-only user on every eo call, and to an eo-only user on the CDN domain calls', async () => {
    const cdn = await userOf('cdn');
    const eo = await userOf('eo');
    const id = await eoDomain(eo, 'www.guard-eo.com');
    const calls: [string, string, unknown?][] = [
      ['GET', '/eo/domain/list'],
      ['POST', '/eo/domain', { domainName: 'x.guard-eo.com', type: 'web', origin: { ipOrDomain: ['127.0.0.1'] } }],
      ['GET', '/eo/domain/export'],
      ['GET', '/eo/domain/statistics?startTime=0&endTime=3600000&granularity=1h'],
      ['GET', '/eo/domain/bs-statistics?startTime=0&endTime=3600000&granularity=1h'],
      ['GET', '/eo/domain/hit-rate-statistics?startTime=0&endTime=3600000&granularity=1h'],
      ['GET', '/eo/domain/my-statistics-domain?startTime=0&endTime=3600000&granularity=1h'],
      ['GET', '/user/eo-home'],
      ...eoCalls(id),
    ];
    for (const [method, url, body] of calls) {
      const res = await h.call(cdn, method as 'GET', url, body);
      expect([url, res.statusCode, res.body]).toMatchObject([url, 403, FORBIDDEN]);
    }
    const cdnCalls = ['/domain/list', '/domain/export', `/domain/${id}/detail`, `/domain/config/${id}`, '/user/home'];
    for (const url of [...cdnCalls, '/user/my_statistics_domain?startTime=0&endTime=3600000&granularity=1h']) {
      const res = await h.call(eo, 'GET', url);
      expect([url, res.statusCode]).toEqual([url, 403]);
    }
    // The add-domain flow's apex proof, limit and types serve both variants.
    const record = await h.call(eo, 'GET', '/domain/query-create-verify-record?domainName=new.guard-eo.com');
    expect(record.statusCode).toBe(200);
    expect((await h.call(eo, 'GET', '/domain/limit')).body.data).toMatchObject({ used: 1 });
    expect((await h.call(eo, 'GET', '/domain/type')).statusCode).toBe(200);
  });

  it('keeps the variants apart: own list, 404 across variants and users, one name for one variant', async () => {
    const both = await userOf('all');
    const other = await userOf('all');
    const eoId = await eoDomain(both, 'www.apart-eo.com');
    const cdnRes = await h.create(both, 'cdn.apart-eo.com');
    expect(cdnRes.statusCode, cdnRes.text).toBe(200);
    const cdnId = cdnRes.body.data.id;

    const eoList = await h.call(both, 'GET', '/eo/domain/list');
    expect(eoList.body.data).toMatchObject({ total: 1, list: [{ id: eoId, domainName: 'www.apart-eo.com' }] });
    const cdnList = await h.call(both, 'GET', '/domain/list');
    expect(cdnList.body.data).toMatchObject({ total: 1, list: [{ id: cdnId }] });

    expect((await h.call(both, 'GET', `/eo/domain/${cdnId}`)).body).toMatchObject(NOT_FOUND);
    expect((await h.call(both, 'GET', `/domain/${eoId}/detail`)).body).toMatchObject(NOT_FOUND);
    expect((await h.call(both, 'POST', `/domain/config/${eoId}/rate-limit`, { status: 'off' })).body).toMatchObject(
      NOT_FOUND,
    );
    // A CDN segment with a slow check answers 404 before it reaches the origin.
    const origin = { ipOrDomain: ['127.0.0.1'], httpPort: await closedPort() };
    expect((await h.call(both, 'POST', `/domain/config/${eoId}/origin`, origin)).body).toMatchObject(NOT_FOUND);
    for (const [method, url, body] of eoCalls(eoId)) {
      const res = await h.call(other, method as 'GET', url, body);
      expect([url, res.body]).toMatchObject([url, NOT_FOUND]);
    }
    // Another user's list, export and statistics never show the domain; naming it answers 404.
    expect((await h.call(other, 'GET', '/eo/domain/list')).body.data.total).toBe(0);
    expect((await h.call(other, 'GET', '/eo/domain/export')).text).not.toContain('www.apart-eo.com');
    const range = 'startTime=0&endTime=86400000&granularity=1h&domainNames=www.apart-eo.com';
    for (const path of ['statistics', 'bs-statistics', 'hit-rate-statistics', 'my-statistics-domain']) {
      expect((await h.call(other, 'GET', `/eo/domain/${path}?${range}`)).body).toMatchObject(NOT_FOUND);
    }

    const taken = await h.call(both, 'POST', '/eo/domain', {
      domainName: 'cdn.apart-eo.com',
      type: 'web',
      origin: { ipOrDomain: ['127.0.0.1'], httpPort: h.origin.port },
    });
    expect(taken.body).toMatchObject({ error: 'DOMAIN_TAKEN' });

    const csv = await h.call(both, 'GET', '/eo/domain/export');
    expect(csv.statusCode).toBe(200);
    expect(String(csv.headers['content-type'])).toContain('text/csv');
    expect(csv.text).toContain('www.apart-eo.com');
    expect(csv.text).not.toContain('cdn.apart-eo.com');
  });

  it('saves the four parts and answers them, with the CDN rules on the shared fields', async () => {
    const eo = await userOf('eo');
    const id = await eoDomain(eo, 'www.parts-eo.com');
    const detail = await h.call(eo, 'GET', `/eo/domain/${id}`);
    expect(detail.body.data).toMatchObject({
      id,
      domainName: 'www.parts-eo.com',
      sourceConfig: { sources: [{ ipOrDomain: ['127.0.0.1'] }] },
      httpsConfig: { https: 'off' },
      securityPolicy: {
        adaptiveFrequencyControl: { status: 'off', level: 'moderate' },
        slowAttackDefense: { status: 'off', minBodyRate: 128 },
        baseline: null,
      },
    });
    await h.settle();

    const security = await h.call(eo, 'POST', `/eo/domain/${id}/security`, securityPolicy);
    expect(security.statusCode, security.text).toBe(200);
    expect(security.body.data.securityPolicy).toMatchObject({
      ...securityPolicy,
      referer: { type: 'allow', list: ['*.example.com'], allowEmpty: true },
      adaptiveFrequencyControl: { status: 'on', level: 'strict', action: 'block' },
    });
    await h.settle();

    const config = await h.call(eo, 'POST', `/eo/domain/${id}/config`, {
      compress: { gzip: 'on', brotli: 'on' },
      requestLimits: { status: 'on', rules: [{ type: 'all', periodSeconds: 10, limit: 200 }] },
    });
    expect(config.statusCode, config.text).toBe(200);
    expect(config.body.data.domainConfig).toMatchObject({
      compress: { gzip: 'on', brotli: 'on' },
      requestLimits: { status: 'on' },
      rangeStatus: 'off',
    });
    // The security policy is left as it was by another part's save.
    expect(config.body.data.securityPolicy.clientFiltering.status).toBe('on');
    await h.settle();

    const source = await h.call(eo, 'POST', `/eo/domain/${id}/source`, {
      ipOrDomain: ['127.0.0.1'],
      httpPort: h.origin.port,
      originProtocol: 'http',
      verifyCertificate: 'on',
    });
    expect(source.body.data.sourceConfig).toMatchObject({ originProtocol: 'http' });
    expect(source.body.data.sourceConfig.sources[0].verifyCertificate).toBe('on');
    await h.settle();

    const https = await h.call(eo, 'POST', `/eo/domain/${id}/https`, { https: 'on' });
    expect(https.body).toMatchObject({ code: 400, fields: { certificate: expect.any(String) } });

    const badReferer = await h.call(eo, 'POST', `/eo/domain/${id}/security`, {
      ...securityPolicy,
      referer: { type: 'allow', list: ['not a host'] },
    });
    expect(badReferer.body).toMatchObject({ code: 400, fields: { 'referer.list.0': expect.any(String) } });
    const empty = await h.call(eo, 'POST', `/eo/domain/${id}/config`, {});
    expect(empty.statusCode).toBe(400);

    const disabled = await h.call(eo, 'POST', `/eo/domain/${id}/disable`);
    expect(disabled.body.data).toMatchObject({ id, status: 'disabled' });
    const enabled = await h.call(eo, 'POST', `/eo/domain/${id}/enable`);
    expect(enabled.body.data).toMatchObject({ id });
    await h.settle();
    await h.call(eo, 'POST', `/eo/domain/${id}/disable`);
    await h.settle();
    const deleted = await h.call(eo, 'DELETE', `/eo/domain/${id}`);
    expect(deleted.body.data).toMatchObject({ id, status: 'deleting' });
  });

  it("answers statistics over the eo domains only, and computes the baseline from the domain's own traffic", async () => {
    const both = await userOf('all');
    const eoId = await eoDomain(both, 'www.stats-eo.com');
    expect((await h.create(both, 'cdn.stats-eo.com')).statusCode).toBe(200);
    const now = h.ctx.clock.now.getTime();
    const at = now - 60 * 60_000;
    const lines = [
      ...Array.from({ length: 60 }, () => logLine(at, 'www.stats-eo.com')),
      ...Array.from({ length: 5 }, () => logLine(at, 'cdn.stats-eo.com')),
    ].join('\n');
    const posted = await h.ctx.app.inject({
      method: 'POST',
      url: '/api/edge/logs',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/x-ndjson' },
      payload: lines,
    });
    expect(posted.statusCode, posted.body).toBe(200);
    await h.ctx.app.jobs.runDue();

    const range = `startTime=${now - 86_400_000}&endTime=${now}&granularity=1h`;
    const mine = await h.call(both, 'GET', `/eo/domain/my-statistics-domain?${range}`);
    expect(mine.body.data.list.map((d: { domainName: string }) => d.domainName)).toEqual(['www.stats-eo.com']);
    const series = await h.call(both, 'GET', `/eo/domain/statistics?${range}`);
    expect(series.statusCode, series.text).toBe(200);
    const requests = series.body.data.list ?? series.body.data;
    expect(JSON.stringify(requests)).toContain('60');
    expect((await h.call(both, 'GET', `/eo/domain/bs-statistics?${range}`)).statusCode).toBe(200);
    expect((await h.call(both, 'GET', `/eo/domain/hit-rate-statistics?${range}`)).statusCode).toBe(200);
    const cdnName = await h.call(both, 'GET', `/eo/domain/statistics?${range}&domainNames=cdn.stats-eo.com`);
    expect(cdnName.body).toMatchObject(NOT_FOUND);
    const home = await h.call(both, 'GET', '/user/eo-home');
    expect(home.body.data.requests.value).toBe(60);

    await h.ctx.app.schedules.tick();
    await h.ctx.app.jobs.runDue();
    const detail = await h.call(both, 'GET', `/eo/domain/${eoId}`);
    expect(detail.body.data.securityPolicy.baseline).toMatchObject({ peakPer10s: 2, averagePer10s: 1 });
  });

  it('takes a certificate of the shared list: deployed to an eo domain, it turns HTTPS on there', async () => {
    const user = await userOf('all');
    const id = await eoDomain(user, 'www.cert-eo.com');
    await h.settle();
    const pki = createTestPki();
    try {
      const leaf = pki.issue(['www.cert-eo.com']);
      const upload = await h.call(user, 'POST', '/certificate/upload', {
        name: 'shared-cert',
        certificate: leaf.chain,
        privateKey: leaf.key,
      });
      expect(upload.statusCode, upload.text).toBe(200);
      const certificateId = upload.body.data.id;
      const covered = await h.call(user, 'GET', `/certificate/${certificateId}/domains`);
      expect(covered.body.data).toEqual([{ id, domainName: 'www.cert-eo.com', deployed: false }]);
      const deployed = await h.call(user, 'POST', `/certificate/${certificateId}/deploy`, { domainIds: [id] });
      expect(deployed.body.data.results).toMatchObject([{ domainId: id, ok: true }]);
      const detail = (await h.call(user, 'GET', `/eo/domain/${id}`)).body.data;
      expect(JSON.stringify(detail)).toContain('shared-cert');
    } finally {
      pki.cleanup();
    }
  });

  it('lets the operator set the cdnType', async () => {
    const user = await userOf('cdn');
    const run = async (...args: string[]) => {
      const out: string[] = [];
      await eoCommands[0]!.run(args, {
        database: h.ctx.database,
        config: h.ctx.config,
        providers: h.ctx.app.areaContext.providers,
        now: () => h.ctx.clock.now,
        out: (line) => out.push(line),
      });
      return out;
    };
    expect((await h.call(user, 'GET', '/eo/domain/list')).statusCode).toBe(403);
    expect(await run(user.userName, 'eo')).toEqual([`${user.userName} now has cdnType eo`]);
    expect((await h.call(user, 'GET', '/eo/domain/list')).statusCode).toBe(200);
    expect((await h.call(user, 'GET', '/domain/list')).statusCode).toBe(403);
    const profile = await h.call(user, 'GET', '/user/profile');
    expect(profile.body.data.cdnType).toBe('eo');
    await expect(run(user.userName, 'both')).rejects.toThrow(/cdn, eo, all/);
    await expect(run('nobody-here', 'all')).rejects.toThrow(/no user/);
  });
});
