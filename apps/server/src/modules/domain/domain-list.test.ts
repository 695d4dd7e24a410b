import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDomainHarness, type DomainHarness } from '../../../test/fixtures/domains';
import { dbKinds } from '../../../test/helpers';
import { bulkInsertDomains } from './domain.bench-support';

describe.each(dbKinds)('domain list and export on %s', (kind) => {
  let h: DomainHarness;
  beforeAll(async () => {
    h = await createDomainHarness(kind);
  });
  afterAll(() => h.close());

  it('pages newest first (or oldest first) with exact totals, from either end of a long list', async () => {
    const a = await h.user();
    await bulkInsertDomains(h.ctx.database, a.id, 7, { prefix: 'web' });
    await bulkInsertDomains(h.ctx.database, a.id, 4, { prefix: 'dl', type: 'download' });
    const all = (await h.call(a, 'GET', '/domain/list?size=100')).body.data;
    expect(all.total).toBe(11);
    const keys = all.list.map((d: { createdAt: number; id: number }) => [d.createdAt, d.id]);
    const sorted = [...keys].sort((x, y) => y[0] - x[0] || y[1] - x[1]);
    expect(keys).toEqual(sorted);
    const names = all.list.map((d: { domainName: string }) => d.domainName);

    for (const size of [2, 3, 4, 5]) {
      const pages: string[] = [];
      const asc: string[] = [];
      for (let page = 1; page <= Math.ceil(11 / size); page++) {
        const res = (await h.call(a, 'GET', `/domain/list?page=${page}&size=${size}`)).body.data;
        expect(res).toMatchObject({ total: 11, page, size });
        pages.push(...res.list.map((d: { domainName: string }) => d.domainName));
        const up = (await h.call(a, 'GET', `/domain/list?page=${page}&size=${size}&order=asc`)).body.data;
        asc.push(...up.list.map((d: { domainName: string }) => d.domainName));
      }
      expect(pages).toEqual(names);
      expect(asc).toEqual([...names].reverse());
    }
    const beyond = (await h.call(a, 'GET', '/domain/list?page=9&size=5')).body.data;
    expect(beyond).toEqual({ list: [], total: 11, page: 9, size: 5 });
  });

  it('filters by type, status and a name substring, with totals to match', async () => {
    const a = await h.user();
    await bulkInsertDomains(h.ctx.database, a.id, 5, { prefix: 'alpha' });
    await bulkInsertDomains(h.ctx.database, a.id, 3, { prefix: 'beta', type: 'media' });
    const byType = (await h.call(a, 'GET', '/domain/list?type=media')).body.data;
    expect(byType.total).toBe(3);
    expect(byType.list.every((d: { type: string }) => d.type === 'media')).toBe(true);
    const search = (await h.call(a, 'GET', '/domain/list?domainName=ALPHA-')).body.data;
    expect(search.total).toBe(5);
    const none = (await h.call(a, 'GET', '/domain/list?domainName=%25')).body.data;
    expect(none.total).toBe(0);
    const both = (await h.call(a, 'GET', '/domain/list?domainName=beta-2&type=media')).body.data;
    expect(both.list.map((d: { domainName: string }) => d.domainName)).toEqual(['beta-2.example.com']);

    const firstId = search.list[0].id;
    await h.call(a, 'POST', '/domain/disable', { id: firstId });
    expect((await h.call(a, 'GET', '/domain/list?status=disabled')).body.data.total).toBe(1);
    expect((await h.call(a, 'GET', '/domain/list?status=enabled')).body.data.total).toBe(7);
    expect((await h.call(a, 'GET', '/domain/list?status=enabled&type=web')).body.data.total).toBe(4);
    expect((await h.call(a, 'GET', '/domain/list?status=enabled&domainName=alpha')).body.data.total).toBe(4);
    const bad = await h.call(a, 'GET', '/domain/list?status=sleeping');
    expect(bad.statusCode).toBe(400);
  });

  it("exports only the caller's domains as a CSV attachment, optionally filtered by name", async () => {
    const a = await h.user();
    const b = await h.user();
    await bulkInsertDomains(h.ctx.database, a.id, 3, { prefix: 'exp-a' });
    await bulkInsertDomains(h.ctx.database, b.id, 2, { prefix: 'exp-b' });
    const res = await h.call(a, 'GET', '/domain/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="domains-\d{8}\.csv"$/);
    const lines = res.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Domain name,CNAME,Acceleration type,Status,HTTPS,Created (UTC+8)');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      /^exp-a-3\.example\.com,exp-a-3\.example\.com\.cdn\.edgeward\.net,Static pages,Enabled,off,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/,
    );
    expect(res.text).not.toContain('exp-b');
    const filtered = await h.call(a, 'GET', '/domain/export?domainName=exp-a-2');
    expect(filtered.text.trimEnd().split('\r\n')).toHaveLength(2);
    const zh = await h.call(a, 'GET', '/domain/export', undefined, 'zh-CN');
    expect(zh.text).toContain('已启用');
    expect(zh.text.split('\r\n')[0]).toBe('域名,CNAME,加速类型,状态,HTTPS,创建时间（UTC+8）');
  });

  it('streams every row of a long export across its batches, each once', async () => {
    const a = await h.user();
    await bulkInsertDomains(h.ctx.database, a.id, 2345, { prefix: 'many' });
    const res = await h.call(a, 'GET', '/domain/export');
    const names = res.text
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[0]);
    expect(names).toHaveLength(2345);
    expect(new Set(names).size).toBe(2345);
    expect(names[0]).toBe('many-2345.example.com');
    expect(names.at(-1)).toBe('many-1.example.com');
  });
});
