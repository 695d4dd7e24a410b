import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dbKinds } from '../../test/helpers';
import type { Database } from '../db/connect';
import { storedFiles } from '../db/schema';
import { createDatabaseFileStore } from './database-file-store';

const avatarFolder = { folder: 'avatars', types: { png: 'image/png' } };
const imageFolder = { folder: 'ticket-images', types: { png: 'image/png', svg: 'image/svg+xml' } };

describe.each(dbKinds)('files kept in the database on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  const rowsOf = (folder: string) =>
    database.db.select({ name: storedFiles.name }).from(storedFiles).where(eq(storedFiles.folder, folder));

  it('keeps up to exactly 1 MB and refuses a byte more, nothing at all, or a type its folder does not take', async () => {
    const store = createDatabaseFileStore(database.db, imageFolder);
    const full = Buffer.alloc(1_048_576, 7);
    const name = await store.save(full, 'png');
    expect(name).toMatch(/^[\w-]{22}\.png$/);
    const read = await store.read(name);
    expect(read?.contentType).toBe('image/png');
    expect(read?.data.equals(full)).toBe(true);

    await expect(store.save(Buffer.alloc(1_048_577, 7), 'png')).rejects.toThrow(RangeError);
    await expect(store.save(Buffer.alloc(0), 'png')).rejects.toThrow(RangeError);
    await expect(store.save(Buffer.from('MZ'), 'exe' as 'png')).rejects.toThrow(RangeError);
    expect(await rowsOf('ticket-images')).toEqual([{ name }]);
  });

  it('holds no file over 1 MB or of another size than it says, whoever writes', async () => {
    const row = (size: number, data: Buffer) => ({
      name: `x${size}.png`,
      folder: 'avatars',
      contentType: 'image/png',
      size,
      data,
    });
    await expect(database.db.insert(storedFiles).values(row(1_048_577, Buffer.alloc(1_048_577)))).rejects.toThrow();
    await expect(database.db.insert(storedFiles).values(row(3, Buffer.alloc(2)))).rejects.toThrow();
  });

  it('answers for the names of its own folder only', async () => {
    const avatars = createDatabaseFileStore(database.db, avatarFolder);
    const images = createDatabaseFileStore(database.db, imageFolder);
    const png = Buffer.from('an avatar');
    const name = await avatars.save(png, 'png');
    expect(await images.read(name)).toBeUndefined();
    await images.remove(name);
    expect((await avatars.read(name))?.data.equals(png)).toBe(true);
    for (const other of ['../x.png', `${name}.svg`, name.replace('.png', '.svg'), '']) {
      expect(await avatars.read(other)).toBeUndefined();
    }
    await avatars.remove(name);
    expect(await avatars.read(name)).toBeUndefined();
  });
});
