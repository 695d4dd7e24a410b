import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { limits, type TicketStatus } from '@edgeward/contract';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSupportHarness, png, postTicketImage, type SupportHarness } from '../../../test/fixtures/support';
import type { TestUser } from '../../../test/fixtures/users';
import { dbKinds } from '../../../test/helpers';
import { storedFiles, ticketImages } from '../../db/schema';
import { enqueueJob } from '../../jobs/runner';
import { ABANDONED_IMAGE_MS, purgeAbandonedImagesJob } from './support.jobs';

/*
 * Each refusal of the ticket area with an input only that check refuses, and the edges of its limits: every move of
 * the customer and of the staff from every status, the upload checks, the pending-upload window, the list filters,
 * and the operator's command line.
 */

const ticket = { product: 'cdn', urgency: 'impact', title: 'Refusals', description: 'Checked one by one.' };
const HOUR_MS = 60 * 60_000;
const svg = (body: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${body}</svg>`);

describe.each(dbKinds)('ticket refusals on %s', (kind) => {
  let h: SupportHarness;
  let owner: TestUser;
  let dir: string;

  beforeAll(async () => {
    h = await createSupportHarness(kind);
    owner = await h.user();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edgeward-ticket-refusals-'));
  });
  afterAll(async () => {
    await h.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const create = async (user: TestUser, body: object = ticket) => {
    const res = await h.call(user, 'POST', '/support/tickets', body);
    expect(res.statusCode, res.text).toBe(200);
    return res.body.data as { id: number; ticketNo: string };
  };
  const detail = async (id: number, user = owner) => (await h.call(user, 'GET', `/support/tickets/${id}`)).body.data;
  const ops = async (...argv: string[]) => {
    const res = await h.ops(...argv);
    expect(res.code, res.err).toBe(0);
    return res.out;
  };
  /** The operator's refusal: exit code 1 and the reason on stderr. */
  const opsRefused = async (argv: string[], reason: string) => {
    const res = await h.ops(...argv);
    expect(res, argv.join(' ').slice(0, 80)).toMatchObject({ code: 1, err: expect.stringContaining(reason) });
  };
  const file = (name: string, data: Buffer) => {
    const full = path.join(dir, name);
    fs.writeFileSync(full, data);
    return full;
  };

  /** A ticket of the owner brought to `status` the way customers and staff do it. */
  async function ticketIn(status: TicketStatus) {
    const { id, ticketNo } = await create(owner, { ...ticket, title: `In ${status}` });
    if (status === 'completed' || status === 'appeal') await ops('ticket', 'resolve', ticketNo);
    if (status === 'appeal') await h.call(owner, 'POST', `/support/tickets/${id}/appeal`, { reason: 'Not fixed' });
    if (status === 'closed') await h.call(owner, 'POST', `/support/tickets/${id}/close`, { solved: true, rating: 4 });
    expect((await detail(id)).status).toBe(status);
    return { id, ticketNo };
  }

  type Move = (t: { id: number; ticketNo: string }) => Promise<{ statusCode: number; body?: { error?: string } }>;
  const customer =
    (action: string, body: object): Move =>
    ({ id }) =>
      h.call(owner, 'POST', `/support/tickets/${id}/${action}`, body);
  const staff =
    (...argv: string[]): Move =>
    async ({ ticketNo }) => {
      const res = await h.ops('ticket', argv[0]!, ticketNo, ...argv.slice(1));
      return res.code === 0 ? { statusCode: 200 } : { statusCode: 409, body: { error: res.err } };
    };
  const moves: Record<string, Move> = {
    reply: customer('reply', { content: 'More detail' }),
    close: customer('close', { solved: false, rating: 3 }),
    appeal: customer('appeal', { reason: 'Still broken' }),
    'staff reply': staff('reply', 'We are on it'),
    'staff resolve': staff('resolve'),
  };

  // [from, move, the status it reaches, or the refusal]
  it.each([
    ['processing', 'reply', 'processing'],
    ['completed', 'reply', 'processing'],
    ['appeal', 'reply', 'appeal'],
    ['closed', 'reply', 'TICKET_CLOSED'],
    ['processing', 'close', 'closed'],
    ['completed', 'close', 'closed'],
    ['appeal', 'close', 'closed'],
    ['closed', 'close', 'TICKET_CLOSED'],
    ['processing', 'appeal', 'TICKET_STATE'],
    ['completed', 'appeal', 'appeal'],
    ['appeal', 'appeal', 'TICKET_STATE'],
    ['closed', 'appeal', 'TICKET_CLOSED'],
    ['processing', 'staff reply', 'processing'],
    ['completed', 'staff reply', 'completed'],
    ['appeal', 'staff reply', 'appeal'],
    ['closed', 'staff reply', 'The ticket is closed'],
    ['processing', 'staff resolve', 'completed'],
    ['completed', 'staff resolve', 'completed'],
    ['appeal', 'staff resolve', 'completed'],
    ['closed', 'staff resolve', 'The ticket is closed'],
  ] as [TicketStatus, string, string][])('from %s, %s gives %s', async (from, move, outcome) => {
    const t = await ticketIn(from);
    const before = await detail(t.id);
    const res = await moves[move]!(t);
    const after = await detail(t.id);
    if (outcome === outcome.toLowerCase()) {
      expect(res.statusCode).toBe(200);
      expect(after.status).toBe(outcome);
      return;
    }
    expect(res.statusCode).toBe(409);
    expect(res.body?.error).toContain(outcome);
    expect(after).toEqual(before);
  });

  it('keeps the rating, the solved flag, the appeal reason and the closing time of the ticket', async () => {
    const { id } = await ticketIn('appeal');
    expect(await detail(id)).toMatchObject({ appealReason: 'Not fixed', closedAt: null, rating: null, solved: null });
    h.ctx.clock.advance(1_000);
    await h.call(owner, 'POST', `/support/tickets/${id}/close`, { solved: true, rating: 5 });
    const closed = await detail(id);
    expect(closed).toMatchObject({ solved: true, rating: 5, closedAt: h.ctx.clock.now.getTime() });
    expect(closed.updatedAt).toBe(h.ctx.clock.now.getTime());
  });

  describe('uploads', () => {
    const raster: [string, Buffer, string][] = [
      ['png', png, 'image/png'],
      ['jpg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60)]), 'image/jpeg'],
      ['gif', Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(60)]), 'image/gif'],
      ['svg', svg('<circle r="1"/>'), 'image/svg+xml'],
    ];
    it.each(raster)(
      'takes a %s by its content and serves it back as that type to its owner only',
      async (_, data, type) => {
        const user = await h.user();
        const res = await h.upload(user, 'file.bin', 'application/octet-stream', data);
        expect(res.statusCode, res.text).toBe(200);
        expect(res.body.data).toMatchObject({
          contentType: type,
          size: data.length,
          url: `/api/support/images/${res.body.data.id}`,
        });
        const served = await h.ctx.app.inject({ url: res.body.data.url, headers: user.headers });
        expect(served.headers['content-type']).toBe(type);
        expect(served.rawPayload.equals(data)).toBe(true);
        expect((await h.ctx.app.inject({ url: res.body.data.url, headers: owner.headers })).statusCode).toBe(404);
      },
    );

    it.each([
      ['an empty file', Buffer.alloc(0)],
      [
        'a WebP picture, a type off the list',
        Buffer.concat([Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 '), Buffer.alloc(40)]),
      ],
      ['a BMP picture', Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)])],
      ['an SVG that is not UTF-8', Buffer.concat([svg('<text>'), Buffer.from([0xff, 0xfe]), Buffer.from('</text>')])],
      ['an SVG with an outside link only', svg('<use href="https://evil.example/s.svg#x"/>')],
    ])('refuses %s as none of the four types', async (_, data) => {
      const res = await h.upload(owner, 'x.png', 'image/png', data);
      expect(res.statusCode).toBe(400);
      expect(res.body.error).toBe('TICKET_IMAGE_TYPE');
    });

    it('refuses a multipart form without a file, and a body that is not multipart', async () => {
      const boundary = '----edgewardnofile';
      const noFile = await h.ctx.app.inject({
        method: 'POST',
        url: '/api/support/images',
        headers: { ...owner.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
      });
      expect(JSON.parse(noFile.body).error).toBe('TICKET_IMAGE_TYPE');
      const json = await h.call(owner, 'POST', '/support/images', { file: 'x' });
      expect(json.body.error).toBe('TICKET_IMAGE_TYPE');
    });

    it('refuses a file one byte over 1 MB and takes one of exactly 1 MB', async () => {
      const sized = (n: number) => Buffer.concat([png, Buffer.alloc(n - png.length)]);
      const upload = (n: number) => postTicketImage(h.ctx.app, owner, 'big.png', 'image/png', sized(n));
      const over = await upload(limits.support.imageMaxBytes + 1);
      expect([over.statusCode, JSON.parse(over.body).error]).toEqual([413, 'TICKET_IMAGE_TOO_LARGE']);
      expect((await upload(limits.support.imageMaxBytes)).statusCode).toBe(200);
    });

    it('counts the unattached uploads of the last hour only: the tenth waits until the first is an hour and a ms old', async () => {
      const user = await h.user();
      const ids: number[] = [];
      for (let i = 0; i < limits.support.imagesMax; i++)
        ids.push((await h.upload(user, 'a.png', 'image/png', png)).body.data.id);
      h.ctx.clock.advance(HOUR_MS);
      expect((await h.upload(user, 'b.png', 'image/png', png)).body.error).toBe('TICKET_IMAGES_TOO_MANY');
      h.ctx.clock.advance(1);
      const later = await h.upload(user, 'b.png', 'image/png', png);
      expect(later.statusCode, later.text).toBe(200);

      // Attached, uploads no longer wait: another user's pending ones never counted.
      const other = await h.user();
      const theirs: number[] = [];
      for (let i = 0; i < limits.support.imagesMax; i++)
        theirs.push((await h.upload(other, 'a.png', 'image/png', png)).body.data.id);
      expect((await h.upload(other, 'c.png', 'image/png', png)).body.error).toBe('TICKET_IMAGES_TOO_MANY');
      await create(other, { ...ticket, imageIds: theirs });
      expect((await h.upload(other, 'c.png', 'image/png', png)).statusCode).toBe(200);
    });

    it('attaches an image named twice once; refuses on a reply the images of another user or already used', async () => {
      const image = (await h.upload(owner, 'a.png', 'image/png', png)).body.data.id;
      const { id } = await create(owner, { ...ticket, imageIds: [image, image] });
      expect((await detail(id)).images.map((i: { id: number }) => i.id)).toEqual([image]);

      const stranger = await h.user();
      const theirs = (await h.upload(stranger, 's.png', 'image/png', png)).body.data.id;
      for (const imageIds of [[theirs], [image]]) {
        const reply = await h.call(owner, 'POST', `/support/tickets/${id}/reply`, { content: 'see', imageIds });
        expect(reply.statusCode).toBe(400);
        expect(reply.body.fields).toEqual({ imageIds: 'An image is missing or already used: please upload it again' });
      }
      // The refused reply left nothing behind.
      expect((await detail(id)).replies).toEqual([]);
    });
  });

  it('filters the list by status, urgency, product, time and keyword, and pages from 1', async () => {
    const user = await h.user();
    const start = h.ctx.clock.now.getTime();
    const first = await create(user, { ...ticket, title: 'Origin 502', product: 'cdn', urgency: 'impact' });
    h.ctx.clock.advance(1_000);
    const second = await create(user, {
      ...ticket,
      title: 'Invoice 100%_done',
      product: 'billing',
      urgency: 'consultation',
    });
    h.ctx.clock.advance(1_000);
    const third = await create(user, {
      ...ticket,
      title: 'Certificate renewal',
      product: 'certificate',
      urgency: 'unavailable',
    });
    await ops('ticket', 'resolve', third.ticketNo);
    const ids = async (query: string) =>
      (await h.call(user, 'GET', `/support/tickets?${query}`)).body.data.list.map((t: { id: number }) => t.id);

    expect(await ids('')).toEqual([third.id, second.id, first.id]);
    expect(await ids('status=completed')).toEqual([third.id]);
    expect(await ids('status=processing')).toEqual([second.id, first.id]);
    expect(await ids('urgency=consultation')).toEqual([second.id]);
    expect(await ids('product=cdn')).toEqual([first.id]);
    expect(await ids(`from=${start + 1_000}`)).toEqual([third.id, second.id]);
    expect(await ids(`from=${start + 1_001}`)).toEqual([third.id]);
    expect(await ids(`to=${start + 1_000}`)).toEqual([first.id]);
    expect(await ids(`to=${start + 1_001}`)).toEqual([second.id, first.id]);
    expect(await ids('keyword=ORIGIN')).toEqual([first.id]);
    expect(await ids(`keyword=${second.ticketNo.slice(-6)}`)).toEqual([second.id]);
    // LIKE's wildcards are searched as text.
    expect(await ids('keyword=100%25_')).toEqual([second.id]);
    expect(await ids('keyword=%25')).toEqual([second.id]);
    expect(await ids('keyword=o_i')).toEqual([]);
    const page2 = await h.call(user, 'GET', '/support/tickets?page=2&size=2');
    expect(page2.body.data).toMatchObject({ page: 2, size: 2, total: 3 });
    expect(page2.body.data.list.map((t: { id: number }) => t.id)).toEqual([first.id]);
  });

  describe("the staff's command line", () => {
    it('refuses a reply that is empty, too long, with too many or unreadable or wrong images, or to no ticket', async () => {
      const { ticketNo, id } = await ticketIn('processing');
      const text = 'x'.repeat(limits.support.textMax);
      await opsRefused(['ticket', 'reply', ticketNo], 'give the ticket number and the reply');
      await opsRefused(['ticket', 'reply', ticketNo, '   '], 'the reply is empty');
      await opsRefused(['ticket', 'reply', ticketNo, `${text}x`], `a reply is at most ${limits.support.textMax}`);
      await opsRefused(['ticket', 'reply', 'TK00000000000000', 'hello'], 'no ticket TK00000000000000');
      const shot = file('shot.png', png);
      // The images of a reply refused once they were kept are removed again.
      const keptImages = async () =>
        (await h.ctx.database.db.select({ name: storedFiles.name }).from(storedFiles)).length;
      const before = await keptImages();
      await opsRefused(['ticket', 'reply', 'TK00000000000000', 'see', '--images', shot], 'no ticket TK00000000000000');
      expect(await keptImages()).toBe(before);
      const ten = Array.from({ length: limits.support.imagesMax + 1 }, () => shot).join(',');
      await opsRefused(['ticket', 'reply', ticketNo, 'see', '--images', ten], 'at most 9 images');
      await opsRefused(['ticket', 'reply', ticketNo, 'see', '--images', path.join(dir, 'missing.png')], 'cannot read');
      const big = file('big.png', Buffer.concat([png, Buffer.alloc(limits.support.imageMaxBytes + 1 - png.length)]));
      await opsRefused(['ticket', 'reply', ticketNo, 'see', '--images', big], 'an image is over 1 MB');
      await opsRefused(['ticket', 'reply', ticketNo, 'see', '--images', file('x.svg', svg('<script/>'))], 'plain svg');
      expect((await detail(id)).replies).toEqual([]);

      // The last accepted of each: the longest reply, nine images, one of exactly 1 MB.
      const exact = file('exact.png', Buffer.concat([png, Buffer.alloc(limits.support.imageMaxBytes - png.length)]));
      const nine = [exact, ...Array.from({ length: limits.support.imagesMax - 1 }, () => shot)].join(',');
      expect(await ops('ticket', 'reply', ticketNo, text, '--images', nine)).toBe(
        `Replied to ${ticketNo} with 9 images`,
      );
      const [reply] = (await detail(id)).replies;
      expect(reply).toMatchObject({ author: 'staff', content: text });
      expect(reply.images.map((i: { size: number }) => i.size)).toEqual([
        limits.support.imageMaxBytes,
        ...Array.from({ length: limits.support.imagesMax - 1 }, () => png.length),
      ]);
      expect(await ops('ticket', 'reply', ticketNo, ' Trimmed', 'words ')).toBe(`Replied to ${ticketNo}`);
      expect((await detail(id)).replies.at(-1).content).toBe('Trimmed words');
    });

    it('shows, lists and resolves only what exists, with the statuses asked for', async () => {
      await opsRefused(['ticket', 'show'], 'give one ticket number');
      await opsRefused(['ticket', 'show', 'TK1', 'TK2'], 'give one ticket number');
      await opsRefused(['ticket', 'show', 'TK00000000000000'], 'no ticket TK00000000000000');
      await opsRefused(['ticket', 'resolve'], 'give one ticket number');
      await opsRefused(['ticket', 'resolve', 'TK00000000000000'], 'no ticket TK00000000000000');
      await opsRefused(['ticket', 'list', 'open'], 'status must be one of processing, completed, closed, appeal');

      const closed = await ticketIn('closed');
      const appealed = await ticketIn('appeal');
      const waiting = await ops('ticket', 'list');
      expect(waiting).toContain(appealed.ticketNo);
      expect(waiting).not.toContain(closed.ticketNo);
      const onlyClosed = await ops('ticket', 'list', 'closed');
      expect(onlyClosed.split('\n')[0]).toBe('ticket\tuser\tstatus\turgency\tproduct\tcreated\ttitle');
      expect(onlyClosed).toContain(`${closed.ticketNo}\t${owner.id}\tclosed\timpact\tcdn\t`);
      expect(onlyClosed).not.toContain(appealed.ticketNo);

      const shown = await ops('ticket', 'show', appealed.ticketNo);
      expect(shown.split('\n')[0]).toBe(`${appealed.ticketNo} [appeal] impact cdn: In appeal`);
      expect(shown).toContain('Appeal: Not fixed');
      expect(shown).not.toContain('Closed:');
      expect(await ops('ticket', 'show', closed.ticketNo)).toContain('Closed: solved yes, rating 4/5');
    });

    it('says so when no ticket has the statuses asked for', async () => {
      const fresh = await createSupportHarness(kind);
      try {
        const res = await fresh.ops('ticket', 'list');
        expect(res.out).toBe('No tickets.');
      } finally {
        await fresh.close();
      }
    });
  });

  // Last: it moves the clock a day on, past the sessions' lifetime.
  it('drops an unattached upload once it is more than a day old, not at a day exactly', async () => {
    const user = await h.user();
    const { id } = (await h.upload(user, 'left.png', 'image/png', png)).body.data;
    const purge = async () => {
      await enqueueJob(h.ctx.database.db, purgeAbandonedImagesJob, {}, { runAt: h.ctx.clock.now });
      await h.ctx.app.jobs.runDue();
      const rows = await h.ctx.database.db
        .select()
        .from(ticketImages)
        .where(inArray(ticketImages.id, [id]));
      return rows.length;
    };
    h.ctx.clock.advance(ABANDONED_IMAGE_MS);
    expect(await purge()).toBe(1);
    h.ctx.clock.advance(1);
    expect(await purge()).toBe(0);
  });
});
