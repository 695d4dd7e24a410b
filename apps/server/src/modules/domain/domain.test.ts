import { domainRoutes } from '@edgeward/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, createDomainHarness, type DomainHarness, segmentBodies } from '../../../test/fixtures/domains';
import type { TestUser } from '../../../test/fixtures/users';
import { dbKinds } from '../../../test/helpers';
import { buildApp } from '../../app';
import { domainPorts } from '../index';
import { domainCommands } from './domain.commands';

const NOT_FOUND = { code: 404, message: 'Not found', data: null, error: 'NOT_FOUND' };

describe.each(dbKinds)('domains on %s', (kind) => {
  let h: DomainHarness;
  beforeAll(async () => {
    h = await createDomainHarness(kind, {
      DOMAIN_LIMIT: '4',
      WHOLE_SITE_LIMIT: '1',
      EDGE_SANDBOX_FAIL_PATTERN: '^broken\\.',
    });
  });
  afterAll(() => h.close());

  /** Runs an operator command as `npm run ops` would, over the test database and clock. */
  async function ops(...argv: string[]): Promise<string[]> {
    const words = argv.join(' ');
    const command = [...domainCommands(domainPorts)]
      .sort((a, b) => b.name.length - a.name.length)
      .find((c) => words === c.name || words.startsWith(`${c.name} `));
    if (!command) throw new Error(`no command for ${words}`);
    const out: string[] = [];
    await command.run(argv.slice(command.name.split(' ').length), {
      database: h.ctx.database,
      config: h.ctx.config,
      providers: h.ctx.app.areaContext.providers,
      now: () => h.ctx.clock.now,
      out: (line) => out.push(line),
    });
    return out;
  }

  async function created(user: TestUser, name: string, extra?: Parameters<DomainHarness['create']>[2]) {
    const res = await h.create(user, name, extra);
    expect(res.statusCode, res.text).toBe(200);
    return res.body.data.id as number;
  }

  describe('create', () => {
    it('refuses a domain whose apex is not verified', async () => {
      const a = await h.user();
      const res = await h.call(a, 'POST', '/domain/create', {
        domainName: 'unverified.com',
        type: 'web',
        origin: { ipOrDomain: ['127.0.0.1'], httpPort: h.origin.port },
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toMatchObject({
        error: 'DOMAIN_NOT_VERIFIED',
        message: 'Please verify ownership of the domain with the DNS record first',
      });
    });

    it('normalizes the name, checks the origin with the Host header and rolls out to the edge', async () => {
      const a = await h.user();
      const before = h.origin.hosts.length;
      const res = await h.create(a, '  WWW.Create-One.COM. ');
      expect(res.statusCode, res.text).toBe(200);
      expect(res.body.data).toMatchObject({
        domainName: 'www.create-one.com',
        apexDomain: 'create-one.com',
        status: 'creating',
        cname: '',
        type: 'web',
        https: 'off',
        originType: 'ipaddr',
        origins: ['127.0.0.1'],
        configVersion: 1,
        statusReason: null,
      });
      expect(h.origin.hosts.slice(before)).toContain('www.create-one.com');
      await h.ctx.app.jobs.runDue();
      expect(await h.status(a, res.body.data.id)).toBe('creating');
      h.ctx.clock.advance(h.delayMs);
      await h.ctx.app.jobs.runDue();
      const detail = await h.call(a, 'GET', `/domain/${res.body.data.id}/detail`);
      expect(detail.body.data).toMatchObject({ status: 'enabled', cname: 'www.create-one.com.cdn.edgeward.net' });
    });

    it('converts internationalized names to punycode', async () => {
      const a = await h.user();
      const res = await h.create(a, '测试.idn-test.com');
      expect(res.statusCode, res.text).toBe(200);
      expect(res.body.data.domainName).toBe('xn--0zwm56d.idn-test.com');
    });

    it('refuses a name any account already has, with a clear message', async () => {
      const a = await h.user();
      const b = await h.user();
      await created(a, 'taken.com');
      const again = await h.create(a, 'taken.com');
      expect(again.statusCode).toBe(409);
      expect(again.body).toMatchObject({ error: 'DOMAIN_TAKEN', message: 'This domain name has already been added' });
      const other = await h.create(b, 'TAKEN.com');
      expect(other.statusCode).toBe(409);
      expect(other.body.error).toBe('DOMAIN_TAKEN');
      const zh = await h.call(
        b,
        'POST',
        '/domain/create',
        {
          domainName: 'taken.com',
          type: 'web',
          origin: { ipOrDomain: ['127.0.0.1'], httpPort: h.origin.port },
        },
        'zh-CN',
      );
      expect(zh.body.message).toBe('该域名已被添加');
    });

    it('keeps the name unique when two accounts create it at the same moment', async () => {
      const a = await h.user();
      const b = await h.user();
      await h.verify(a, 'race.com');
      await h.verify(b, 'race.com');
      const body = {
        domainName: 'race.com',
        type: 'web',
        origin: { ipOrDomain: ['127.0.0.1'], httpPort: h.origin.port },
      };
      const results = await Promise.all([
        h.call(a, 'POST', '/domain/create', body),
        h.call(b, 'POST', '/domain/create', body),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    });

    it('answers used and max, and refuses creating past the limit', async () => {
      const a = await h.user();
      expect((await h.call(a, 'GET', '/domain/limit')).body.data).toEqual({ used: 0, max: 4 });
      for (let i = 1; i <= 4; i++) await created(a, `n${i}.limit-test.com`);
      expect((await h.call(a, 'GET', '/domain/limit')).body.data).toEqual({ used: 4, max: 4 });
      const res = await h.create(a, 'n5.limit-test.com');
      expect(res.statusCode).toBe(403);
      expect(res.body).toMatchObject({
        error: 'DOMAIN_LIMIT_REACHED',
        message: 'You have reached the maximum number of domains',
      });
    });

    it('refuses an unreachable origin with the spec text', async () => {
      const a = await h.user();
      const res = await h.create(a, 'dead-origin.com', {
        origin: { ipOrDomain: ['127.0.0.1'], httpPort: await closedPort() },
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toMatchObject({
        error: 'ORIGIN_UNREACHABLE',
        message: "Your origin server didn't pass the validation, please click the validation button to retry",
      });
      const zh = await h.call(
        a,
        'POST',
        '/domain/create',
        {
          domainName: 'dead-origin.com',
          type: 'web',
          origin: { ipOrDomain: ['127.0.0.1'], httpPort: await closedPort() },
        },
        'zh-CN',
      );
      expect(zh.body.message).toBe('您的源站未通过验证，请点击验证按钮重试');
    });

    it('checks an origin domain through DNS and the origin port of its protocol', async () => {
      const a = await h.user();
      h.dns.setA('origin.origin-domain.net', ['127.0.0.1']);
      const res = await h.create(a, 'www.origin-domain.com', {
        origin: { ipOrDomain: ['origin.origin-domain.net'], httpPort: h.origin.port, hostName: 'backend.example' },
      });
      expect(res.statusCode, res.text).toBe(200);
      expect(res.body.data).toMatchObject({ originType: 'domain', origins: ['origin.origin-domain.net'] });
      expect(h.origin.hosts).toContain('backend.example');
      const https = await h.create(a, 'www2.origin-domain.com', {
        origin: {
          ipOrDomain: ['127.0.0.1'],
          httpPort: h.origin.port,
          httpsPort: h.origin.port,
          originProtocol: 'https',
        },
      });
      expect(https.body.error).toBe('ORIGIN_UNREACHABLE');
    });

    it('refuses an origin that is the acceleration domain itself', async () => {
      const a = await h.user();
      h.dns.setA('self.same-origin.com', ['127.0.0.1']);
      const res = await h.create(a, 'self.same-origin.com', { origin: { ipOrDomain: ['self.same-origin.com'] } });
      expect(res.statusCode).toBe(400);
      expect(res.body.fields).toEqual({
        'origin.ipOrDomain.0': 'The origin domain cannot be the acceleration domain',
      });
    });

    it('requires real-name verification', async () => {
      const a = await h.user({ realNameVerified: false });
      const res = await h.call(a, 'POST', '/domain/create', {
        domainName: 'realname.com',
        type: 'web',
        origin: { ipOrDomain: ['127.0.0.1'], httpPort: h.origin.port },
      });
      expect(res.statusCode).toBe(403);
      expect(res.body).toMatchObject({
        error: 'REAL_NAME_REQUIRED',
        message: 'Please complete real-name verification first',
      });
    });

    it('offers whole-site acceleration to verified accounts below the whole-site limit, always through review', async () => {
      const unverified = await h.user({ realNameVerified: false });
      expect((await h.call(unverified, 'GET', '/domain/can-create-whole-site')).body.data).toEqual({
        allowed: false,
        reason: 'Please complete real-name verification first',
      });
      expect((await h.call(unverified, 'GET', '/domain/type')).body.data).toEqual(['web', 'download', 'media']);

      const a = await h.user();
      expect((await h.call(a, 'GET', '/domain/can-create-whole-site')).body.data).toEqual({
        allowed: true,
        reason: null,
      });
      expect((await h.call(a, 'GET', '/domain/type')).body.data).toEqual(['web', 'download', 'media', 'whole_site']);
      const res = await h.create(a, 'www.whole-site.com', { type: 'whole_site' });
      expect(res.statusCode, res.text).toBe(200);
      expect(res.body.data.status).toBe('under_review');
      const config = await h.call(a, 'GET', `/domain/config/${res.body.data.id}`);
      expect(config.body.data.cacheConfig.rules).toEqual([
        { priority: 1, type: 'all', content: [], ttl: 0, unit: 'seconds', ignoreUrlParameter: 'off' },
      ]);

      expect((await h.call(a, 'GET', '/domain/can-create-whole-site')).body.data).toEqual({
        allowed: false,
        reason: 'Whole-site acceleration is not available for your account',
      });
      const second = await h.create(a, 'www2.whole-site.com', { type: 'whole_site' });
      expect(second.statusCode).toBe(403);
      expect(second.body.error).toBe('WHOLE_SITE_NOT_ALLOWED');
    });
  });

  describe('status transitions', () => {
    async function act(user: TestUser, action: 'enable' | 'disable' | 'delete', id: number) {
      return h.call(user, 'POST', `/domain/${action}`, { id });
    }

    async function expectRefused(user: TestUser, id: number, actions: ('enable' | 'disable' | 'delete')[]) {
      for (const action of actions) {
        const res = await act(user, action, id);
        expect(res.statusCode, `${action} ${res.text}`).toBe(409);
        expect(res.body).toMatchObject(
          action === 'delete'
            ? { error: 'DOMAIN_NOT_DELETABLE', message: 'Only disabled or rejected domains can be deleted' }
            : {
                error: 'DOMAIN_STATE_CONFLICT',
                message: 'This cannot be done while the domain is in its current state',
              },
        );
      }
    }

    it('creating -> enabled -> disabled -> configuring -> enabled -> disabled -> deleting -> gone', async () => {
      const a = await h.user();
      const id = await created(a, 'life.cycle.com');
      expect(await h.status(a, id)).toBe('creating');
      await expectRefused(a, id, ['enable', 'disable', 'delete']);

      await h.settle();
      expect(await h.status(a, id)).toBe('enabled');
      await expectRefused(a, id, ['enable', 'delete']);

      const disabled = await act(a, 'disable', id);
      expect(disabled.statusCode).toBe(200);
      expect(disabled.body.data).toMatchObject({ id, status: 'disabled', domainName: 'life.cycle.com' });
      await expectRefused(a, id, ['disable']);
      await h.settle();
      expect(await h.status(a, id)).toBe('disabled');

      const enabled = await act(a, 'enable', id);
      expect(enabled.body.data.status).toBe('configuring');
      await expectRefused(a, id, ['enable', 'disable', 'delete']);
      await h.settle();
      expect(await h.status(a, id)).toBe('enabled');

      await act(a, 'disable', id);
      const deleting = await act(a, 'delete', id);
      expect(deleting.statusCode).toBe(200);
      expect(deleting.body.data.status).toBe('deleting');
      await expectRefused(a, id, ['enable', 'disable', 'delete']);
      expect((await h.call(a, 'GET', '/domain/limit')).body.data.used).toBe(1);

      await h.settle();
      expect((await h.call(a, 'GET', `/domain/${id}/detail`)).body).toEqual(NOT_FOUND);
      expect((await h.call(a, 'GET', '/domain/limit')).body.data.used).toBe(0);
      // The name is free again.
      const b = await h.user();
      expect((await h.create(b, 'life.cycle.com')).statusCode).toBe(200);
    });

    it('gives enable and disable a new configuration version, so an edge applying versions in order sees them', async () => {
      const a = await h.user();
      const id = await created(a, 'www.version-bump.com');
      await h.settle();
      const version = async () => (await h.call(a, 'GET', `/domain/${id}/detail`)).body.data.configVersion;
      expect(await version()).toBe(1);
      await act(a, 'disable', id);
      expect(await version()).toBe(2);
      await h.settle();
      await act(a, 'enable', id);
      expect(await version()).toBe(3);
      await h.settle();
      expect(await h.status(a, id)).toBe('enabled');
    });

    it('turns abnormal when the edge refuses the rollout; disable, enable and a settings save retry', async () => {
      const a = await h.user();
      const id = await created(a, 'broken.edge-test.com');
      await h.settle();
      const detail = await h.call(a, 'GET', `/domain/${id}/detail`);
      expect(detail.body.data).toMatchObject({ status: 'abnormal', statusReason: expect.stringContaining('refused') });
      await expectRefused(a, id, ['enable', 'delete']);

      const save = await h.call(a, 'POST', `/domain/config/${id}/compression`, { gzip: 'on', brotli: 'on' });
      expect(save.statusCode).toBe(200);
      expect(await h.status(a, id)).toBe('configuring');
      await h.settle();
      expect(await h.status(a, id)).toBe('abnormal');

      expect((await act(a, 'disable', id)).body.data.status).toBe('disabled');
      expect((await act(a, 'enable', id)).body.data.status).toBe('configuring');
      expect((await h.call(a, 'GET', `/domain/${id}/detail`)).body.data.statusReason).toBeNull();
      await h.settle();
      expect(await h.status(a, id)).toBe('abnormal');
      await act(a, 'disable', id);
      expect((await act(a, 'delete', id)).body.data.status).toBe('deleting');
    });

    it('turns an enabled domain abnormal on an edge failure report (ops edge fail)', async () => {
      const a = await h.user();
      const id = await created(a, 'www.edge-fail.com');
      await h.settle();
      const out = await ops('edge', 'fail', 'www.edge-fail.com', 'node', 'sh-01', 'unreachable');
      expect(out).toEqual(['www.edge-fail.com: enabled -> abnormal']);
      expect((await h.call(a, 'GET', `/domain/${id}/detail`)).body.data).toMatchObject({
        status: 'abnormal',
        statusReason: 'node sh-01 unreachable',
      });
    });

    it('ignores an edge report for a version a later change has overtaken', async () => {
      const a = await h.user();
      const id = await created(a, 'www.versions.com');
      await h.settle();
      await h.call(a, 'POST', `/domain/config/${id}/range-switch`, { rangeSwitch: 'on' });
      await h.ctx.app.jobs.runDue(); // the edge is now rolling out version 2
      h.ctx.clock.advance(h.delayMs / 2);
      const v3 = await h.call(a, 'POST', `/domain/config/${id}/compression`, { gzip: 'on', brotli: 'off' });
      expect(v3.body.data.configVersion).toBe(3);
      await h.ctx.app.jobs.runDue(); // version 3 sent
      h.ctx.clock.advance(h.delayMs / 2);
      await h.ctx.app.jobs.runDue(); // version 2 reported applied: not the current one
      expect(await h.status(a, id)).toBe('configuring');
      h.ctx.clock.advance(h.delayMs / 2);
      await h.ctx.app.jobs.runDue();
      expect(await h.status(a, id)).toBe('enabled');
    });

    it('keeps reviewed domains off the edge until the operator approves; rejected ones can be deleted', async () => {
      h.ctx.config.domain.reviewNewDomains = true;
      try {
        const a = await h.user();
        const approved = await created(a, 'ok.review-test.com');
        const rejected = await created(a, 'no.review-test.com');
        expect(await h.status(a, approved)).toBe('under_review');
        await expectRefused(a, approved, ['enable', 'disable', 'delete']);
        const save = await h.call(a, 'POST', `/domain/config/${approved}/range-switch`, { rangeSwitch: 'on' });
        expect(save.statusCode).toBe(409);
        expect(save.body.error).toBe('DOMAIN_STATE_CONFLICT');
        await h.settle();
        expect(await h.status(a, approved)).toBe('under_review');

        const list = await ops('domain', 'review', 'list');
        expect(list.join('\n')).toContain('ok.review-test.com');
        expect(list.join('\n')).toContain(a.userName);

        expect(await ops('domain', 'review', 'approve', 'ok.review-test.com')).toEqual([
          'Approved ok.review-test.com: creating',
        ]);
        await h.settle();
        expect(await h.status(a, approved)).toBe('enabled');
        await expect(ops('domain', 'review', 'approve', 'ok.review-test.com')).rejects.toMatchObject({
          id: 'DOMAIN_STATE_CONFLICT',
        });

        await ops('domain', 'review', 'reject', 'no.review-test.com', 'ICP', 'filing', 'missing');
        const detail = await h.call(a, 'GET', `/domain/${rejected}/detail`);
        expect(detail.body.data).toMatchObject({ status: 'review_rejected', statusReason: 'ICP filing missing' });
        await expectRefused(a, rejected, ['enable', 'disable']);
        expect((await act(a, 'delete', rejected)).body.data.status).toBe('deleting');
        await h.settle();
        expect(await h.status(a, rejected)).toBe('http 404');
        expect((await ops('domain', 'review', 'list')).join('\n')).not.toContain('review-test.com');
      } finally {
        h.ctx.config.domain.reviewNewDomains = false;
      }
    });
  });

  describe('tenancy', () => {
    it("answers 404 for every call on another user's domain, exactly like a missing one", async () => {
      const a = await h.user();
      const b = await h.user();
      const id = await created(a, 'www.tenancy.com');
      const bodies = segmentBodies(h.origin.port);
      const idRoutes = Object.entries(domainRoutes).filter(([, def]) => {
        const shape = (def as { body?: { shape?: Record<string, unknown> } }).body?.shape ?? {};
        return def.path.includes(':id') || 'id' in shape;
      });
      expect(idRoutes.length).toBeGreaterThanOrEqual(20);
      for (const [name, def] of idRoutes) {
        const request = (target: number) => {
          const url = def.path.replace(':id', String(target));
          if (def.method === 'GET') return { url, payload: undefined };
          if (url.startsWith('/domain/config/')) {
            const segment = url.split('/').pop()!;
            if (!(segment in bodies)) throw new Error(`no test body for segment ${segment}`);
            return { url, payload: bodies[segment] };
          }
          return { url, payload: name === 'urlAuthSign' ? { id: target, path: '/a.jpg' } : { id: target } };
        };
        const foreign = request(id);
        const res = await h.call(b, def.method, foreign.url, foreign.payload);
        expect(res.body, `${name} ${res.text}`).toEqual(NOT_FOUND);
        const missing = request(99_999_999);
        expect((await h.call(b, def.method, missing.url, missing.payload)).body, name).toEqual(NOT_FOUND);
      }
      expect((await h.call(b, 'GET', '/domain/list')).body.data.total).toBe(0);
      expect((await h.call(b, 'GET', '/domain/export')).text.trimEnd().split('\r\n')).toHaveLength(1);
      expect(await h.status(a, id)).toBe('creating');
      const config = (await h.call(a, 'GET', `/domain/config/${id}`)).body.data;
      expect(config.configVersion).toBe(1);
    });

    it('needs a session and the domain permission', async () => {
      const res = await h.ctx.app.inject({ method: 'GET', url: '/api/domain/list' });
      expect(res.statusCode).toBe(401);
      const a = await h.user();
      await h.ctx.database.db.execute(
        (await import('drizzle-orm'))
          .sql`DELETE FROM user_permissions WHERE user_id = ${a.id} AND permission_id = 'domain'`,
      );
      expect((await h.call(a, 'GET', '/domain/list')).statusCode).toBe(403);
    });
  });
});

describe.each(dbKinds)('origin safety without ALLOW_PRIVATE_ORIGINS on %s', (kind) => {
  let h: DomainHarness;
  beforeAll(async () => {
    h = await createDomainHarness(kind, { ALLOW_PRIVATE_ORIGINS: 'false' });
  });
  afterAll(() => h.close());

  it('refuses internal origin IPs with the spec text', async () => {
    const a = await h.user();
    await h.verify(a, 'ssrf.com');
    for (const ip of ['127.0.0.1', '10.1.2.3', '192.168.0.10', '169.254.169.254']) {
      const res = await h.call(a, 'POST', '/domain/create', {
        domainName: 'www.ssrf.com',
        type: 'web',
        origin: { ipOrDomain: [ip] },
      });
      expect(res.statusCode).toBe(400);
      expect(res.body.fields).toEqual({ 'origin.ipOrDomain.0': "Please don't enter an internal IP" });
    }
  });

  it('refuses an origin name that resolves to an internal address', async () => {
    const a = await h.user();
    await h.verify(a, 'ssrf2.com');
    h.dns.setA('sneaky.attacker.net', ['203.0.113.7', '127.0.0.1']);
    const res = await h.call(a, 'POST', '/domain/create', {
      domainName: 'www.ssrf2.com',
      type: 'web',
      origin: { ipOrDomain: ['ok.attacker.net', 'sneaky.attacker.net'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.fields).toEqual({ 'origin.ipOrDomain.1': "Please don't enter an internal IP" });
    const zh = await h.call(
      a,
      'POST',
      '/domain/create',
      {
        domainName: 'www.ssrf2.com',
        type: 'web',
        origin: { ipOrDomain: ['sneaky.attacker.net'] },
      },
      'zh-CN',
    );
    expect(zh.body.fields).toEqual({ 'origin.ipOrDomain.0': '请不要输入内网IP' });
  });
});

describe.each(dbKinds)('durable rollout across a restart on %s', (kind) => {
  let h: DomainHarness;
  beforeAll(async () => {
    h = await createDomainHarness(kind);
  });
  afterAll(() => h.close());

  it('finishes a rollout queued by a server that stopped, in the next server over the same database', async () => {
    const a = await h.user();
    const id = (await h.create(a, 'www.restart.com')).body.data.id;
    await h.ctx.app.jobs.runDue(); // published; the sandbox edge's report is still pending
    await h.ctx.app.close();

    const next = await buildApp({
      config: h.ctx.config,
      database: h.ctx.database,
      now: () => h.ctx.clock.now,
      logger: false,
    });
    await next.ready();
    h.ctx.app = next;
    h.ctx.clock.advance(h.delayMs);
    expect(await next.jobs.runDue()).toBe(1);
    expect(await h.status(a, id)).toBe('enabled');
  });
});
