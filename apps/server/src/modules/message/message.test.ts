import { limits } from '@edgeward/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSupportHarness, type SupportHarness } from '../../../test/fixtures/support';
import type { TestUser } from '../../../test/fixtures/users';
import { dbKinds } from '../../../test/helpers';
import { users } from '../../db/schema';
import { eventMessage, sendMessage } from './message.service';
import { escapeHtml, safeHtml } from './safe-html';

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
    expect(safeHtml('<p>a<img alt="no source">b</p>')).toBe('<p>ab</p>');
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

describe('safeHtml allow-list', () => {
  const containers = ['p', 'b', 'strong', 'i', 'em', 'u', 's', 'small', 'sub', 'sup', 'code', 'pre', 'blockquote'];
  const structure = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'span', 'div'];
  const tables = ['table', 'thead', 'tbody', 'tr', 'th', 'td'];
  it.each([...containers, ...structure, ...tables])('keeps <%s>', (tag) => {
    expect(safeHtml(`<${tag}>x</${tag}>`)).toBe(`<${tag}>x</${tag}>`);
  });

  it.each(['br', 'hr'])('keeps the empty element <%s>', (tag) => {
    expect(safeHtml(`a<${tag}>b`)).toBe(`a<${tag} />b`);
  });

  it('keeps only the attributes of its list: a title on a link, column and row spans on a cell', () => {
    expect(safeHtml('<a href="https://example.com" title="Docs" class="x">d</a>')).toBe(
      '<a href="https://example.com" title="Docs" target="_blank" rel="noopener noreferrer nofollow">d</a>',
    );
    expect(safeHtml('<td colspan="2" rowspan="3" style="color:red">c</td>')).toBe('<td colspan="2" rowspan="3">c</td>');
    expect(safeHtml('<p id="x" class="y" style="color:red" title="t">p</p>')).toBe('<p>p</p>');
  });

  it('keeps links over http, https and mailto only; a protocol-relative link loses its address', () => {
    const link = (href: string) => `<a href="${href}" target="_blank" rel="noopener noreferrer nofollow">x</a>`;
    for (const href of ['http://example.com/', 'https://example.com/', 'mailto:ops@example.com']) {
      expect(safeHtml(`<a href="${href}">x</a>`), href).toBe(link(href));
    }
    for (const href of ['//evil.example/x', 'ftp://example.com/', 'data:text/html,x', 'vbscript:x']) {
      expect(safeHtml(`<a href="${href}">x</a>`), href).toBe(
        '<a target="_blank" rel="noopener noreferrer nofollow">x</a>',
      );
    }
  });

  it('drops forms, frames, objects, styles and their text', () => {
    expect(safeHtml('<form action="https://x"><input name="a"></form><style>p{}</style><object></object>ok')).toBe(
      'ok',
    );
  });
});

describe('escapeHtml', () => {
  it('escapes each character that could open markup or end an attribute, and nothing else', () => {
    expect(escapeHtml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&#39;f');
    expect(escapeHtml('plain text: 100% / 2')).toBe('plain text: 100% / 2');
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
    expect(await h.ops('notice', 'publish', '--title', 't', '--content', 'c', '--to', 'nobody_here')).toMatchObject({
      code: 1,
      err: expect.stringContaining('no user nobody_here'),
    });
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

  it('gives a zh-CN reader the Chinese form of a param that has one (<name>Zh), escaped, and others the plain form', async () => {
    await sendMessage(
      h.ctx.database.db,
      stranger.id,
      // reasonzz has a suffix of the language's length that is not the language's, and comes after reasonZh in the
      // stored order (jsonb sorts keys): it must not stand in for reason in either language.
      eventMessage('domain', 'domain.rejected', {
        domain: 'zh.test',
        reason: 'too <b>short</b>',
        reasonZh: '太<b>短</b>',
        reasonzz: 'not this one',
      }),
    );
    const [latest] = (await h.call(stranger, 'GET', '/notice/unread', undefined, 'zh-CN')).body.data.list;
    const zh = await h.call(stranger, 'GET', `/notice/${latest.id}`, undefined, 'zh-CN');
    expect(zh.body.data.content).toBe('<p>域名 <b>zh.test</b> 审核未通过：太&lt;b&gt;短&lt;/b&gt;</p>');
    const en = await h.call(stranger, 'GET', `/notice/${latest.id}`);
    expect(en.body.data.content).toBe(
      '<p>The domain <b>zh.test</b> did not pass review: too &lt;b&gt;short&lt;/b&gt;</p>',
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

  it('publishes a notice only with a title, a content within their limits and a recipient', async () => {
    const reader = await h.user();
    const to = ['--to', reader.userName];
    const refusals: [string[], string][] = [
      [['--content', 'c', ...to], '--title and --content are needed'],
      [['--title', '  ', '--content', 'c', ...to], '--title and --content are needed'],
      [['--title', 't', ...to], '--title and --content are needed'],
      [['--title', 't', '--content', '  ', ...to], '--title and --content are needed'],
      [['--title', 'x'.repeat(limits.message.titleMax + 1), '--content', 'c', ...to], '--title is at most 200'],
      [
        ['--title', 't', '--content', 'x'.repeat(limits.message.contentMax + 1), ...to],
        '--content is at most 20000 characters',
      ],
      [['--title', 't', '--content', 'c'], '--to <userName|all> is needed'],
      [['stray', '--title', 't', '--content', 'c', ...to], 'unexpected argument stray'],
    ];
    for (const [args, error] of refusals) {
      const res = await h.ops('notice', 'publish', ...args);
      expect(res, args.join(' ').slice(0, 60)).toMatchObject({ code: 1, err: expect.stringContaining(error) });
    }
    expect((await h.call(reader, 'GET', '/notice/all')).body.data.total).toBe(0);

    const title = 'x'.repeat(limits.message.titleMax);
    const content = 'y'.repeat(limits.message.contentMax);
    const fits = await h.ops('notice', 'publish', '--title', ` ${title} `, '--content', content, ...to);
    expect(fits).toMatchObject({ code: 0, out: `Published to ${reader.userName}` });
    const [notice] = (await h.call(reader, 'GET', '/notice/all')).body.data.list;
    expect(notice.title).toBe(title);
    expect((await h.call(reader, 'GET', `/notice/${notice.id}`)).body.data.content).toBe(content);
  });

  it('tells how many accounts a notice to everyone reached', async () => {
    const [accounts] = await h.ctx.database.db.select({ n: count() }).from(users);
    const res = await h.ops('notice', 'publish', '--title', 'Count', '--content', 'c', '--to', 'all');
    expect(res.out).toBe(`Published to ${accounts!.n} accounts`);
  });

  it('lists newest first, of two at the same time the later written first, each tab with its own messages', async () => {
    const reader = await h.user();
    const start = h.ctx.clock.now.getTime();
    const sent: [string, number][] = [
      ['oldest', 0],
      ['newest', 2_000],
      ['same time, first', 1_000],
      ['same time, second', 1_000],
    ];
    for (const [title, offset] of sent) {
      await sendMessage(
        h.ctx.database.db,
        reader.id,
        { kind: 'notice', title: `  ${title} `, content: 'x' },
        new Date(start + offset),
      );
    }
    const list = async (tab: string) => (await h.call(reader, 'GET', `/notice/${tab}`)).body.data.list;
    const all = await list('all');
    expect(all.map((m: { title: string }) => m.title)).toEqual([
      'newest',
      'same time, second',
      'same time, first',
      'oldest',
    ]);
    expect(all.map((m: { createDate: number }) => m.createDate)).toEqual(
      [2_000, 1_000, 1_000, 0].map((o) => start + o),
    );
    expect(all.every((m: { read: boolean }) => m.read === false)).toBe(true);

    const newest = all[0].id;
    await h.call(reader, 'POST', `/notice/${newest}`, { read: true });
    expect((await list('read')).map((m: { id: number }) => m.id)).toEqual([newest]);
    expect((await list('read'))[0].read).toBe(true);
    expect((await list('unread')).map((m: { id: number }) => m.id)).toEqual(
      all.slice(1).map((m: { id: number }) => m.id),
    );
    expect((await h.call(reader, 'GET', `/notice/${newest}`)).body.data.read).toBe(true);
    expect((await h.call(reader, 'GET', '/notice/unread_count')).body.data).toBe(3);
  });
});
