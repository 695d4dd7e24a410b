import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDomainHarness, type DomainHarness } from '../../../test/fixtures/domains';
import type { TestUser } from '../../../test/fixtures/users';
import { dbKinds } from '../../../test/helpers';

const DAY_MS = 24 * 3_600_000;

describe.each(dbKinds)('preheat and refresh on %s', (kind) => {
  let h: DomainHarness;
  let owner: TestUser;
  let stranger: TestUser;
  let domainId: number;

  beforeAll(async () => {
    h = await createDomainHarness(kind, {
      EDGE_SANDBOX_FAIL_PATTERN: 'broken-asset',
      REFRESH_DAILY_DIRS: '3',
    });
    owner = await h.user();
    stranger = await h.user();
    domainId = (await h.create(owner, 'www.preheat-owner.test')).body.data.id;
    await h.create(stranger, 'www.preheat-stranger.test');
    await h.settle();
    expect(await h.status(owner, domainId)).toBe('enabled');
  });
  afterAll(() => h.close());

  const submit = (user: TestUser, type: string, urls: string[], lang?: string) =>
    h.call(user, 'POST', '/preheat/tasks', { type, urls }, lang);

  it('checks every line with the texts of spec section 5', async () => {
    const format = await submit(owner, 'preheat', ['www.preheat-owner.test/a.png', 'ftp://www.preheat-owner.test/b']);
    expect(format.statusCode).toBe(400);
    expect(format.body.fields).toEqual({ 'urls.1': 'Preheat URLs start with http:// or www.example.com one per line' });

    const refresh = await submit(owner, 'refreshUrl', ['ftp://www.preheat-owner.test/b'], 'zh-CN');
    expect(refresh.body.fields).toEqual({ 'urls.0': '刷新URL需以http://、https://或www.example.com开头，每行一个' });

    const directory = await submit(owner, 'refreshDir', ['http://www.preheat-owner.test/images']);
    expect(directory.body.fields).toEqual({ 'urls.0': "Directory refresh URLs end with '/'" });

    const zh = await submit(owner, 'refreshDir', ['http://www.preheat-owner.test/images'], 'zh-CN');
    expect(zh.body.fields).toEqual({ 'urls.0': "目录刷新URL需以'/'结尾" });

    const empty = await submit(owner, 'refreshUrl', []);
    expect(empty.body.fields).toEqual({ urls: 'Input cannot be empty' });
  });

  it("refuses another user's domain and a domain that is not there", async () => {
    const res = await submit(owner, 'refreshUrl', [
      'http://www.preheat-owner.test/ok.css',
      'http://www.preheat-stranger.test/a.css',
      'https://nobody.preheat.test/a.css',
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.body.fields).toEqual({
      'urls.1': 'The domain is not one of your enabled domains',
      'urls.2': 'The domain is not one of your enabled domains',
    });
  });

  it('takes tasks while a settings change rolls out, and asks to retry for a domain the edge does not serve yet', async () => {
    const user = await h.user();
    const id = (await h.create(user, 'deploy.preheat.test')).body.data.id;
    const url = ['http://deploy.preheat.test/app.js'];
    expect(await h.status(user, id)).toBe('creating');
    const creating = await submit(user, 'refreshUrl', url);
    expect(creating.statusCode).toBe(400);
    expect(creating.body.fields).toEqual({
      'urls.0':
        'The domain is being deployed to the edge: submit again once its status is Enabled (usually within a minute)',
    });
    const zh = await submit(user, 'refreshUrl', url, 'zh-CN');
    expect(zh.body.fields).toEqual({
      'urls.0': '该域名正在部署到边缘节点，请在其状态变为“已启用”后重新提交（通常在一分钟内）',
    });

    await h.settle();
    const saved = await h.call(user, 'POST', `/domain/config/${id}/compression`, { gzip: 'on', brotli: 'off' });
    expect(saved.statusCode, saved.text).toBe(200);
    expect(await h.status(user, id)).toBe('configuring');
    expect((await submit(user, 'refreshUrl', url)).statusCode).toBe(200);
    expect((await submit(user, 'preheat', url)).statusCode).toBe(200);

    await h.settle();
    expect((await h.call(user, 'POST', '/domain/disable', { id })).statusCode).toBe(200);
    await h.settle();
    expect((await submit(user, 'refreshUrl', url)).body.fields).toEqual({
      'urls.0': 'The domain is not one of your enabled domains',
    });
    expect((await h.call(user, 'POST', '/domain/enable', { id })).statusCode).toBe(200);
    expect(await h.status(user, id)).toBe('configuring');
    expect((await submit(user, 'refreshUrl', url)).body.fields).toEqual({
      'urls.0':
        'The domain is being deployed to the edge: submit again once its status is Enabled (usually within a minute)',
    });
    await h.settle();
    expect(await h.status(user, id)).toBe('enabled');
    expect((await submit(user, 'refreshUrl', url)).statusCode).toBe(200);
  });

  it('refuses to preheat what is never cached: expiry 0 by the highest-priority rule, or the origin says so', async () => {
    const rules = await h.call(owner, 'POST', `/domain/config/${domainId}/cache-rule`, {
      rules: [
        { priority: 1, type: 'all', ttl: 1, unit: 'days' },
        { priority: 5, type: 'path', content: ['/api'], ttl: 0, unit: 'seconds' },
        { priority: 9, type: 'suffix', content: ['.png'], ttl: 7, unit: 'days' },
      ],
    });
    expect(rules.statusCode, rules.text).toBe(200);
    await h.settle();
    const res = await submit(owner, 'preheat', [
      'http://www.preheat-owner.test/api/list',
      'http://www.preheat-owner.test/api/logo.png',
      'http://www.preheat-owner.test/index.html',
    ]);
    expect(res.body.fields).toEqual({
      'urls.0': 'Preheated resources must not have cache expiry 0 or cache-control of private, no-cache or no-store',
    });
    const origin = await submit(owner, 'preheat', [
      'http://www.preheat-owner.test/cache-control/max-age=60/a.png',
      'http://www.preheat-owner.test/cache-control/no-store/a.png',
      'http://www.preheat-owner.test/cache-control/private/a.png',
    ]);
    expect(origin.body.fields).toEqual({
      'urls.1': 'Preheated resources must not have cache expiry 0 or cache-control of private, no-cache or no-store',
      'urls.2': 'Preheated resources must not have cache expiry 0 or cache-control of private, no-cache or no-store',
    });
    // A refresh of the same URL is fine: only preheating an uncached resource is pointless.
    expect((await submit(owner, 'refreshUrl', ['http://www.preheat-owner.test/api/list'])).statusCode).toBe(200);
  });

  it('runs a task through the edge: success, or failed with the URLs that failed, which can be resubmitted', async () => {
    const ok = await submit(owner, 'preheat', ['www.preheat-owner.test/logo.png']);
    expect(ok.body.data).toMatchObject({
      status: 'processing',
      urlCount: 1,
      firstUrl: 'http://www.preheat-owner.test/logo.png',
    });
    const mixed = await submit(owner, 'refreshUrl', [
      'http://www.preheat-owner.test/app.js',
      'http://www.preheat-owner.test/broken-asset.js',
    ]);
    await h.settle();
    await h.settle();

    const done = await h.call(owner, 'GET', `/preheat/tasks/${ok.body.data.id}`);
    expect(done.body.data).toMatchObject({ status: 'success', failedCount: 0 });
    const failed = await h.call(owner, 'GET', `/preheat/tasks/${mixed.body.data.id}`);
    expect(failed.body.data).toMatchObject({ status: 'failed', failedCount: 1 });
    expect(failed.body.data.urls).toEqual([
      { url: 'http://www.preheat-owner.test/app.js', status: 'success', reason: null },
      { url: 'http://www.preheat-owner.test/broken-asset.js', status: 'failed', reason: expect.any(String) },
    ]);

    const again = await h.call(owner, 'POST', `/preheat/tasks/${mixed.body.data.id}/resubmit`);
    expect(again.body.data).toMatchObject({
      type: 'refreshUrl',
      status: 'processing',
      urlCount: 1,
      firstUrl: 'http://www.preheat-owner.test/broken-asset.js',
    });
    const nothing = await h.call(owner, 'POST', `/preheat/tasks/${ok.body.data.id}/resubmit`);
    expect(nothing.body.error).toBe('CACHE_TASK_NOTHING_FAILED');

    const onlyFailed = await h.call(owner, 'GET', '/preheat/tasks?status=failed');
    expect(onlyFailed.body.data.list.map((t: { id: number }) => t.id)).toEqual([mixed.body.data.id]);
    const future = await h.call(owner, 'GET', `/preheat/tasks?from=${h.ctx.clock.now.getTime() + DAY_MS}`);
    expect(future.body.data.total).toBe(0);
  });

  it("keeps tasks to their owner: another user's id is not found", async () => {
    const mine = await submit(owner, 'refreshUrl', ['http://www.preheat-owner.test/x.css']);
    const id = mine.body.data.id;
    expect((await h.call(stranger, 'GET', `/preheat/tasks/${id}`)).statusCode).toBe(404);
    expect((await h.call(stranger, 'POST', `/preheat/tasks/${id}/resubmit`)).statusCode).toBe(404);
    expect((await h.call(stranger, 'GET', '/preheat/tasks')).body.data.total).toBe(0);
  });

  it('enforces the daily quota per Beijing day and shows its use', async () => {
    // Ten minutes before midnight in Beijing (16:00 UTC), so that the next day is near and sessions stay alive.
    const toEvening = (16 * 3_600_000 - 10 * 60_000 - (h.ctx.clock.now.getTime() % DAY_MS) + DAY_MS) % DAY_MS;
    h.ctx.clock.advance(toEvening);
    const user = await h.user();
    const id = (await h.create(user, 'quota.preheat.test')).body.data.id;
    await h.settle();
    expect(await h.status(user, id)).toBe('enabled');
    const dirs = ['http://quota.preheat.test/a/', 'http://quota.preheat.test/b/'];
    expect((await submit(user, 'refreshDir', dirs)).statusCode).toBe(200);
    const over = await submit(user, 'refreshDir', ['http://quota.preheat.test/c/', 'http://quota.preheat.test/d/']);
    expect(over.statusCode).toBe(429);
    expect(over.body).toMatchObject({
      error: 'CACHE_TASK_QUOTA_EXCEEDED',
      message: "Today's quota is used up: 1 of 3 left",
    });
    const quota = await h.call(user, 'GET', '/preheat/quota');
    expect(quota.body.data).toMatchObject({
      refreshDir: { limit: 3, used: 2 },
      refreshUrl: { limit: 10_000, used: 0 },
      preheat: { limit: 10_000, used: 0 },
    });
    h.ctx.clock.advance(20 * 60_000);
    expect(
      (await submit(user, 'refreshDir', ['http://quota.preheat.test/c/', 'http://quota.preheat.test/d/'])).statusCode,
    ).toBe(200);
    expect((await h.call(user, 'GET', '/preheat/quota')).body.data.refreshDir.used).toBe(2);
  });
});
