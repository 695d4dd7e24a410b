import type { OperationLogItem } from '@edgeward/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPki, type TestPki } from '../../../test/fixtures/certificates';
import { createDomainHarness, type DomainHarness } from '../../../test/fixtures/domains';
import type { TestUser } from '../../../test/fixtures/users';
import { dbKinds } from '../../../test/helpers';

// What a managed certificate leaves behind besides itself: the operation log of each change, the deployments each
// list row and covered-domain row reports, the download's file name, and a domain's own refusal during deployment.
describe.each(dbKinds)('certificate records on %s', (kind) => {
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

  async function uploaded(name: string, names: (apex: string) => string[]) {
    const apex = `ops${++counter}.example.com`;
    const leaf = pki.issue(names(apex), { days: 90 });
    const res = await h.call(owner, 'POST', '/certificate/upload', {
      name,
      certificate: leaf.chain,
      privateKey: leaf.key,
    });
    expect(res.statusCode, res.text).toBe(200);
    return { apex, id: res.body.data.id as number, notAfter: res.body.data.notAfter as number };
  }

  async function enabledDomain(name: string): Promise<number> {
    const res = await h.create(owner, name);
    expect(res.statusCode, res.text).toBe(200);
    await h.settle();
    return res.body.data.id;
  }

  /** The owner's log rows of one action on one certificate, newest first. */
  async function logOf(action: string, id: number): Promise<OperationLogItem[]> {
    const res = await h.call(owner, 'GET', `/log/operation?size=100&action=${action}`);
    expect(res.statusCode, res.text).toBe(200);
    return (res.body.data.list as OperationLogItem[]).filter((row) => row.targetId === String(id));
  }

  const changes = (row: OperationLogItem | undefined) =>
    Object.fromEntries((row?.changes ?? []).map((c) => [c.field, [c.before, c.after]]));

  it('logs an upload with the names and the end of validity, under the certificate', async () => {
    const { apex, id, notAfter } = await uploaded('logged upload', (a) => [`www.${a}`, `*.img.${a}`]);
    const [row] = await logOf('certificate.upload', id);
    expect(row).toMatchObject({ targetType: 'certificate', targetName: 'logged upload' });
    expect(changes(row)).toEqual({
      names: [null, `www.${apex}, *.img.${apex}`],
      notAfter: [null, new Date(notAfter).toISOString()],
    });
  });

  it('logs a replacement: the name kept when none is given, renamed when one is', async () => {
    const { apex, id } = await uploaded('before replace', (a) => [`www.${a}`]);
    const next = pki.issue([`www.${apex}`, `api.${apex}`], { days: 120 });
    const kept = await h.call(owner, 'POST', `/certificate/${id}/replace`, {
      certificate: next.chain,
      privateKey: next.key,
    });
    expect(kept.statusCode, kept.text).toBe(200);
    expect(kept.body.data.certificate.name).toBe('before replace');
    const [first] = await logOf('certificate.replace', id);
    expect(first).toMatchObject({ targetName: 'before replace' });
    expect(changes(first).names).toEqual([`www.${apex}`, `www.${apex}, api.${apex}`]);
    expect(changes(first).name).toBeUndefined();

    const last = pki.issue([`www.${apex}`], { days: 150 });
    const renamed = await h.call(owner, 'POST', `/certificate/${id}/replace`, {
      name: 'after replace',
      certificate: last.chain,
      privateKey: last.key,
    });
    expect(renamed.body.data.certificate.name).toBe('after replace');
    const [second] = await logOf('certificate.replace', id);
    expect(second).toMatchObject({ targetName: 'before replace' });
    expect(changes(second).name).toEqual(['before replace', 'after replace']);
  });

  it('logs each domain a deployment reaches, and a deletion with what was deleted', async () => {
    const { apex, id } = await uploaded('deploy log', (a) => [`www.${a}`, `cdn.${a}`]);
    const www = await enabledDomain(`www.${apex}`);
    const res = await h.call(owner, 'POST', `/certificate/${id}/deploy`, { domainIds: [www] });
    expect(res.body.data.results).toMatchObject([{ domainId: www, ok: true }]);
    const deployed = await logOf('certificate.deploy', id);
    expect(deployed).toHaveLength(1);
    expect(deployed[0]).toMatchObject({ targetType: 'certificate', targetName: 'deploy log' });
    expect(changes(deployed[0])).toEqual({ domain: [null, `www.${apex}`] });

    const other = await uploaded('deleted one', (a) => [`del.${a}`]);
    expect((await h.call(owner, 'POST', '/certificate/delete', { id: other.id })).statusCode).toBe(200);
    const [deleted] = await logOf('certificate.delete', other.id);
    expect(deleted).toMatchObject({ targetType: 'certificate', targetName: 'deleted one' });
    expect(changes(deleted).names).toEqual([`del.${other.apex}`, null]);
  });

  it('reports a domain its own area refuses beside one that takes the certificate, and logs only that one', async () => {
    const { apex, id } = await uploaded('state refusal', (a) => [`www.${a}`, `new.${a}`]);
    const www = await enabledDomain(`www.${apex}`);
    // Still being created: its settings cannot change until the edge reports the first rollout.
    const creating = await h.create(owner, `new.${apex}`);
    expect(creating.statusCode, creating.text).toBe(200);
    const fresh = creating.body.data.id as number;
    expect(await h.status(owner, fresh)).toBe('creating');
    const res = await h.call(owner, 'POST', `/certificate/${id}/deploy`, { domainIds: [fresh, www] }, 'zh-CN');
    expect(res.statusCode, res.text).toBe(200);
    expect(res.body.data.results).toEqual([
      { domainId: www, domainName: `www.${apex}`, ok: true, message: null },
      {
        domainId: fresh,
        domainName: `new.${apex}`,
        ok: false,
        message: expect.stringMatching(/^证书部署失败：.+/),
      },
    ]);
    const en = await h.call(owner, 'POST', `/certificate/${id}/deploy`, { domainIds: [fresh] });
    expect(en.body.data.results).toEqual([
      {
        domainId: fresh,
        domainName: `new.${apex}`,
        ok: false,
        message: 'Certificate deployment failed: This cannot be done while the domain is in its current state',
      },
    ]);
    expect((await logOf('certificate.deploy', id)).map((row) => changes(row).domain)).toEqual([[null, `www.${apex}`]]);
    await h.settle();
  });

  it('lists each certificate with its own deployments, and marks the covered domains it is deployed to', async () => {
    const first = await uploaded('first of two', (a) => [`www.${a}`, `cdn.${a}`]);
    const second = await uploaded('second of two', () => [`www.${first.apex}`]);
    const www = await enabledDomain(`www.${first.apex}`);
    const cdn = await enabledDomain(`cdn.${first.apex}`);
    await h.call(owner, 'POST', `/certificate/${first.id}/deploy`, { domainIds: [cdn] });
    await h.call(owner, 'POST', `/certificate/${second.id}/deploy`, { domainIds: [www] });
    const list = (await h.call(owner, 'GET', `/certificate/list?page=1&size=100&search=${first.apex}`)).body.data
      .list as { id: number; deployedDomains: { id: number; domainName: string }[] }[];
    const byId = new Map(list.map((row) => [row.id, row.deployedDomains]));
    expect(byId.get(first.id)).toEqual([{ id: cdn, domainName: `cdn.${first.apex}` }]);
    expect(byId.get(second.id)).toEqual([{ id: www, domainName: `www.${first.apex}` }]);
    const covered = await h.call(owner, 'GET', `/certificate/${first.id}/domains`);
    expect(covered.body.data).toEqual([
      { id: cdn, domainName: `cdn.${first.apex}`, deployed: true },
      { id: www, domainName: `www.${first.apex}`, deployed: false },
    ]);
  });

  it.each([
    ['a name with spaces and slashes', 'my cert/2026 v1', 'my_cert_2026_v1'],
    ['leading dots and underscores', '.._hidden cert', 'hidden_cert'],
    ['no letter it can keep', '生产证书', 'certificate'],
  ])('names the downloaded file from %s', async (_, name, stem) => {
    const { id } = await uploaded(name, (a) => [`dl.${a}`]);
    const pem = await h.call(owner, 'GET', `/certificate/${id}/download`);
    expect(pem.headers['content-disposition']).toBe(`attachment; filename="${stem}.pem"`);
    const zip = await h.ctx.app.inject({ url: `/api/certificate/${id}/download?format=zip`, headers: owner.headers });
    expect(zip.headers['content-disposition']).toBe(`attachment; filename="${stem}.zip"`);
  });
});
