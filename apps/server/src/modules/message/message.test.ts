import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSupportHarness, type SupportHarness } from '../../../test/fixtures/support';
import type { TestUser } from '../../../test/fixtures/users';
import { dbKinds } from '../../../test/helpers';
import { eventMessage, sendMessage } from './message.service';
import { safeHtml } from './safe-html';

describe('safeHtml', () => {
  it('keeps formatting and removes script, handlers and javascript: links', () => {
    expect(safeHtml('<p>Hi <b>there</b><script>alert(1)</script></p>')).toBe('<p>Hi <b>there</b></p>');
    expect(safeHtml('<img src="x" onerror="alert(1)">')).toBe('');
    expect(safeHtml('<a href="javascript:alert(1)">x</a>')).toBe(
      '<a target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(safeHtml('<svg><animate onbegin=alert(1)></svg><iframe src="https://x"></iframe>')).toBe('');
    expect(safeHtml('<a href="https://example.com" onclick="x()">ok</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">ok</a>',
    );
  });

  it('turns an https image, which the CSP would block, into a link to it and drops any other image', () => {
    expect(safeHtml('<p>See <img src="https://cdn.example.com/graph.png" alt="the graph" width="10">.</p>')).toBe(
      '<p>See <a href="https://cdn.example.com/graph.png" target="_blank" rel="noopener noreferrer nofollow">the graph</a>.</p>',
    );
    expect(safeHtml('<img src="https://cdn.example.com/a.png">')).toBe(
      '<a href="https://cdn.example.com/a.png" target="_blank" rel="noopener noreferrer nofollow">https://cdn.example.com/a.png</a>',
    );
    expect(safeHtml('<img src="https://cdn.example.com/a.png" alt="<b>x</b>">')).toContain('>&lt;b&gt;x&lt;/b&gt;</a>');
    for (const src of [
      '/api/user/avatar/1.png',
      'http://cdn.example.com/a.png',
      'data:image/png;base64,AAAA',
      '//x.example/a',
    ]) {
      expect(safeHtml(`<p>a<img src="${src}">b</p>`), src).toBe('<p>ab</p>');
    }
  });
});

describe.each(dbKinds)('messages on %s', (kind) => {
  let h: SupportHarness;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    h = await createSupportHarness(kind);
    owner = await h.user();
    stranger = await h.user();
  });
  afterAll(() => h.close());

  const ids = (res: { body: { data: { list: { id: number }[] } } }) => res.body.data.list.map((m) => m.id);

  it('publishes an operator notice to one user, sanitized before it is stored', async () => {
    const published = await h.ops(
      'notice',
      'publish',
      '--title',
      'Maintenance <b>tonight</b>',
      '--content',
      '<p onclick="steal()">Edge maintenance at <b>02:00</b>.</p><script>alert(1)</script>',
      '--to',
      owner.userName,
    );
    expect(published.code, published.err).toBe(0);
    const list = await h.call(owner, 'GET', '/notice/all');
    expect(list.body.data).toMatchObject({ total: 1, page: 0, size: 20 });
    const [item] = list.body.data.list;
    expect(item).toMatchObject({ kind: 'notice', title: 'Maintenance <b>tonight</b>', read: false });
    expect(item.content).toBeUndefined();
    const detail = await h.call(owner, 'GET', `/notice/${item.id}`);
    expect(detail.body.data).toMatchObject({
      title: 'Maintenance <b>tonight</b>',
      content: '<p>Edge maintenance at <b>02:00</b>.</p>',
    });
    expect(typeof detail.body.data.createDate).toBe('number');
    expect((await h.call(stranger, 'GET', '/notice/all')).body.data.total).toBe(0);
    expect((await h.ops('notice', 'publish', '--title', 't', '--content', 'c', '--to', 'nobody_here')).code).toBe(1);
  });

  it('publishes to everyone', async () => {
    const res = await h.ops('notice', 'publish', '--title', 'Hello all', '--content', '<p>hi</p>', '--to', 'all');
    expect(res.code, res.err).toBe(0);
    for (const user of [owner, stranger]) {
      const titles = (await h.call(user, 'GET', '/notice/all')).body.data.list.map((m: { title: string }) => m.title);
      expect(titles).toContain('Hello all');
    }
  });

  it('renders event messages in the reader language, with the params escaped', async () => {
    await sendMessage(
      h.ctx.database.db,
      stranger.id,
      eventMessage('domain', 'domain.rejected', { domain: 'x.test', reason: '<img src=x onerror=alert(1)>' }),
    );
    const [latest] = (await h.call(stranger, 'GET', '/notice/unread', undefined, 'zh-CN')).body.data.list;
    expect(latest.title).toBe('域名 x.test 审核未通过');
    const en = await h.call(stranger, 'GET', `/notice/${latest.id}`);
    expect(en.body.data.title).toBe('Domain x.test did not pass review');
    expect(en.body.data.content).toBe(
      '<p>The domain <b>x.test</b> did not pass review: &lt;img src=x onerror=alert(1)&gt;</p>',
    );
  });

  it('pages from 0, counts unread, marks read and unread, reads all, deletes one and all', async () => {
    for (let i = 0; i < 4; i++) {
      await sendMessage(h.ctx.database.db, owner.id, { kind: 'notice', title: `n${i}`, content: `<p>${i}</p>` });
    }
    const count = async () => (await h.call(owner, 'GET', '/notice/unread_count')).body.data;
    expect(await count()).toBe(6);
    const page0 = await h.call(owner, 'GET', '/notice/unread?page=0&size=4');
    const page1 = await h.call(owner, 'GET', '/notice/unread?page=1&size=4');
    expect(page0.body.data).toMatchObject({ page: 0, size: 4, total: 6 });
    expect(ids(page0)).toHaveLength(4);
    expect(ids(page1)).toHaveLength(2);
    expect(new Set([...ids(page0), ...ids(page1)]).size).toBe(6);

    const [first] = ids(page0);
    expect((await h.call(owner, 'POST', `/notice/${first}`, { read: true })).statusCode).toBe(200);
    expect(await count()).toBe(5);
    expect(ids(await h.call(owner, 'GET', '/notice/read'))).toEqual([first]);
    await h.call(owner, 'POST', `/notice/${first}`, { read: false });
    expect(await count()).toBe(6);

    await h.call(owner, 'POST', '/notice/read_all');
    expect(await count()).toBe(0);
    expect((await h.call(owner, 'GET', '/notice/read')).body.data.total).toBe(6);

    expect((await h.call(owner, 'DELETE', `/notice/${first}`)).statusCode).toBe(200);
    expect((await h.call(owner, 'GET', `/notice/${first}`)).statusCode).toBe(404);
    await h.call(owner, 'POST', '/notice/delete_all');
    expect((await h.call(owner, 'GET', '/notice/all')).body.data.total).toBe(0);
  });

  it("answers 404 for another user's message on every call", async () => {
    await sendMessage(h.ctx.database.db, owner.id, { kind: 'notice', title: 'mine', content: 'x' });
    const [id] = ids(await h.call(owner, 'GET', '/notice/all'));
    expect((await h.call(stranger, 'GET', `/notice/${id}`)).statusCode).toBe(404);
    expect((await h.call(stranger, 'POST', `/notice/${id}`, { read: true })).statusCode).toBe(404);
    expect((await h.call(stranger, 'DELETE', `/notice/${id}`)).statusCode).toBe(404);
    await h.call(stranger, 'POST', '/notice/read_all');
    await h.call(stranger, 'POST', '/notice/delete_all');
    expect((await h.call(owner, 'GET', `/notice/${id}`)).body.data.read).toBe(false);
    expect((await h.call(owner, 'GET', '/notice/unknown')).statusCode).toBe(400);
  });
});
