import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { storedFiles, ticketImages } from '../src/db/schema';
import { importUploads } from '../src/upload-import';
import { png, postTicketImage } from './fixtures/support';
import { createTestUser, type TestUser } from './fixtures/users';
import { createTestContext, dbKinds, multipart, type TestContext } from './helpers';

const fileName = (ext: string) => `${randomBytes(16).toString('base64url')}.${ext}`;
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>');

describe.each(dbKinds)('uploads kept in the database on %s', (kind) => {
  let ctx: TestContext;
  // A second server process on the same database.
  let second: FastifyInstance;
  let user: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    second = await buildApp({ config: ctx.config, database: ctx.database, now: ctx.clock.read, logger: false });
    await second.ready();
    user = await createTestUser(ctx);
  });
  afterAll(async () => {
    await second.close();
    await ctx.close();
  });

  const uploadAvatar = (data: Buffer) => {
    const file = multipart('me.png', 'image/png', data);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/user/avatar',
      headers: { ...user.headers, ...file.headers },
      payload: file.payload,
    });
  };

  it('serves an avatar and a ticket image uploaded to one process from another', async () => {
    const uploaded = await uploadAvatar(png);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const avatar = await second.inject({ method: 'GET', url: uploaded.json().data.avatar });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toBe('image/png');
    expect(avatar.rawPayload.equals(png)).toBe(true);

    const image = await postTicketImage(ctx.app, user, 'graph.png', 'image/png', png);
    expect(image.statusCode, image.body).toBe(200);
    const shown = await second.inject({
      method: 'GET',
      url: `/api/support/images/${image.json().data.id}`,
      headers: user.headers,
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.equals(png)).toBe(true);
  });

  it('does not serve a ticket image under the avatars, though its name looks like one', async () => {
    const image = await postTicketImage(ctx.app, user, 'graph.png', 'image/png', png);
    const [row] = await ctx.database.db
      .select({ file: ticketImages.file })
      .from(ticketImages)
      .where(eq(ticketImages.id, image.json().data.id));
    expect(row!.file).toMatch(/^[\w-]{22}\.png$/);
    const asAvatar = await second.inject({ method: 'GET', url: `/api/user/avatar/${row!.file}` });
    expect(asAvatar.statusCode).toBe(404);
  });

  it('moves the files an earlier version kept in DATA_DIR into the database, once', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edgeward-uploads-'));
    const folder = (name: string) => path.join(dataDir, name);
    try {
      const avatar = fileName('png');
      const image = fileName('svg');
      fs.mkdirSync(folder('avatars'));
      fs.mkdirSync(folder('ticket-images'));
      fs.writeFileSync(path.join(folder('avatars'), avatar), png);
      fs.writeFileSync(path.join(folder('avatars'), 'notes.txt'), 'no avatar');
      fs.writeFileSync(path.join(folder('avatars'), fileName('png')), Buffer.alloc(1_048_577));
      fs.writeFileSync(path.join(folder('ticket-images'), image), svg);
      const log = { info: vi.fn() };

      await importUploads(ctx.database, dataDir, log);
      expect(log.info.mock.calls.map(([move]) => move)).toEqual([
        { folder: 'avatars', moved: 1, skipped: 2, renamedTo: folder('avatars.imported') },
        { folder: 'ticket-images', moved: 1, skipped: 0, renamedTo: folder('ticket-images.imported') },
      ]);
      expect(fs.readdirSync(dataDir).sort()).toEqual(['avatars.imported', 'ticket-images.imported']);
      const served = await second.inject({ method: 'GET', url: `/api/user/avatar/${avatar}` });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(png)).toBe(true);
      const [kept] = await ctx.database.db
        .select({ folder: storedFiles.folder, contentType: storedFiles.contentType, size: storedFiles.size })
        .from(storedFiles)
        .where(eq(storedFiles.name, image));
      expect(kept).toEqual({ folder: 'ticket-images', contentType: 'image/svg+xml', size: svg.length });

      log.info.mockClear();
      await importUploads(ctx.database, dataDir, log);
      expect(log.info).not.toHaveBeenCalled();

      // Cut short before the rename, a move goes over the folder again and keeps what is already in.
      fs.mkdirSync(folder('avatars'));
      fs.writeFileSync(path.join(folder('avatars'), avatar), Buffer.from('changed meanwhile'));
      await importUploads(ctx.database, dataDir, log);
      expect(log.info.mock.calls.map(([move]) => move)).toEqual([
        { folder: 'avatars', moved: 0, skipped: 0, renamedTo: expect.stringMatching(/avatars\.imported-\d+$/) },
      ]);
      const again = await ctx.app.inject({ method: 'GET', url: `/api/user/avatar/${avatar}` });
      expect(again.rawPayload.equals(png)).toBe(true);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
