import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dbKinds } from '../../test/helpers';
import type { Database } from '../db/connect';
import { encryptionCanary } from '../db/schema';
import { checkEncryptionKey, EncryptionKeyMismatchError } from './key-canary';

const withKey = (key = randomBytes(32)) => ({ encryptionKey: key, dataDir: 'memory://' });

describe.each(dbKinds)('the encryption key canary on %s', (kind) => {
  let database: Database;
  const folders: string[] = [];
  const dataFolder = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edgeward-canary-'));
    folders.push(dir);
    return dir;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  // Each test is a new installation: no canary yet.
  afterEach(() => database.db.delete(encryptionCanary));
  afterAll(async () => {
    await database.close();
    for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is sealed at the first start and opened by every later start with the same key', async () => {
    const key = randomBytes(32);
    expect(await checkEncryptionKey(database, withKey(key))).toBe('sealed');
    expect(await checkEncryptionKey(database, withKey(Buffer.from(key)))).toBe('opened');
  });

  it('refuses a process whose key differs, saying that every process needs the same key', async () => {
    await checkEncryptionKey(database, withKey());
    const refused = checkEncryptionKey(database, withKey());
    await expect(refused).rejects.toThrow(EncryptionKeyMismatchError);
    await expect(refused).rejects.toThrow(/every process of one installation needs the same ENCRYPTION_KEY/);
  });

  it('refuses a process with no key at all rather than making one, once the database has a canary', async () => {
    await checkEncryptionKey(database, withKey());
    const dataDir = dataFolder();
    await expect(checkEncryptionKey(database, { dataDir })).rejects.toThrow(/ENCRYPTION_KEY is not set/);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('takes the key its data folder made at the first start, without ENCRYPTION_KEY', async () => {
    const dataDir = dataFolder();
    expect(await checkEncryptionKey(database, { dataDir })).toBe('sealed');
    expect(fs.readdirSync(dataDir)).toEqual(['certificate.key']);
    // A restart: a new configuration object reads the same folder.
    expect(await checkEncryptionKey(database, { dataDir })).toBe('opened');
  });

  it('seals once when two processes start together with one key', async () => {
    const key = randomBytes(32);
    const outcomes = await Promise.all([
      checkEncryptionKey(database, withKey(key)),
      checkEncryptionKey(database, withKey(key)),
    ]);
    expect(outcomes.sort()).toEqual(['opened', 'sealed']);
  });
});
