import { domainProbeLimit } from '@edgeward/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, createDomainHarness, type DomainHarness } from '../../../test/fixtures/domains';
import { dbKinds } from '../../../test/helpers';

describe.each(dbKinds)('domain ownership verification on %s', (kind) => {
  let h: DomainHarness;
  beforeAll(async () => {
    h = await createDomainHarness(kind);
  });
  afterAll(() => h.close());

  it('gives a TXT record under the apex, random per user and stable on repeat calls', async () => {
    const a = await h.user();
    const b = await h.user();
    const url = '/domain/query-create-verify-record?domainName=img.verify-one.com';
    const first = await h.call(a, 'GET', url);
    expect(first.body.data).toMatchObject({
      domainName: 'img.verify-one.com',
      apexDomain: 'verify-one.com',
      recordType: 'TXT',
      host: '_edgeward-verify',
      name: '_edgeward-verify.verify-one.com',
      verified: false,
    });
    expect(first.body.data.value).toMatch(/^edgeward-verify=[0-9a-f]{32}$/);
    expect((await h.call(a, 'GET', url)).body.data.value).toBe(first.body.data.value);
    expect((await h.call(b, 'GET', url)).body.data.value).not.toBe(first.body.data.value);
  });

  it('uses the registrable apex under multi-part suffixes', async () => {
    const a = await h.user();
    const res = await h.call(a, 'GET', '/domain/query-create-verify-record?domainName=www.shop.example.com.cn');
    expect(res.body.data).toMatchObject({ apexDomain: 'example.com.cn', name: '_edgeward-verify.example.com.cn' });
  });

  it('finds the apex by the public suffix list, private suffixes and IDN names included', async () => {
    const a = await h.user();
    const record = async (name: string) =>
      (await h.call(a, 'GET', `/domain/query-create-verify-record?domainName=${encodeURIComponent(name)}`)).body.data;
    expect(await record('example.co.za')).toMatchObject({
      apexDomain: 'example.co.za',
      name: '_edgeward-verify.example.co.za',
    });
    expect(await record('cdn.example.sh.cn')).toMatchObject({
      apexDomain: 'example.sh.cn',
      name: '_edgeward-verify.example.sh.cn',
    });
    expect(await record('user.github.io')).toMatchObject({ apexDomain: 'user.github.io' });
    expect(await record('www.例子.中国')).toMatchObject({
      domainName: 'www.xn--fsqu00a.xn--fiqs8s',
      apexDomain: 'xn--fsqu00a.xn--fiqs8s',
    });
  });

  it('refuses a public suffix: nobody can prove it is theirs', async () => {
    const a = await h.user();
    for (const name of ['co.za', 'github.io', 'sh.cn']) {
      const query = await h.call(a, 'GET', `/domain/query-create-verify-record?domainName=${name}`);
      expect(query.statusCode).toBe(400);
      expect(query.body.fields).toEqual({
        domainName:
          'This is a public suffix (such as com.cn or github.io), not a domain of its own: please enter your domain under it',
      });
      const verify = await h.call(a, 'POST', '/domain/verify-record', { domainName: name }, 'zh-CN');
      expect(verify.body.fields?.domainName).toBe(
        '这是公共后缀（如 com.cn、github.io），不是可拥有的域名，请输入其下您自己的域名',
      );
      const create = await h.call(a, 'POST', '/domain/create', {
        domainName: name,
        type: 'web',
        origin: { ipOrDomain: ['192.0.2.10'] },
      });
      expect(create.body.fields?.domainName).toBeDefined();
    }
  });

  it('refuses a name already added, of any account, before asking for a record', async () => {
    const a = await h.user();
    const b = await h.user();
    expect((await h.create(a, 'www.added-once.com')).statusCode).toBe(200);
    for (const [user, name] of [
      [a, 'www.added-once.com'],
      [b, 'WWW.added-once.com'],
    ] as const) {
      const res = await h.call(user, 'GET', `/domain/query-create-verify-record?domainName=${name}`);
      expect(res.statusCode).toBe(409);
      expect(res.body).toMatchObject({ error: 'DOMAIN_TAKEN', message: 'This domain name has already been added' });
    }
    const sibling = await h.call(b, 'GET', '/domain/query-create-verify-record?domainName=img.added-once.com');
    expect(sibling.statusCode).toBe(200);
  });

  it('fails with the spec text and what DNS answered until the record is in DNS, then succeeds; subdomains need no new record', async () => {
    const a = await h.user();
    const record = (await h.call(a, 'GET', '/domain/query-create-verify-record?domainName=verify-two.com')).body.data;
    const failed = await h.call(a, 'POST', '/domain/verify-record', { domainName: 'verify-two.com' });
    expect(failed.statusCode).toBe(200);
    expect(failed.body.data).toEqual({
      domainName: 'verify-two.com',
      apexDomain: 'verify-two.com',
      status: 'failed',
      failure: 'recordMissing',
      found: [],
      message:
        'DNS verification failed, please check DNS record configuration: _edgeward-verify.verify-two.com has no TXT record yet (new records can take a few minutes to appear).',
    });
    const zh = await h.call(a, 'POST', '/domain/verify-record', { domainName: 'verify-two.com' }, 'zh-CN');
    expect(zh.body.data.message).toMatch(
      /^DNS验证失败，请检查DNS记录配置：_edgeward-verify\.verify-two\.com 还没有 TXT 记录/,
    );

    h.dns.setTxt(record.name, ['unrelated', 'edgeward-verify=somebody-else']);
    const mismatch = (await h.call(a, 'POST', '/domain/verify-record', { domainName: 'verify-two.com' })).body.data;
    expect(mismatch).toMatchObject({
      status: 'failed',
      failure: 'recordMismatch',
      found: ['unrelated', 'edgeward-verify=somebody-else'],
    });
    expect(mismatch.message).toBe(
      'DNS verification failed, please check DNS record configuration: the TXT record of _edgeward-verify.verify-two.com holds "unrelated", "edgeward-verify=somebody-else", not the value shown.',
    );
    h.dns.setTxt(record.name, ['unrelated', record.value]);
    const ok = await h.call(a, 'POST', '/domain/verify-record', { domainName: 'verify-two.com' });
    expect(ok.body.data).toMatchObject({ status: 'success', failure: null, message: 'Verification succeeded' });

    const sub = await h.call(a, 'GET', '/domain/query-create-verify-record?domainName=cdn.img.verify-two.com');
    expect(sub.body.data).toMatchObject({ apexDomain: 'verify-two.com', verified: true });
    // Another user's verification proves nothing for this one.
    const b = await h.user();
    const other = await h.call(b, 'GET', '/domain/query-create-verify-record?domainName=verify-two.com');
    expect(other.body.data.verified).toBe(false);
  });

  it('limits the DNS lookups and origin checks one user can trigger per minute', async () => {
    const a = await h.user();
    const b = await h.user();
    await h.verify(a, 'probe-limit.com'); // the first verification of the minute
    for (let i = 1; i < domainProbeLimit.max; i++) {
      const res = await h.call(a, 'POST', '/domain/verify-record', { domainName: 'probe-other.com' });
      expect(res.body.data.status).toBe('failed');
    }
    const over = await h.call(a, 'POST', '/domain/verify-record', { domainName: 'probe-other.com' });
    expect(over.statusCode).toBe(429);
    expect(over.body).toMatchObject({
      error: 'RATE_LIMITED',
      message: 'Too many requests, please try again later',
    });
    expect((await h.call(b, 'POST', '/domain/verify-record', { domainName: 'probe-other.com' })).statusCode).toBe(200);
    const create = await h.call(a, 'POST', '/domain/create', {
      domainName: 'www.probe-limit.com',
      type: 'web',
      origin: { ipOrDomain: ['127.0.0.1'], httpPort: h.origin.port },
    });
    expect(create.statusCode, 'the origin check has a budget of its own').toBe(200);
  });

  it('validates the name with the contract rules', async () => {
    const a = await h.user();
    const res = await h.call(a, 'GET', '/domain/query-create-verify-record?domainName=not_a_domain');
    expect(res.statusCode).toBe(400);
    expect(res.body.fields).toEqual({ domainName: 'The domain name format is incorrect' });
  });
});

describe.each(dbKinds)('domain ownership verification without DNS servers on %s', (kind) => {
  let h: DomainHarness;
  beforeAll(async () => {
    h = await createDomainHarness(kind, { DNS_SERVERS: `127.0.0.1:${await closedPort()}` });
  });
  afterAll(() => h.close());

  it('says the DNS servers could not be reached rather than that the record is missing', async () => {
    const a = await h.user();
    const res = await h.call(a, 'POST', '/domain/verify-record', { domainName: 'verify-unreachable.com' });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'failed', failure: 'dnsUnreachable', found: [] });
    expect(res.body.data.message).toBe(
      'The DNS servers could not be reached, so the record could not be checked. Please try again in a moment.',
    );
    const zh = await h.call(a, 'POST', '/domain/verify-record', { domainName: 'verify-unreachable.com' }, 'zh-CN');
    expect(zh.body.data.message).toBe('无法连接 DNS 服务器，暂时无法检查记录，请稍后重试。');
  });
});
