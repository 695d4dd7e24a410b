import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { certificateZipFiles } from '@edgeward/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPki, type TestPki } from '../../../test/fixtures/certificates';
import { createDomainHarness, type DomainHarness } from '../../../test/fixtures/domains';
import type { TestUser } from '../../../test/fixtures/users';
import { dbKinds } from '../../../test/helpers';
import { certificates } from '../../db/schema';

describe.each(dbKinds)('certificates on %s', (kind) => {
  let h: DomainHarness;
  let pki: TestPki;
  let owner: TestUser;
  let stranger: TestUser;
  let counter = 0;

  beforeAll(async () => {
    pki = createTestPki();
    h = await createDomainHarness(kind);
    owner = await h.user();
    stranger = await h.user();
  });
  afterAll(async () => {
    await h.close();
    pki.cleanup();
  });

  const upload = (body: object, user = owner, lang?: string) => h.call(user, 'POST', '/certificate/upload', body, lang);

  /** A valid upload under a fresh apex; answers the certificate's detail. */
  async function uploaded(names?: string[], options: Parameters<TestPki['issue']>[1] = {}) {
    const apex = `cert${++counter}.example.com`;
    const leaf = pki.issue(names ?? [`www.${apex}`, `*.img.${apex}`], options);
    const res = await upload({ name: `cert-${counter}`, certificate: leaf.chain, privateKey: leaf.key });
    expect(res.statusCode, res.text).toBe(200);
    return { apex, leaf, detail: res.body.data };
  }

  async function enabledDomain(user: TestUser, name: string): Promise<number> {
    const res = await h.create(user, name);
    expect(res.statusCode, res.text).toBe(200);
    await h.settle();
    return res.body.data.id;
  }

  describe('upload', () => {
    it('accepts an ECDSA chain through an intermediate and an RSA one, and answers no key', async () => {
      const ec = pki.issue(['www.up.example.com', '*.up.example.com'], { ca: 'intermediate' });
      const res = await upload({ name: 'ec-chain', certificate: ec.chain, privateKey: ec.key });
      expect(res.statusCode, res.text).toBe(200);
      expect(res.body.data).toMatchObject({
        name: 'ec-chain',
        source: 'uploaded',
        commonName: 'www.up.example.com',
        dnsNames: ['www.up.example.com', '*.up.example.com'],
        issuer: 'Edgeward Test intermediate CA',
        keyType: 'ECC',
        keyBits: 256,
        validity: 'valid',
        deployedDomains: [],
      });
      expect(res.text).not.toContain('PRIVATE KEY');
      const rsa = pki.issue(['rsa.up.example.com'], { keyType: 'rsa' });
      const second = await upload({ name: 'rsa', certificate: rsa.chain, privateKey: rsa.key });
      expect(second.body.data).toMatchObject({ keyType: 'RSA', keyBits: 2048 });
    });

    it('stores the private key sealed, never as PEM', async () => {
      const { detail, leaf } = await uploaded();
      const [row] = await h.ctx.database.db.select().from(certificates).where(eq(certificates.id, detail.id));
      expect(row!.privateKeySealed).toMatch(/^v1:/);
      expect(row!.privateKeySealed).not.toContain('PRIVATE KEY');
      expect(row!.privateKeySealed).not.toContain(leaf.key.split('\n')[1]);
    });

    it.each([
      ['keyMismatch', 'privateKey', () => ({ c: pki.issue(['a.x.com']).chain, k: pki.issue(['a.x.com']).key })],
      [
        'keyEncrypted',
        'privateKey',
        () => ({ c: pki.issue(['a.x.com']).chain, k: pki.encrypt(pki.issue(['a.x.com']).key) }),
      ],
      [
        'chainBroken',
        'certificate',
        () => {
          const l = pki.issue(['a.x.com'], { ca: 'other' });
          return { c: l.cert + pki.caCert, k: l.key };
        },
      ],
      [
        'chainBroken',
        'certificate',
        () => {
          // The intermediate left out: the root did not sign the leaf.
          const l = pki.issue(['a.x.com'], { ca: 'intermediate' });
          return { c: l.cert + pki.caCert, k: l.key };
        },
      ],
      [
        'leafNotFirst',
        'certificate',
        () => {
          // Intermediate first, then the leaf whose key this is.
          const l = pki.issue(['a.x.com'], { ca: 'intermediate' });
          return { c: pki.intermediateCert + l.cert, k: l.key };
        },
      ],
      [
        'chainOrder',
        'certificate',
        () => {
          const l = pki.issue(['a.x.com'], { ca: 'intermediate' });
          return { c: l.cert + pki.caCert + pki.intermediateCert, k: l.key };
        },
      ],
      [
        'expired',
        'certificate',
        () => {
          const l = pki.issue(['a.x.com'], { startDate: '20200101000000Z', endDate: '20200102000000Z' });
          return { c: l.chain, k: l.key };
        },
      ],
      [
        'notYetValid',
        'certificate',
        () => {
          const l = pki.issue(['a.x.com'], { startDate: '20990101000000Z', endDate: '20991231000000Z' });
          return { c: l.chain, k: l.key };
        },
      ],
      [
        'chainExpired',
        'certificate',
        () => {
          const l = pki.issue(['a.x.com'], { ca: 'expiredIntermediate' });
          return { c: l.chain, k: l.key };
        },
      ],
      [
        'chainNotYetValid',
        'certificate',
        () => {
          const now = Date.now();
          const fmt = (ms: number) => `${new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
          const l = pki.issue(['a.x.com'], {
            ca: 'futureIntermediate',
            startDate: fmt(now - 86_400_000),
            endDate: fmt(now + 10 * 86_400_000),
          });
          return { c: l.chain, k: l.key };
        },
      ],
    ])('refuses %s with its own message on %s, in both languages', async (problem, field, make) => {
      const { c, k } = make();
      const res = await upload({ name: 'refused', certificate: c, privateKey: k });
      expect(res.statusCode, res.text).toBe(400);
      expect(res.body.fields?.[field], res.text).toBeTruthy();
      const zh = await upload({ name: 'refused', certificate: c, privateKey: k }, owner, 'zh-CN');
      expect(zh.body.fields?.[field]).not.toBe(res.body.fields?.[field]);
      if (problem !== 'keyEncrypted') {
        expect(res.body.error).toBe('CERT_INVALID');
        expect(res.body.message).toBe(res.body.fields?.[field]);
      }
    });

    it('names the order, not the key, when the intermediate comes before the certificate of the key', async () => {
      const l = pki.issue(['order.x.com'], { ca: 'intermediate' });
      const body = { name: 'swapped', certificate: pki.intermediateCert + l.cert, privateKey: l.key };
      const en = await upload(body);
      expect(en.statusCode, en.text).toBe(400);
      expect(en.body).toMatchObject({
        error: 'CERT_INVALID',
        message:
          'The chain is in the wrong order: the certificate that matches the private key must come first, then each intermediate',
        fields: { certificate: expect.any(String) },
      });
      expect(en.body.fields?.privateKey).toBeUndefined();
      const zh = await upload(body, owner, 'zh-CN');
      expect(zh.body.message).toBe('证书链顺序错误：与私钥匹配的证书必须放在最前，其后依次是中间证书');
      // The same chain in the right order is accepted.
      expect((await upload({ ...body, certificate: l.cert + pki.intermediateCert })).statusCode).toBe(200);
    });

    it('gives each refusal its own message', async () => {
      const { enUS } = await import('@edgeward/contract');
      const texts = Object.entries(enUS).filter(([key]) => key.startsWith('certificate.check.'));
      expect(texts).toHaveLength(13);
      expect(new Set(texts.map(([, text]) => text)).size).toBe(13);
    });

    it('refuses names of 2 and 33 characters and contents of 10241 characters; accepts 3, 32 and 10240', async () => {
      const leaf = pki.issue(['len.example.com']);
      const body = { name: 'abc', certificate: leaf.chain, privateKey: leaf.key };
      for (const name of ['ab', 'a'.repeat(33)]) {
        const res = await upload({ ...body, name });
        expect(res.statusCode).toBe(400);
        expect(res.body.fields).toEqual({ name: 'The certificate name must be 3 to 32 characters' });
      }
      // Blank lines after the first line survive trimming; between two blocks of a chain, it still parses.
      const long = (pem: string, size: number, after = '\n') => {
        const text = pem.trim();
        const at = text.indexOf(after) + after.length;
        return text.slice(0, at) + '\n'.repeat(size - text.length) + text.slice(at);
      };
      for (const field of ['certificate', 'privateKey'] as const) {
        const res = await upload({ ...body, [field]: long(body[field], 10241) });
        expect(res.statusCode).toBe(400);
        expect(res.body.fields?.[field]).toBe('The content can be at most 10240 characters');
      }
      for (const name of ['abc', 'a'.repeat(32)]) {
        const res = await upload({ ...body, name, certificate: long(leaf.chain, 10240, 'END CERTIFICATE-----\n') });
        expect(res.statusCode, res.text).toBe(200);
      }
    });
  });

  describe('list', () => {
    it('pages, searches by name and SAN, and filters by expiry and source, only the caller’s', async () => {
      const user = await h.user();
      const issue = async (name: string, names: string[], days: number) => {
        const l = pki.issue(names, { days });
        const res = await upload({ name, certificate: l.chain, privateKey: l.key }, user);
        expect(res.statusCode, res.text).toBe(200);
      };
      await issue('far-away', ['far.list.com'], 200);
      await issue('soon-gone', ['soon.list.com'], 10);
      await issue('third-one', ['*.wild.list.com'], 90);
      const list = (q: string) => h.call(user, 'GET', `/certificate/list?${q}`);
      const page = await list('page=1&size=2');
      expect(page.body.data).toMatchObject({ total: 3, page: 1, size: 2 });
      expect(page.body.data.list.map((c: { name: string }) => c.name)).toEqual(['third-one', 'soon-gone']);
      expect((await list('page=2&size=2')).body.data.list.map((c: { name: string }) => c.name)).toEqual(['far-away']);
      expect((await list('search=WILD.list')).body.data.list.map((c: { name: string }) => c.name)).toEqual([
        'third-one',
      ]);
      expect((await list('search=soon-')).body.data.total).toBe(1);
      expect((await list('search=%25')).body.data.total).toBe(0);
      const expiring = await list('expiry=expiring');
      expect(expiring.body.data.list.map((c: { name: string; validity: string }) => [c.name, c.validity])).toEqual([
        ['soon-gone', 'expiring'],
      ]);
      expect((await list('expiry=expired')).body.data.total).toBe(0);
      // No CA issues an expired certificate and uploads refuse one, so one row's date is moved into the past.
      await h.ctx.database.db
        .update(certificates)
        .set({ notAfter: new Date(h.ctx.clock.now.getTime() - 1000) })
        .where(eq(certificates.name, 'soon-gone'));
      const expired = await list('expiry=expired');
      expect(expired.body.data.list.map((c: { name: string; validity: string }) => [c.name, c.validity])).toEqual([
        ['soon-gone', 'expired'],
      ]);
      expect((await list('source=uploaded')).body.data.total).toBe(3);
      expect((await list('source=applied')).body.data.total).toBe(0);
      expect((await h.call(stranger, 'GET', '/certificate/list?search=list.com')).body.data.total).toBe(0);
    });

    it('lists only the certificates covering a domain name: exact names and wildcards one level down', async () => {
      const user = await h.user();
      for (const [name, names] of [
        ['exact-one', ['shop.covers.com']],
        ['wild-card', ['*.covers.com']],
        ['deep-wild', ['*.a.shop.covers.com']],
        ['other-one', ['covers.com']],
      ] as const) {
        const l = pki.issue([...names]);
        const res = await upload({ name, certificate: l.chain, privateKey: l.key }, user);
        expect(res.statusCode, res.text).toBe(200);
      }
      const covering = async (name: string) =>
        (await h.call(user, 'GET', `/certificate/list?covers=${name}`)).body.data.list
          .map((c: { name: string }) => c.name)
          .sort();
      expect(await covering('Shop.Covers.com')).toEqual(['exact-one', 'wild-card']);
      expect(await covering('x.shop.covers.com')).toEqual([]);
      expect(await covering('b.a.shop.covers.com')).toEqual(['deep-wild']);
      expect(await covering('covers.com')).toEqual(['other-one']);
      expect((await h.call(stranger, 'GET', '/certificate/list?covers=shop.covers.com')).body.data.total).toBe(0);
    });
  });

  describe('download', () => {
    it('answers the PEM chain, and a zip with the chain and the key to the owner', async () => {
      const { detail, leaf } = await uploaded();
      const pem = await h.call(owner, 'GET', `/certificate/${detail.id}/download`);
      expect(pem.statusCode).toBe(200);
      expect(pem.headers['content-disposition']).toContain(`${detail.name}.pem`);
      expect(pem.text).toBe(`${leaf.chain.trim()}\n`);
      const zip = await h.ctx.app.inject({
        url: `/api/certificate/${detail.id}/download?format=zip`,
        headers: owner.headers,
      });
      expect(zip.headers['content-type']).toBe('application/zip');
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edgeward-cert-zip-'));
      try {
        fs.writeFileSync(path.join(dir, 'c.zip'), zip.rawPayload);
        const read = (name: string) =>
          execFileSync('unzip', ['-p', path.join(dir, 'c.zip'), name], { encoding: 'utf8' });
        // The names the contract promises and nginx users expect (ssl_certificate, ssl_certificate_key).
        const names = execFileSync('unzip', ['-Z1', path.join(dir, 'c.zip')], { encoding: 'utf8' });
        expect(names.trim().split('\n')).toEqual(['fullchain.pem', 'privkey.pem']);
        expect(Object.values(certificateZipFiles)).toEqual(['fullchain.pem', 'privkey.pem']);
        expect(read('fullchain.pem')).toBe(`${leaf.chain.trim()}\n`);
        expect(read('privkey.pem')).toBe(`${leaf.key.trim()}\n`);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('ownership', () => {
    it('answers 404 for a foreign certificate on every call taking an id, and changes nothing', async () => {
      const { detail, leaf } = await uploaded();
      const id = detail.id;
      const calls: [string, string, unknown?][] = [
        ['GET', `/certificate/${id}/detail`],
        ['GET', `/certificate/${id}/download?format=zip`],
        ['GET', `/certificate/${id}/domains`],
        ['POST', `/certificate/${id}/deploy`, { domainIds: [1] }],
        ['POST', `/certificate/${id}/replace`, { certificate: leaf.chain, privateKey: leaf.key }],
        ['POST', '/certificate/delete', { id }],
      ];
      for (const [method, url, body] of calls) {
        const res = await h.call(stranger, method as 'GET', url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.text).not.toContain('PRIVATE KEY');
      }
      expect((await h.call(owner, 'GET', `/certificate/${id}/detail`)).body.data.name).toBe(detail.name);
    });
  });

  describe('deployment', () => {
    it('deploys to covered domains (wildcards one level), turns HTTPS on, and reports each domain', async () => {
      const { apex, detail } = await uploaded();
      const www = await enabledDomain(owner, `www.${apex}`);
      const img = await enabledDomain(owner, `a.img.${apex}`);
      const deep = await enabledDomain(owner, `x.a.img.${apex}`);
      const covered = await h.call(owner, 'GET', `/certificate/${detail.id}/domains`);
      expect(covered.body.data).toEqual([
        { id: img, domainName: `a.img.${apex}`, deployed: false },
        { id: www, domainName: `www.${apex}`, deployed: false },
      ]);
      const res = await h.call(owner, 'POST', `/certificate/${detail.id}/deploy`, { domainIds: [www, img, deep] });
      expect(res.statusCode, res.text).toBe(200);
      expect(res.body.data.results).toEqual([
        { domainId: www, domainName: `www.${apex}`, ok: true, message: null },
        { domainId: img, domainName: `a.img.${apex}`, ok: true, message: null },
        {
          domainId: deep,
          domainName: `x.a.img.${apex}`,
          ok: false,
          message: 'Certificate deployment failed: The certificate does not cover this domain',
        },
      ]);
      const config = (await h.call(owner, 'GET', `/domain/config/${www}`)).body.data;
      expect(config.https).toBe('on');
      expect(config.httpsConfig.certificate).toMatchObject({ name: detail.name });
      await h.settle();
      expect(await h.status(owner, www)).toBe('enabled');
      const after = await h.call(owner, 'GET', `/certificate/${detail.id}/detail`);
      expect(after.body.data.deployedDomains.map((d: { domainName: string }) => d.domainName)).toEqual([
        `a.img.${apex}`,
        `www.${apex}`,
      ]);
    });

    it('reports a foreign domain as not found and a domain the edge cannot configure with the reason', async () => {
      const { apex, detail } = await uploaded();
      const foreign = await enabledDomain(stranger, `www.${apex}`);
      const res = await h.call(owner, 'POST', `/certificate/${detail.id}/deploy`, { domainIds: [foreign] }, 'zh-CN');
      expect(res.body.data.results).toEqual([
        { domainId: foreign, domainName: '', ok: false, message: '证书部署失败：域名不存在' },
      ]);
      const config = (await h.call(stranger, 'GET', `/domain/config/${foreign}`)).body.data;
      expect(config.https).toBe('off');
    });

    it('refuses to delete while deployed, naming the domains; deletes once not deployed', async () => {
      const { apex, detail } = await uploaded();
      const www = await enabledDomain(owner, `www.${apex}`);
      await h.call(owner, 'POST', `/certificate/${detail.id}/deploy`, { domainIds: [www] });
      const refused = await h.call(owner, 'POST', '/certificate/delete', { id: detail.id });
      expect(refused.statusCode).toBe(409);
      expect(refused.body).toMatchObject({
        error: 'CERT_IN_USE',
        message: `The certificate is deployed to www.${apex}; switch those domains to another certificate first`,
      });
      const other = await uploaded();
      expect((await h.call(owner, 'POST', '/certificate/delete', { id: other.detail.id })).statusCode).toBe(200);
      expect((await h.call(owner, 'GET', `/certificate/${other.detail.id}/detail`)).statusCode).toBe(404);
    });

    it('keeps a certificate pasted on the domain HTTPS tab as a managed certificate deployed there', async () => {
      const { apex, detail } = await uploaded();
      const www = await enabledDomain(owner, `www.${apex}`);
      await h.call(owner, 'POST', `/certificate/${detail.id}/deploy`, { domainIds: [www] });
      await h.settle();
      const listed = async () =>
        (await h.call(owner, 'GET', '/certificate/list?page=1&pageSize=100')).body.data.list as {
          id: number;
          name: string;
        }[];
      const before = await listed();
      const pasted = pki.issue([`www.${apex}`]);
      const res = await h.call(owner, 'POST', `/domain/config/${www}/https-info`, {
        https: 'on',
        certificate: { name: 'pasted on the tab', certificate: pasted.chain, privateKey: pasted.key },
      });
      expect(res.statusCode, res.text).toBe(200);
      const after = await h.call(owner, 'GET', `/certificate/${detail.id}/detail`);
      expect(after.body.data.deployedDomains).toEqual([]);
      const adopted = (await listed()).filter((c) => !before.some((b) => b.id === c.id));
      expect(adopted.map((c) => c.name)).toEqual(['pasted on the tab']);
      const managed = (await h.call(owner, 'GET', `/certificate/${adopted[0]!.id}/detail`)).body.data;
      expect(managed).toMatchObject({ source: 'uploaded', deployedDomains: [{ id: www, domainName: `www.${apex}` }] });
      expect(JSON.stringify(managed)).not.toContain('PRIVATE KEY');
      const download = await h.call(owner, 'GET', `/certificate/${adopted[0]!.id}/download`);
      expect(download.text).toContain(pasted.chain.trim().split('\n')[1]);
      expect((await h.call(owner, 'POST', '/certificate/delete', { id: detail.id })).statusCode).toBe(200);
      const refused = await h.call(owner, 'POST', '/certificate/delete', { id: adopted[0]!.id });
      expect(refused.body).toMatchObject({ error: 'CERT_IN_USE' });
      // Deploying a managed certificate goes through the same save but creates no second copy.
      const again = await uploaded([`www.${apex}`]);
      const deployed = await h.call(owner, 'POST', `/certificate/${again.detail.id}/deploy`, { domainIds: [www] });
      expect(deployed.body.data.results).toMatchObject([{ ok: true }]);
      const names = (await listed()).map((c) => c.name);
      expect(names.filter((n) => n === 'pasted on the tab')).toHaveLength(1);
      expect(names).toContain(again.detail.name);
      expect(names).not.toContain(detail.name);
    });

    it('replaces the chain and key and redeploys to the same domains; refuses one that misses a domain', async () => {
      const { apex, detail } = await uploaded();
      const www = await enabledDomain(owner, `www.${apex}`);
      await h.call(owner, 'POST', `/certificate/${detail.id}/deploy`, { domainIds: [www] });
      const narrow = pki.issue([`api.${apex}`]);
      const refused = await h.call(owner, 'POST', `/certificate/${detail.id}/replace`, {
        certificate: narrow.chain,
        privateKey: narrow.key,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toMatchObject({ error: 'CERT_NOT_COVERING' });
      expect(refused.body.message).toContain(`www.${apex}`);
      const renewed = pki.issue([`www.${apex}`], { ca: 'intermediate', days: 200 });
      const res = await h.call(owner, 'POST', `/certificate/${detail.id}/replace`, {
        name: 'renewed',
        certificate: renewed.chain,
        privateKey: renewed.key,
      });
      expect(res.statusCode, res.text).toBe(200);
      expect(res.body.data.certificate).toMatchObject({
        id: detail.id,
        name: 'renewed',
        issuer: 'Edgeward Test intermediate CA',
      });
      expect(res.body.data.results).toEqual([{ domainId: www, domainName: `www.${apex}`, ok: true, message: null }]);
      const config = (await h.call(owner, 'GET', `/domain/config/${www}`)).body.data;
      expect(config.httpsConfig.certificate).toMatchObject({
        name: 'renewed',
        issuer: expect.stringContaining('intermediate'),
      });
      const zip = await h.call(owner, 'GET', `/certificate/${detail.id}/download`);
      expect(zip.text).toBe(`${renewed.chain.trim()}\n`);
    });
  });
});
