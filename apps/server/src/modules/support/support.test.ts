import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { limits, ticketStatuses } from '@edgeward/contract';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSupportHarness, png, type SupportHarness } from '../../../test/fixtures/support';
import type { TestUser } from '../../../test/fixtures/users';
import { dbKinds } from '../../../test/helpers';
import { ticketImages } from '../../db/schema';

const ticket = { product: 'cdn', urgency: 'impact', title: 'Stale images', description: 'Old images are served.' };
const svg = (body: string) =>
  Buffer.from(`<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg">${body}</svg>`);
// An ELF header: an executable, whatever its name says.
const executable = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);

describe.each(dbKinds)('support tickets on %s', (kind) => {
  let h: SupportHarness;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    h = await createSupportHarness(kind);
    owner = await h.user();
    stranger = await h.user();
  });
  afterAll(() => h.close());

  const create = (user: TestUser, body: object = ticket) => h.call(user, 'POST', '/support/tickets', body);
  const ticketNoOf = async (id: number) => (await h.call(owner, 'GET', `/support/tickets/${id}`)).body.data.ticketNo;

  it('refuses uploads that are not png, jpg, gif or svg by content, with the texts of spec section 8', async () => {
    const renamed = await h.upload(owner, 'photo.png', 'image/png', executable);
    expect(renamed.statusCode).toBe(400);
    expect(renamed.body.error).toBe('TICKET_IMAGE_TYPE');
    expect(renamed.body.message).toBe('Only .png|.jpg|.gif|.svg');
    const text = await h.upload(owner, 'notes.gif', 'image/gif', Buffer.from('just some text'));
    expect(text.body.error).toBe('TICKET_IMAGE_TYPE');

    const over = Buffer.concat([png, Buffer.alloc(limits.support.imageMaxBytes + 1 - png.length)]);
    const large = await h.upload(owner, 'big.png', 'image/png', over);
    expect(large.statusCode).toBe(413);
    expect(large.body.message).toBe('Size over 1MB');
    const zh = await h.call(owner, 'POST', '/support/images', undefined, 'zh-CN');
    expect(zh.body.message).toBe('只能上传 .png|.jpg|.gif|.svg 格式的图片');

    const exact = Buffer.concat([png, Buffer.alloc(limits.support.imageMaxBytes - png.length)]);
    const fits = await h.upload(owner, 'exact.png', 'image/png', exact);
    expect(fits.statusCode, fits.text).toBe(200);
    expect(fits.body.data).toMatchObject({ contentType: 'image/png', size: limits.support.imageMaxBytes });
  });

  it('refuses an SVG that carries script, handlers or outside links; takes a plain one', async () => {
    const active = [
      '<script>alert(1)</script>',
      '<rect onload="alert(1)" width="1" height="1"/>',
      '<a href="javascript:alert(1)"><text>x</text></a>',
      '<a xlink:href="&#106;avascript:alert(1)"><text>x</text></a>',
      '<foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><img src=x onerror=alert(1)></body></foreignObject>',
      // Refused for the element alone: an empty foreignObject trips no other rule.
      '<foreignObject width="1" height="1"/>',
      '<image href="https://evil.example/x.png"/>',
      '<style>@import url(https://evil.example/x.css);</style>',
      '<rect fill="url(https://evil.example/p.svg#x)" width="1" height="1"/>',
      "<use href='https://evil.example/s.svg#x'/>",
      '<use href=https://evil.example/s.svg#x />',
    ];
    for (const body of active) {
      const res = await h.upload(owner, 'x.svg', 'image/svg+xml', svg(body));
      expect(res.body.error, body).toBe('TICKET_IMAGE_TYPE');
    }
    // The same elements under another prefix are the same elements: a browser runs them.
    const prefixed = [
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:s="http://www.w3.org/2000/svg"><s:script>alert(1)</s:script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:s="http://www.w3.org/2000/svg"><s:foreignObject><div xmlns="http://www.w3.org/1999/xhtml"/></s:foreignObject></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:h="http://www.w3.org/1999/xhtml"><h:script>alert(1)</h:script></svg>',
    ];
    for (const document of prefixed) {
      const res = await h.upload(owner, 'x.svg', 'image/svg+xml', Buffer.from(document));
      expect(res.body.error, document).toBe('TICKET_IMAGE_TYPE');
    }
    const inner = svg('<defs><circle id="c" r="4"/></defs><use href="#c"/><rect fill="url(#g)" width="1" height="1"/>');
    expect((await h.upload(owner, 'inner.svg', 'image/svg+xml', inner)).statusCode).toBe(200);
    const plain = await h.upload(owner, 'ok.svg', 'image/svg+xml', svg('<circle cx="5" cy="5" r="4" fill="red"/>'));
    expect(plain.statusCode, plain.text).toBe(200);
    expect(plain.body.data.contentType).toBe('image/svg+xml');
    const image = await h.ctx.app.inject({ url: plain.body.data.url, headers: owner.headers });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/svg+xml');
    expect(image.headers['content-security-policy']).toContain('sandbox');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    const foreign = await h.ctx.app.inject({ url: plain.body.data.url, headers: stranger.headers });
    expect(foreign.statusCode).toBe(404);
  });

  it('takes at most 9 images per ticket: a tenth is refused', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 9; i++) ids.push((await h.upload(stranger, `${i}.png`, 'image/png', png)).body.data.id);
    const tenth = await h.upload(stranger, '9.png', 'image/png', png);
    expect(tenth.body.error).toBe('TICKET_IMAGES_TOO_MANY');
    expect(tenth.body.message).toBe('At most 9 images');
    const tooMany = await create(stranger, { ...ticket, imageIds: [...ids, ids[0]! + 1000] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body.fields).toEqual({ imageIds: 'At most 9 images' });
    const created = await create(stranger, { ...ticket, imageIds: ids });
    expect(created.statusCode, created.text).toBe(200);
    const detail = await h.call(stranger, 'GET', `/support/tickets/${created.body.data.id}`);
    expect(detail.body.data.images).toHaveLength(9);
    // Attached images are used: another ticket cannot take them, nor can another user.
    const again = await create(stranger, { ...ticket, imageIds: [ids[0]] });
    expect(again.body.fields).toEqual({ imageIds: 'An image is missing or already used: please upload it again' });
    const mine = (await h.upload(owner, 'a.png', 'image/png', png)).body.data.id;
    const theft = await create(stranger, { ...ticket, imageIds: [mine] });
    expect(theft.statusCode).toBe(400);
  });

  it('requires the title and the description', async () => {
    const res = await create(owner, { ...ticket, title: '  ', description: '' });
    expect(res.statusCode).toBe(400);
    expect(res.body.fields).toEqual({ title: 'Input cannot be empty', description: 'Input cannot be empty' });
  });

  it('lists with filters and search; the conversation runs until the ticket is closed with a rating', async () => {
    const image = (await h.upload(owner, 'shot.png', 'image/png', png)).body.data.id;
    const created = await create(owner, { ...ticket, title: 'Origin timeouts', imageIds: [image] });
    expect(created.body.data).toMatchObject({ status: 'processing', urgency: 'impact', product: 'cdn', sample: false });
    const id = created.body.data.id;
    expect(created.body.data.ticketNo).toMatch(/^TK\d{8}\d{6}$/);

    const search = await h.call(owner, 'GET', '/support/tickets?keyword=timeouts&status=processing');
    expect(search.body.data.list.map((t: { id: number }) => t.id)).toEqual([id]);
    const byNo = await h.call(owner, 'GET', `/support/tickets?keyword=${created.body.data.ticketNo}`);
    expect(byNo.body.data.total).toBe(1);
    const none = await h.call(owner, 'GET', '/support/tickets?urgency=unavailable');
    expect(none.body.data.total).toBe(0);

    const replyImage = (await h.upload(owner, 'more.png', 'image/png', png)).body.data.id;
    const reply = await h.call(owner, 'POST', `/support/tickets/${id}/reply`, {
      content: 'It happens at night.',
      imageIds: [replyImage],
    });
    expect(reply.statusCode, reply.text).toBe(200);
    expect(reply.body.data.replies).toMatchObject([{ author: 'customer', content: 'It happens at night.' }]);
    expect(reply.body.data.replies[0].images).toHaveLength(1);

    const no = await ticketNoOf(id);
    const answered = await h.ops('ticket', 'reply', no, 'We raised the origin timeout.');
    expect(answered, answered.err).toMatchObject({ code: 0 });
    const resolved = await h.ops('ticket', 'resolve', no);
    expect(resolved.code, resolved.err).toBe(0);
    const shown = await h.ops('ticket', 'show', no);
    expect(shown.out).toContain('We raised the origin timeout.');

    const detail = (await h.call(owner, 'GET', `/support/tickets/${id}`)).body.data;
    expect(detail.status).toBe('completed');
    expect(detail.replies.map((r: { author: string }) => r.author)).toEqual(['customer', 'staff']);

    // The staff's reply and the completion reached the customer as messages.
    const unread = await h.call(owner, 'GET', '/notice/unread');
    expect(unread.body.data.list.map((m: { title: string }) => m.title)).toEqual([
      `Your ticket ${no} has been processed`,
      `Your ticket ${no} has a reply`,
    ]);
    const message = await h.call(owner, 'GET', `/notice/${unread.body.data.list[1].id}`);
    expect(message.body.data.content).toContain('We raised the origin timeout.');

    for (const rating of [0, 6, 2.5]) {
      const bad = await h.call(owner, 'POST', `/support/tickets/${id}/close`, { solved: true, rating });
      expect(bad.statusCode).toBe(400);
      expect(bad.body.fields).toEqual({ rating: 'Please rate from 1 to 5' });
    }
    const closed = await h.call(owner, 'POST', `/support/tickets/${id}/close`, { solved: false, rating: 2 });
    expect(closed.body.data).toMatchObject({ status: 'closed', solved: false, rating: 2 });

    // After closing, nothing more can be added, by either side.
    const late = await h.call(owner, 'POST', `/support/tickets/${id}/reply`, { content: 'one more thing' });
    expect(late.statusCode).toBe(409);
    expect(late.body.message).toBe('The ticket is closed: nothing more can be added');
    expect((await h.call(owner, 'POST', `/support/tickets/${id}/close`, { solved: true, rating: 5 })).statusCode).toBe(
      409,
    );
    expect((await h.call(owner, 'POST', `/support/tickets/${id}/appeal`, { reason: 'x' })).statusCode).toBe(409);
    const staffLate = await h.ops('ticket', 'reply', no, 'and another');
    expect(staffLate.code).toBe(1);
    expect(staffLate.err).toContain('The ticket is closed');
  });

  it('appeals only a processed ticket; the appeal goes back to the staff', async () => {
    const id = (await create(owner, { ...ticket, title: 'Appeal me' })).body.data.id;
    const early = await h.call(owner, 'POST', `/support/tickets/${id}/appeal`, { reason: 'Not fixed' });
    expect(early.statusCode).toBe(409);
    expect(early.body.error).toBe('TICKET_STATE');
    await h.ops('ticket', 'resolve', await ticketNoOf(id));
    const appeal = await h.call(owner, 'POST', `/support/tickets/${id}/appeal`, { reason: 'Not fixed' });
    expect(appeal.body.data).toMatchObject({ status: 'appeal', appealReason: 'Not fixed' });
    const screenshot = path.join(os.tmpdir(), `edgeward-staff-${process.pid}.png`);
    fs.writeFileSync(screenshot, png);
    try {
      const withImage = await h.ops('ticket', 'reply', await ticketNoOf(id), 'See the graph', '--images', screenshot);
      expect(withImage.out).toBe(`Replied to ${await ticketNoOf(id)} with 1 image`);
      fs.writeFileSync(screenshot, executable);
      const refused = await h.ops('ticket', 'reply', await ticketNoOf(id), 'x', '--images', screenshot);
      expect(refused.err).toContain('none of png, jpg, gif or a plain svg');
    } finally {
      fs.rmSync(screenshot, { force: true });
    }
    const replies = (await h.call(owner, 'GET', `/support/tickets/${id}`)).body.data.replies;
    expect(replies).toMatchObject([{ author: 'staff', content: 'See the graph' }]);
    expect(replies[0].images).toHaveLength(1);
    const waiting = await h.ops('ticket', 'list');
    expect(waiting.out).toContain('Appeal me');
    expect(waiting.out).toContain('appeal');
  });

  it("the staff's command line: the list, a ticket's whole conversation, replies with images, and what it refuses", async () => {
    const who = await h.user();
    const first = (await h.upload(who, 'a.png', 'image/png', png)).body.data.id;
    const created = (await create(who, { ...ticket, title: 'Command line', imageIds: [first] })).body.data;
    const no = created.ticketNo;
    const at = (ms: number) => new Date(ms).toISOString();
    const listed = (await h.ops('ticket', 'list')).out.split('\n');
    expect(listed[0]).toBe('ticket\tuser\tstatus\turgency\tproduct\tcreated\ttitle');
    expect(listed).toContain(
      [no, who.id, 'processing', 'impact', 'cdn', at(created.createdAt), 'Command line'].join('\t'),
    );
    expect((await h.ops('ticket', 'list', 'closed')).out).not.toContain(no);
    expect(await h.ops('ticket', 'list', 'gone')).toMatchObject({
      code: 1,
      err: `Error: status must be one of ${ticketStatuses.join(', ')}\nUsage: npm run ops -- ticket list [status...]`,
    });

    h.ctx.clock.advance(60_000);
    await h.call(who, 'POST', `/support/tickets/${created.id}/reply`, { content: 'It happens at night.' });
    h.ctx.clock.advance(60_000);
    const shots = [1, 2].map((n) => path.join(os.tmpdir(), `edgeward-staff-${process.pid}-${n}.png`));
    for (const shot of shots) fs.writeFileSync(shot, png);
    try {
      expect(
        (await h.ops('ticket', 'reply', no, 'See', 'both graphs', '--images', `${shots[0]},,${shots[1]}`)).out,
      ).toBe(`Replied to ${no} with 2 images`);
      expect(await h.ops('ticket', 'reply', no, 'x', '--images', `${shots[0]}.gone`)).toMatchObject({
        code: 1,
        err: expect.stringMatching(new RegExp(`^Error: cannot read ${shots[0]}\\.gone\n`)),
      });
    } finally {
      for (const shot of shots) fs.rmSync(shot, { force: true });
    }
    expect((await h.ops('ticket', 'reply', no, 'Nothing attached')).out).toBe(`Replied to ${no}`);
    expect(await h.ops('ticket', 'reply', no)).toMatchObject({
      code: 1,
      err: 'Error: give the ticket number and the reply\nUsage: npm run ops -- ticket reply <ticketNo> <text> [--images <file,file...>]',
    });

    h.ctx.clock.advance(60_000);
    expect((await h.ops('ticket', 'resolve', no)).out).toBe(`${no}: processing completed`);
    const resolved = (await h.call(who, 'GET', `/support/tickets/${created.id}`)).body.data;
    expect(resolved).toMatchObject({ status: 'completed', updatedAt: h.ctx.clock.now.getTime() });
    const completion = (await h.call(who, 'GET', '/notice/unread')).body.data.list[0];
    expect((await h.call(who, 'GET', `/notice/${completion.id}`)).body.data.content).toBe(
      '<p>Support staff marked your ticket <b>Command line</b> as processing completed. Please close it with a rating, or appeal if the problem remains.</p>',
    );
    await h.call(who, 'POST', `/support/tickets/${created.id}/appeal`, { reason: 'Still slow' });
    await h.ops('ticket', 'resolve', no);
    await h.call(who, 'POST', `/support/tickets/${created.id}/close`, { solved: true, rating: 4 });

    const [customer, staff, bare] = resolved.replies;
    expect((await h.ops('ticket', 'show', no)).out).toBe(
      [
        `${no} [closed] impact cdn: Command line`,
        'Appeal: Still slow',
        'Closed: solved yes, rating 4/5',
        `\n[customer ${at(created.createdAt)}] Old images are served.`,
        '  images: 1',
        `\n[customer ${at(customer.createdAt)}] It happens at night.`,
        `\n[staff ${at(staff.createdAt)}] See both graphs`,
        '  images: 2',
        `\n[staff ${at(bare.createdAt)}] Nothing attached`,
      ].join('\n'),
    );
    expect(staff.createdAt).toBe(customer.createdAt + 60_000);
    for (const command of ['show', 'resolve']) {
      expect(await h.ops('ticket', command, no, 'extra'), command).toMatchObject({
        code: 1,
        err: `Error: give one ticket number\nUsage: npm run ops -- ticket ${command} <ticketNo>`,
      });
    }
    expect(await h.ops('ticket', 'resolve', 'TK00000000000000')).toMatchObject({
      code: 1,
      err: 'Error: no ticket TK00000000000000\nUsage: npm run ops -- ticket resolve <ticketNo>',
    });

    const help = (await h.ops()).err;
    for (const line of [
      `ticket list \\[status\\.\\.\\.\\] +tickets waiting for the staff \\(processing, appeal\\), or of the given statuses \\(${ticketStatuses.join(', ')}\\)`,
      'ticket show <ticketNo> +a ticket with its conversation',
      'ticket reply <ticketNo> <text> \\[--images <file,file...>\\] +reply to a ticket as the support staff, with up to 9 images; the customer gets a message',
      'ticket resolve <ticketNo> +mark a ticket processing completed; the customer gets a message and closes it or appeals',
    ]) {
      expect(help).toMatch(new RegExp(`\\n  ${line}\\n`));
    }
  });

  it('serves an image only as what it is: its checked type, no sniffing, a sandbox, kept privately for an hour', async () => {
    const image = (await h.upload(owner, 'shot.png', 'image/png', png)).body.data;
    const res = await h.ctx.app.inject({ url: image.url, headers: owner.headers });
    expect(res.rawPayload.equals(png)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'content-disposition': 'inline',
      'cache-control': 'private, max-age=3600',
    });
  });

  it("answers 404 for another user's ticket on every call, and deletes permanently", async () => {
    const id = (await create(owner, { ...ticket, title: 'Private' })).body.data.id;
    const calls: [string, string, object?][] = [
      ['GET', `/support/tickets/${id}`],
      ['POST', `/support/tickets/${id}/reply`, { content: 'hi' }],
      ['POST', `/support/tickets/${id}/close`, { solved: true, rating: 5 }],
      ['POST', `/support/tickets/${id}/appeal`, { reason: 'x' }],
      ['DELETE', `/support/tickets/${id}`],
    ];
    for (const [method, url, body] of calls) {
      const res = await h.call(stranger, method as 'GET', url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(
      (await h.call(stranger, 'GET', '/support/tickets')).body.data.list.map((t: { title: string }) => t.title),
    ).not.toContain('Private');

    const removed = await h.call(owner, 'DELETE', `/support/tickets/${id}`);
    expect(removed.statusCode).toBe(200);
    expect((await h.call(owner, 'GET', `/support/tickets/${id}`)).statusCode).toBe(404);
  });

  // Near the end: it moves the clock a day on, past the sessions' lifetime.
  it('drops uploads that no ticket named within a day', async () => {
    const kept = (await h.upload(owner, 'kept.png', 'image/png', png)).body.data;
    await create(owner, { ...ticket, title: 'Keeps its image', imageIds: [kept.id] });
    const abandoned = (await h.upload(owner, 'left.png', 'image/png', png)).body.data;
    const left = async () => {
      await h.ctx.app.jobs.runDue();
      await h.ctx.app.schedules.tick();
      await h.ctx.app.jobs.runDue();
      const rows = await h.ctx.database.db
        .select({ id: ticketImages.id })
        .from(ticketImages)
        .where(inArray(ticketImages.id, [kept.id, abandoned.id]));
      return rows.map((r) => r.id).sort((a, b) => a - b);
    };
    h.ctx.clock.advance(23 * 60 * 60_000);
    expect(await left()).toEqual([kept.id, abandoned.id]);
    h.ctx.clock.advance(2 * 60 * 60_000);
    expect(await left()).toEqual([kept.id]);
  });

  it('the test ops route is closed without its key', async () => {
    const res = await h.ctx.app.inject({ method: 'POST', url: '/api/test/ops', payload: { argv: ['ticket', 'list'] } });
    expect(res.statusCode).toBe(404);
  });
});
