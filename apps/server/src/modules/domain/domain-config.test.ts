import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPki, type TestPki } from '../../../test/fixtures/certificates';
import { closedPort, createDomainHarness, type DomainHarness, segmentBodies } from '../../../test/fixtures/domains';
import type { TestUser } from '../../../test/fixtures/users';
import { dbKinds, rerunMigration } from '../../../test/helpers';
import { rowsOf } from '../../db/migrate';

describe.each(dbKinds)('domain configuration on %s', (kind) => {
  let h: DomainHarness;
  let pki: TestPki;
  let owner: TestUser;
  let counter = 0;

  beforeAll(async () => {
    pki = createTestPki();
    h = await createDomainHarness(kind);
    owner = await h.user();
  });
  afterAll(async () => {
    await h.close();
    pki.cleanup();
  });

  /** A fresh enabled domain of the owner. */
  async function enabledDomain(): Promise<{ id: number; name: string }> {
    const name = `www.cfg${++counter}.example.com`;
    const res = await h.create(owner, name);
    expect(res.statusCode, res.text).toBe(200);
    await h.settle();
    return { id: res.body.data.id, name };
  }

  const save = (id: number, segment: string, body: unknown, lang?: string) =>
    h.call(owner, 'POST', `/domain/config/${id}/${segment}`, body, lang);
  const config = async (id: number) => (await h.call(owner, 'GET', `/domain/config/${id}`)).body.data;

  it('starts a new domain with the spec defaults and its origin from creation', async () => {
    const { id, name } = await enabledDomain();
    const res = await h.call(owner, 'GET', `/domain/config/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({
      id,
      domainName: name,
      apexDomain: 'example.com',
      cname: `${name}.cdn.edgeward.net`,
      sources: [
        {
          originType: 'ipaddr',
          ipOrDomain: ['127.0.0.1'],
          httpPort: h.origin.port,
          httpsPort: 443,
          hostName: '',
          originProtocol: 'follow',
          ipv6Status: 'follow',
          verifyCertificate: 'off',
        },
      ],
      originProtocol: 'follow',
      rangeStatus: 'off',
      https: 'off',
      httpsConfig: { forceHttps: 'off', http2: 'off', certificate: null },
      quic: 'off',
      websocket: 'off',
      compress: { gzip: 'off', brotli: 'off' },
      cacheConfig: {
        ignoreUrlParameter: 'off',
        cachePrefresh: 'off',
        offlineCache: 'off',
        rules: [{ priority: 1, type: 'all', content: [], ttl: 30, unit: 'days', ignoreUrlParameter: 'off' }],
      },
      referer: { type: 'off', list: [], allowEmpty: true },
      ipFilter: { type: 'off', list: [] },
      userAgentFilter: { type: 'off', rules: [] },
      httpResponseHeader: { headers: [] },
      originRequestHeader: { headers: [] },
      forceRedirect: { type: 'off', statusCode: 302 },
      urlAuth: { status: 'off', type: 'type_a', key: '', backupKey: '', expireTime: 3600, signArg: 'sign' },
      requestLimits: { status: 'off', rules: [] },
      configVersion: 1,
      updatedAt: expect.any(Number),
    });
  });

  it('saves every segment, answers the whole config with the piece in it and rolls the change out', async () => {
    const { id } = await enabledDomain();
    const bodies = segmentBodies(h.origin.port);
    // biome-ignore lint/suspicious/noExplicitAny: picks pieces out of the response's config document
    const expected: Record<string, (c: any) => unknown> = {
      origin: (c) => c.sources[0].ipOrDomain,
      'range-switch': (c) => c.rangeStatus,
      'https-info': (c) => c.https,
      'ip-acl': (c) => c.ipFilter,
      'cache-rule': (c) => c.cacheConfig.rules.length,
      referer: (c) => c.referer.list,
      'response-header': (c) => c.httpResponseHeader.headers[0].name,
      'origin-protocol': (c) => [c.originProtocol, c.sources[0].originProtocol],
      'force-redirect': (c) => c.forceRedirect,
      'request-header': (c) => c.originRequestHeader.headers,
      'url-auth': (c) => c.urlAuth,
      'user-agent-filter': (c) => c.userAgentFilter,
      compression: (c) => c.compress,
      'rate-limit': (c) => c.requestLimits.rules[0],
      websocket: (c) => c.websocket,
    };
    const values: Record<string, unknown> = {
      origin: ['127.0.0.1'],
      'range-switch': 'on',
      'https-info': 'off',
      'ip-acl': { type: 'deny', list: ['10.0.0.0/8', '2001:db8::1'] },
      'cache-rule': 2,
      referer: ['*.example.com', 'example.org:8080'],
      'response-header': 'X-Cache-Info',
      'origin-protocol': ['http', 'http'],
      'force-redirect': { type: 'http', statusCode: 301 },
      'request-header': [{ name: 'X-From-Cdn', value: '1', action: 'set' }],
      'url-auth': { status: 'on', type: 'type_a', key: 'abcDEF123', backupKey: '', expireTime: 600, signArg: 'auth' },
      'user-agent-filter': { type: 'blacklist', rules: ['*curl*'] },
      compression: { gzip: 'on', brotli: 'off' },
      'rate-limit': { type: 'all', content: '', periodSeconds: 10, limit: 200, threshold: 0, action: 'block' },
      websocket: 'off',
    };
    let version = 1;
    for (const [segment, body] of Object.entries(bodies)) {
      const res = await save(id, segment, body);
      expect(res.statusCode, `${segment}: ${res.text}`).toBe(200);
      expect(expected[segment]!(res.body.data), segment).toEqual(values[segment]);
      expect(res.body.data.configVersion, segment).toBe(++version);
      // The answer is built from the save's own write: it is what a read right after answers.
      expect(res.body.data, segment).toEqual(await config(id));
    }
    expect(await h.status(owner, id)).toBe('configuring');
    await h.settle();
    expect(await h.status(owner, id)).toBe('enabled');
    const stored = await config(id);
    for (const segment of Object.keys(bodies)) expect(expected[segment]!(stored), segment).toEqual(values[segment]);
  });

  it.each([
    ['origin', { ipOrDomain: [] }, 'ipOrDomain', 'Please enter an IP address'],
    [
      'origin',
      { ipOrDomain: Array.from({ length: 16 }, (_, i) => `203.0.113.${i + 1}`) },
      'ipOrDomain',
      'Supports up to 15 origin IPs',
    ],
    ['origin', { ipOrDomain: ['1.2.3'] }, 'ipOrDomain.0', 'Please enter an ipv4 format address'],
    ['range-switch', { rangeSwitch: 'maybe' }, 'rangeSwitch', 'Input cannot be empty'],
    ['https-info', { https: 'off', http2: 'on' }, 'http2', 'Please enable HTTPS first'],
    [
      'ip-acl',
      { type: 'deny', list: ['10.0.0.1/8'] },
      'list.0',
      'Please enter the first address of the segment, e.g. 10.1.0.0/16',
    ],
    ['ip-acl', { type: 'allow', list: ['10.0.0.0/12'] }, 'list.0', 'Only the masks /8, /16, /24 and /32 are supported'],
    [
      'cache-rule',
      { rules: [{ priority: 1, type: 'path', content: ['/a'], ttl: 1 }] },
      'rules',
      'The all-files rule cannot be deleted',
    ],
    [
      'cache-rule',
      { rules: [{ priority: 101, type: 'all', ttl: 1 }] },
      'rules.0.priority',
      'Priority must be a whole number from 1 to 100',
    ],
    [
      'cache-rule',
      { rules: [{ priority: 1, type: 'all', ttl: 366, unit: 'days' }] },
      'rules.0.ttl',
      'The expiry can be at most 365 days',
    ],
    ['referer', { type: 'allow', list: ['example.com:70000'] }, 'list.0', 'The port must be between 1 and 65535'],
    [
      'response-header',
      { headers: [{ name: 'Host', value: 'x' }] },
      'headers.0.name',
      'This header is managed by the CDN and cannot be changed',
    ],
    [
      'request-header',
      {
        headers: [
          { name: 'X-A', value: '1' },
          { name: 'x-a', value: '2' },
        ],
      },
      'headers.1.name',
      'This header is already in use',
    ],
    [
      'request-header',
      { headers: [{ name: 'X-N', value: '1000000001' }] },
      'headers.0.value',
      'A numeric value must be between 0 and 1,000,000,000',
    ],
    ['origin-protocol', { originProtocol: 'ftp' }, 'originProtocol', 'Input cannot be empty'],
    ['force-redirect', { type: 'https', statusCode: 303 }, 'statusCode', 'The value is not valid'],
    ['url-auth', { status: 'on', key: 'abc' }, 'key', 'The key must be 6 to 32 letters and digits'],
    ['url-auth', { status: 'off', expireTime: 31_536_001 }, 'expireTime', 'The validity must be 1 to 31536000 seconds'],
    [
      'url-auth',
      { status: 'off', signArg: '1sign' },
      'signArg',
      'The parameter name must be 1 to 100 letters, digits or underscores and cannot start with a digit',
    ],
    ['user-agent-filter', { type: 'whitelist', rules: ['Mozilla?'] }, 'rules.0', 'Only * can be used as a wildcard'],
    ['user-agent-filter', { type: 'blacklist', rules: [] }, 'rules', 'Input cannot be empty'],
    ['compression', { gzip: 'on' }, 'brotli', 'Input cannot be empty'],
    ['rate-limit', { status: 'on', rules: [] }, 'rules', 'Input cannot be empty'],
    [
      'rate-limit',
      { status: 'on', rules: [{ type: 'path', content: 'a', periodSeconds: 1, limit: 1 }] },
      'rules.0.content',
      'A path must start with /',
    ],
  ])('refuses %s %j with the message on %s', async (segment, body, field, message) => {
    const { id } = await enabledDomainOnce();
    const res = await save(id, segment, body);
    expect(res.statusCode, res.text).toBe(400);
    expect(res.body.error).toBe('VALIDATION_FAILED');
    expect(res.body.fields?.[field], res.text).toBe(message);
    expect((await config(id)).configVersion).toBe(1);
  });

  let shared: { id: number; name: string } | undefined;
  async function enabledDomainOnce() {
    shared ??= await enabledDomain();
    return shared;
  }

  it("answers validation messages in the caller's language (请先开启HTTPS)", async () => {
    const { id } = await enabledDomainOnce();
    const res = await save(id, 'https-info', { https: 'off', http2: 'on' }, 'zh-CN');
    expect(res.body.fields).toEqual({ http2: '请先开启HTTPS' });
  });

  it.each([
    [
      'a UA filter with both lists',
      'user-agent-filter',
      { type: 'both', rules: ['curl*'] },
      'type',
      'Use either a blacklist or a whitelist: only one can be on at a time',
      'UA 黑名单和白名单只能二选一，同一时间只能启用一个',
    ],
    [
      'a UA filter without a type',
      'user-agent-filter',
      { rules: ['curl*'] },
      'type',
      'Input cannot be empty',
      '输入不能为空',
    ],
    [
      'a referer with port 0',
      'referer',
      { type: 'deny', list: ['example.org:0'] },
      'list.0',
      'The port must be between 1 and 65535',
      '端口须在 1 到 65535 之间',
    ],
    [
      'a rate limit slower than one request a minute',
      'rate-limit',
      { status: 'on', rules: [{ type: 'all', periodSeconds: 3600, limit: 1 }] },
      'rules.0.periodSeconds',
      'The edge enforces at least one request per minute: make the period at most 60 seconds, or raise the value',
      '边缘节点限速最低为每分钟 1 次请求：请将周期设为不超过 60 秒，或调高取值',
    ],
  ])('names the broken rule for %s', async (_label, segment, body, field, en, zh) => {
    const { id } = await enabledDomainOnce();
    expect((await save(id, segment, body)).body.fields).toEqual({ [field]: en });
    expect((await save(id, segment, body, 'zh-CN')).body.fields).toEqual({ [field]: zh });
  });

  it("verifies the origin's certificate only when switched on: off for a new domain, kept by a protocol save", async () => {
    const created = await enabledDomain();
    expect((await config(created.id)).sources[0].verifyCertificate).toBe('off');
    const { id } = created;
    const origin = { ipOrDomain: ['127.0.0.1'], httpPort: h.origin.port };
    const on = await save(id, 'origin', { ...origin, verifyCertificate: 'on' });
    expect(on.statusCode, on.text).toBe(200);
    expect(on.body.data.sources[0].verifyCertificate).toBe('on');
    const protocol = await save(id, 'origin-protocol', { originProtocol: 'http' });
    expect(protocol.body.data.sources[0]).toMatchObject({ originProtocol: 'http', verifyCertificate: 'on' });
    // Like every field of the origin body, left out it takes its default.
    expect((await save(id, 'origin', origin)).body.data.sources[0].verifyCertificate).toBe('off');

    const bad = { ...origin, verifyCertificate: 'yes' };
    expect((await save(id, 'origin', bad)).body).toMatchObject({
      code: 400,
      fields: { verifyCertificate: 'The value is not valid' },
    });
    expect((await save(id, 'origin', bad, 'zh-CN')).body.fields).toEqual({ verifyCertificate: '输入的值无效' });
  });

  it('migration 0022 writes the switch off into stored configurations and marks the domains the edge serves', async () => {
    const { id } = await enabledDomain();
    const creating = (await h.create(owner, `www.cfg${++counter}.example.com`)).body.data.id;
    const { db } = h.ctx.database;
    const file = '0022_edge_serving_origin_verify.sql';
    // The database as it was before 0022: no column, no switch in the documents.
    await db.execute(sql`ALTER TABLE domains DROP COLUMN edge_serving`);
    await db.execute(sql`UPDATE domain_configs SET config = config #- '{sources,0,verifyCertificate}'`);
    expect(await rerunMigration(h.ctx.database, file)).toEqual([file]);
    expect((await config(id)).sources[0].verifyCertificate).toBe('off');
    const serving = await db.execute(
      sql`SELECT id::int AS id, edge_serving AS serving FROM domains WHERE id IN (${id}, ${creating}) ORDER BY id`,
    );
    expect(rowsOf(serving)).toEqual([
      { id, serving: true },
      { id: creating, serving: false },
    ]);
  });

  describe('server-side rules', () => {
    it('origin: not the acceleration domain, reachable, and its protocol port reachable', async () => {
      const { id, name } = await enabledDomain();
      h.dns.setA(name, ['127.0.0.1']);
      const same = await save(id, 'origin', { ipOrDomain: [name], httpPort: h.origin.port });
      expect(same.statusCode).toBe(400);
      expect(same.body.fields).toEqual({ 'ipOrDomain.0': 'The origin domain cannot be the acceleration domain' });
      const dead = await save(id, 'origin', { ipOrDomain: ['127.0.0.1'], httpPort: await closedPort() });
      expect(dead.body).toMatchObject({
        error: 'ORIGIN_UNREACHABLE',
        message: "Your origin server didn't pass the validation, please click the validation button to retry",
      });
      const https = await save(id, 'origin-protocol', { originProtocol: 'https' });
      expect(https.body.error).toBe('ORIGIN_UNREACHABLE');
      const ok = await save(id, 'origin', {
        ipOrDomain: ['127.0.0.1'],
        httpPort: h.origin.port,
        hostName: 'origin.host',
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.body.data.sources[0]).toMatchObject({ hostName: 'origin.host', originType: 'ipaddr' });
      expect(h.origin.hosts).toContain('origin.host');
      expect((await config(id)).configVersion).toBe(2);
    });

    it('force-redirect to https needs HTTPS on; forced HTTPS and the redirect stay one switch', async () => {
      const { id, name } = await enabledDomain();
      const refused = await save(id, 'force-redirect', { type: 'https' });
      expect(refused.statusCode).toBe(400);
      expect(refused.body.fields).toEqual({ type: 'Please enable HTTPS first' });
      const zh = await save(id, 'force-redirect', { type: 'https' }, 'zh-CN');
      expect(zh.body.fields).toEqual({ type: '请先开启HTTPS' });

      const leaf = pki.issue([name]);
      const on = await save(id, 'https-info', {
        https: 'on',
        forceHttps: 'on',
        certificate: { name: 'my cert', certificate: leaf.chain, privateKey: leaf.key },
      });
      expect(on.statusCode, on.text).toBe(200);
      expect(on.body.data.forceRedirect).toEqual({ type: 'https', statusCode: 302 });
      const http = await save(id, 'force-redirect', { type: 'http', statusCode: 301 });
      expect(http.body.data.httpsConfig.forceHttps).toBe('off');
      const back = await save(id, 'force-redirect', { type: 'https', statusCode: 301 });
      expect(back.body.data.httpsConfig.forceHttps).toBe('on');
      const off = await save(id, 'https-info', { https: 'on', forceHttps: 'off' });
      expect(off.body.data.forceRedirect).toEqual({ type: 'off', statusCode: 301 });
    });

    it('websocket is a paid add-on', async () => {
      const { id } = await enabledDomainOnce();
      const res = await save(id, 'websocket', { websocket: 'on' });
      expect(res.statusCode).toBe(403);
      expect(res.body).toMatchObject({
        error: 'ADDON_REQUIRED',
        message: 'This is a paid add-on: buy the add-on package first',
      });
    });

    it('refuses settings while the domain is being deleted or the account is not verified', async () => {
      const { id } = await enabledDomain();
      await h.call(owner, 'POST', '/domain/disable', { id });
      const before = (await h.call(owner, 'GET', `/domain/${id}/detail`)).body.data;
      h.ctx.clock.advance(60_000);
      const disabled = await save(id, 'range-switch', { rangeSwitch: 'on' });
      expect(disabled.statusCode).toBe(200);
      // The domain's own change time follows its status; the settings' time is the configuration's.
      expect(disabled.body.data.updatedAt).toBe(before.updatedAt + 60_000);
      expect((await h.call(owner, 'GET', `/domain/${id}/detail`)).body.data).toMatchObject({
        status: 'disabled',
        updatedAt: before.updatedAt,
      });
      await h.call(owner, 'POST', '/domain/delete', { id });
      const deleting = await save(id, 'range-switch', { rangeSwitch: 'off' });
      expect(deleting.statusCode).toBe(409);
      expect(deleting.body.error).toBe('DOMAIN_STATE_CONFLICT');
      // A segment with a slow check refuses the status before it reaches the origin.
      const unreachable = await save(id, 'origin', { ipOrDomain: ['127.0.0.1'], httpPort: await closedPort() });
      expect(unreachable.body.error).toBe('DOMAIN_STATE_CONFLICT');

      const { id: live } = await enabledDomainOnce();
      await h.ctx.database.db.execute(sql`UPDATE users SET real_name_verified = false WHERE id = ${owner.id}`);
      try {
        const res = await save(live, 'range-switch', { rangeSwitch: 'on' });
        expect(res.statusCode).toBe(403);
        expect(res.body.error).toBe('REAL_NAME_REQUIRED');
      } finally {
        await h.ctx.database.db.execute(sql`UPDATE users SET real_name_verified = true WHERE id = ${owner.id}`);
      }
    });
  });

  describe('HTTPS certificates', () => {
    it('needs a certificate to turn HTTPS on', async () => {
      const { id } = await enabledDomainOnce();
      const res = await save(id, 'https-info', { https: 'on' });
      expect(res.statusCode).toBe(400);
      expect(res.body.fields).toEqual({ certificate: 'Please upload a certificate to enable HTTPS' });
    });

    it('installs a valid chain, shows only what it is and keeps the key on the server', async () => {
      const { id, name } = await enabledDomain();
      const leaf = pki.issue([name, `static.${name}`]);
      const res = await save(id, 'https-info', {
        https: 'on',
        http2: 'on',
        certificate: { name: 'site cert', certificate: leaf.chain, privateKey: leaf.key },
      });
      expect(res.statusCode, res.text).toBe(200);
      expect(res.body.data).toMatchObject({ https: 'on', httpsConfig: { http2: 'on', forceHttps: 'off' } });
      expect(res.body.data.httpsConfig.certificate).toEqual({
        name: 'site cert',
        subjects: [name, `static.${name}`],
        issuer: 'CN=Edgeward Test main CA',
        notBefore: expect.any(Number),
        notAfter: expect.any(Number),
      });
      for (const text of [res.text, (await h.call(owner, 'GET', `/domain/config/${id}`)).text]) {
        expect(text).not.toContain('PRIVATE KEY');
        expect(text).not.toContain('BEGIN CERTIFICATE');
      }
      const stored = rowsOf<{ key: string; cert: string }>(
        await h.ctx.database.db.execute(
          sql`SELECT https_private_key AS key, https_certificate AS cert FROM domain_configs WHERE domain_id = ${id}`,
        ),
      )[0]!;
      expect(stored.key).toBe(leaf.key.trim());
      expect(stored.cert).toBe(leaf.chain.trim());
      // The configuration document is read by every settings call and sent to the edge as it is: no PEM in it.
      const [document] = rowsOf<{ config: string }>(
        await h.ctx.database.db.execute(sql`SELECT config::text AS config FROM domain_configs WHERE domain_id = ${id}`),
      );
      const keyBody = leaf.key.split('\n').find((line) => line.length > 40)!;
      expect(document!.config).not.toContain('PRIVATE KEY');
      expect(document!.config).not.toContain(JSON.stringify(keyBody).slice(1, -1));
      expect(document!.config).not.toContain('BEGIN CERTIFICATE');
      expect(
        (await h.call(owner, 'GET', '/domain/list')).body.data.list.find((d: { id: number }) => d.id === id).https,
      ).toBe('on');

      // Off and on again without sending the certificate keeps the installed one.
      await save(id, 'https-info', { https: 'off' });
      const again = await save(id, 'https-info', { https: 'on' });
      expect(again.statusCode).toBe(200);
      expect(again.body.data.httpsConfig.certificate.name).toBe('site cert');
    });

    const refusals: [string, (name: string) => { certificate: string; privateKey: string }, string, string][] = [
      [
        'a key of another certificate',
        (name) => ({ certificate: pki.issue([name]).chain, privateKey: pki.issue([name]).key }),
        'certificate.privateKey',
        'The private key does not match the certificate',
      ],
      [
        'the intermediate pasted before the certificate of the key',
        (name) => {
          const leaf = pki.issue([name], { ca: 'intermediate' });
          return { certificate: pki.intermediateCert + leaf.cert, privateKey: leaf.key };
        },
        'certificate.certificate',
        'The chain is in the wrong order: the certificate that matches the private key must come first, then each intermediate',
      ],
      [
        'an encrypted key',
        (name) => {
          const leaf = pki.issue([name]);
          return { certificate: leaf.chain, privateKey: pki.encrypt(leaf.key) };
        },
        'certificate.privateKey',
        'The private key must not have a password',
      ],
      [
        'a chain in which a certificate is not issued by the next',
        (name) => {
          const leaf = pki.issue([name], { ca: 'other' });
          return { certificate: leaf.cert + pki.caCert, privateKey: leaf.key };
        },
        'certificate.certificate',
        'The certificate chain is incomplete or in the wrong order',
      ],
      [
        'an expired certificate',
        (name) => {
          const leaf = pki.issue([name], { startDate: '20200101000000Z', endDate: '20200102000000Z' });
          return { certificate: leaf.chain, privateKey: leaf.key };
        },
        'certificate.certificate',
        'The certificate has expired',
      ],
      [
        'a certificate not valid yet',
        (name) => {
          const leaf = pki.issue([name], { startDate: '20990101000000Z', endDate: '20991231000000Z' });
          return { certificate: leaf.chain, privateKey: leaf.key };
        },
        'certificate.certificate',
        'The certificate is not valid yet',
      ],
      [
        'a certificate for another domain',
        () => {
          const leaf = pki.issue(['www.somewhere-else.com']);
          return { certificate: leaf.chain, privateKey: leaf.key };
        },
        'certificate.certificate',
        'The certificate does not cover this domain',
      ],
    ];

    it.each(refusals)('refuses %s', async (_label, make, field, message) => {
      const { id, name } = await enabledDomainOnce();
      const res = await save(id, 'https-info', { https: 'on', certificate: { name: 'bad cert', ...make(name) } });
      expect(res.statusCode).toBe(400);
      expect(res.body.fields).toEqual({ [field]: message });
      expect(res.body.message).toBe(message);
      expect((await config(id)).https).toBe('off');
    });

    it('answers certificate problems in Chinese too', async () => {
      const { id } = await enabledDomainOnce();
      const leaf = pki.issue(['www.somewhere-else.com']);
      const res = await save(
        id,
        'https-info',
        { https: 'on', certificate: { name: 'bad cert', certificate: leaf.chain, privateKey: leaf.key } },
        'zh-CN',
      );
      expect(res.body.message).toBe('证书不包含该域名');
    });
  });

  it('keeps both pieces when two are saved at the same moment', async () => {
    const { id } = await enabledDomain();
    const [a, b] = await Promise.all([
      save(id, 'compression', { gzip: 'on', brotli: 'on' }),
      save(id, 'range-switch', { rangeSwitch: 'on' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.body.data.configVersion, b.body.data.configVersion].sort()).toEqual([2, 3]);
    const [c, d] = await Promise.all([
      save(id, 'cache-rule', { rules: [{ priority: 5, type: 'all', ttl: 2, unit: 'hours' }] }),
      save(id, 'referer', { type: 'deny', list: ['bad.example'] }),
    ]);
    expect([c.statusCode, d.statusCode]).toEqual([200, 200]);
    const stored = await config(id);
    expect(stored.compress).toEqual({ gzip: 'on', brotli: 'on' });
    expect(stored.rangeStatus).toBe('on');
    expect(stored.cacheConfig.rules[0]).toMatchObject({ priority: 5, ttl: 2, unit: 'hours' });
    expect(stored.referer).toEqual({ type: 'deny', list: ['bad.example'], allowEmpty: true });
    expect(stored.configVersion).toBe(5);
  });
});
