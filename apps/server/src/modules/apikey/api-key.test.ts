import { randomBytes } from 'node:crypto';
import { limits, signRequest } from '@edgeward/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../../../test/fixtures/users';
import { createTestContext, dbKinds, type TestContext } from '../../../test/helpers';
import { apiKeyNonces, apiKeys, sessions } from '../../db/schema';
import * as repo from './api-key.repository';
import { addSampleApiKeys } from './api-key.sample-data';

interface Key {
  id: number;
  secretId: string;
  secretKey: string;
}

describe.each(dbKinds)('API keys and signed calls on %s', (kind) => {
  let ctx: TestContext;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    owner = await createTestUser(ctx);
    stranger = await createTestUser(ctx);
  });
  afterAll(() => ctx.close());

  const call = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api${url}`, headers: { ...user.headers, 'accept-language': 'en-US' }, payload });

  async function createKey(user: TestUser, body: object = {}): Promise<Key> {
    const res = await call(user, 'POST', '/key/create', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }

  interface SignOptions {
    body?: string;
    /** The body actually sent, when it differs from the one signed. */
    sentBody?: string;
    nonce?: string;
    timestamp?: number;
    secretKey?: string;
  }

  function signed(key: Key, method: 'GET' | 'POST', url: string, options: SignOptions = {}) {
    const body = options.body ?? '';
    const authorization = signRequest({
      secretId: key.secretId,
      secretKey: options.secretKey ?? key.secretKey,
      method,
      url: `/api${url}`,
      body,
      timestamp: options.timestamp ?? Math.floor(ctx.clock.now.getTime() / 1000),
      nonce: options.nonce ?? randomBytes(8).toString('hex'),
    });
    const payload = options.sentBody ?? body;
    return ctx.app.inject({
      method,
      url: `/api${url}`,
      headers: {
        authorization,
        'accept-language': 'en-US',
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
      ...(payload ? { payload } : {}),
    });
  }

  const keysOf = async (user: TestUser) => (await call(user, 'GET', '/key/list')).json().data;

  it('creates a key whose SecretKey is answered once and kept sealed, never listed', async () => {
    const key = await createKey(owner, { note: 'deploy bot' });
    expect(key.secretId).toMatch(/^EWAK[A-Z2-7]{20}$/);
    expect(key.secretKey).toHaveLength(40);
    const listed = await keysOf(owner);
    expect(listed).toEqual([
      expect.objectContaining({ id: key.id, note: 'deploy bot', readOnly: false, enabled: true, lastUsedAt: null }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(key.secretKey);
    const [row] = await ctx.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.secretKeySealed).toMatch(/^v1:/);
    expect(row!.secretKeySealed).not.toContain(key.secretKey);
    await call(owner, 'POST', `/key/${key.id}/delete`);
  });

  it("acts as the key's user with the user's permissions, and records when and from where", async () => {
    const key = await createKey(owner);
    const profile = await signed(key, 'GET', '/user/profile');
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().data.userName).toBe(owner.userName);
    // The query is canonicalized: any order and encoding sign alike.
    const log = await signed(key, 'GET', '/log/login?size=5&page=1');
    expect(log.statusCode, log.body).toBe(200);
    const write = await signed(key, 'POST', '/user/edit', {
      body: JSON.stringify({ userName: `${owner.userName}x`, email: `${owner.userName}@example.test` }),
    });
    expect(write.statusCode, write.body).toBe(200);
    expect(write.json().data.userName).toBe(`${owner.userName}x`);
    const [listed] = await keysOf(owner);
    expect(listed.lastUsedAt).toBe(ctx.clock.now.getTime());
    expect(listed.lastUsedIp).toBe('127.0.0.1');
    await signed(key, 'POST', '/user/edit', {
      body: JSON.stringify({ userName: owner.userName, email: `${owner.userName}@example.test` }),
    });
    await call(owner, 'POST', `/key/${key.id}/delete`);
  });

  it('refuses a stale or far-future timestamp, a replayed nonce, a wrong signature and an unknown key', async () => {
    const key = await createKey(owner);
    const now = Math.floor(ctx.clock.now.getTime() / 1000);
    const stale = await signed(key, 'GET', '/user/profile', { timestamp: now - 301 });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({ error: 'SIGNATURE_EXPIRED' });
    expect((await signed(key, 'GET', '/user/profile', { timestamp: now + 301 })).json().error).toBe(
      'SIGNATURE_EXPIRED',
    );
    expect((await signed(key, 'GET', '/user/profile', { timestamp: now - 299 })).statusCode).toBe(200);

    expect((await signed(key, 'GET', '/user/profile', { nonce: 'replayed-nonce-1' })).statusCode).toBe(200);
    const replay = await signed(key, 'GET', '/user/profile', { nonce: 'replayed-nonce-1' });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({
      error: 'NONCE_REUSED',
      message: 'This nonce was already used; sign each request with a new one',
    });

    const forged = await signed(key, 'GET', '/user/profile', { secretKey: 'not-the-secret-key' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error).toBe('SIGNATURE_INVALID');
    const unknown = await signed({ ...key, secretId: 'EWAKAAAAAAAAAAAAAAAAAAAA' }, 'GET', '/user/profile');
    expect(unknown.json().error).toBe('API_KEY_INVALID');
    const malformed = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { authorization: 'EW1-HMAC-SHA256 SecretId=x' },
    });
    expect(malformed.statusCode).toBe(401);
    expect(malformed.json().error).toBe('SIGNATURE_INVALID');
    await call(owner, 'POST', `/key/${key.id}/delete`);
  });

  it('refuses a body other than the one signed, before the handler runs', async () => {
    const key = await createKey(owner);
    const body = JSON.stringify({ userName: owner.userName, email: `${owner.userName}@example.test` });
    const swapped = JSON.stringify({ userName: 'swapped-name', email: `${owner.userName}@example.test` });
    const res = await signed(key, 'POST', '/user/edit', { body, sentBody: swapped });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('BODY_HASH_MISMATCH');
    expect((await call(owner, 'GET', '/user/profile')).json().data.userName).toBe(owner.userName);
    await call(owner, 'POST', `/key/${key.id}/delete`);
  });

  it('refuses a disabled key until it is enabled again, and a deleted key for good', async () => {
    const key = await createKey(owner);
    expect((await call(owner, 'POST', `/key/${key.id}/disable`)).json().data.enabled).toBe(false);
    const disabled = await signed(key, 'GET', '/user/profile');
    expect(disabled.statusCode).toBe(401);
    expect(disabled.json()).toMatchObject({ error: 'API_KEY_DISABLED', message: 'This API key is disabled' });
    expect((await call(owner, 'POST', `/key/${key.id}/enable`)).json().data.enabled).toBe(true);
    expect((await signed(key, 'GET', '/user/profile')).statusCode).toBe(200);

    expect((await call(owner, 'POST', `/key/${key.id}/delete`)).statusCode).toBe(200);
    const deleted = await signed(key, 'GET', '/user/profile');
    expect(deleted.statusCode).toBe(401);
    expect(deleted.json().error).toBe('API_KEY_INVALID');
    expect(await keysOf(owner)).toEqual([]);
  });

  it('lets a read-only key read but not write', async () => {
    const key = await createKey(owner, { readOnly: true });
    expect((await signed(key, 'GET', '/user/profile')).statusCode).toBe(200);
    const write = await signed(key, 'POST', '/user/edit', {
      body: JSON.stringify({ userName: 'read-only-write', email: `${owner.userName}@example.test` }),
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().error).toBe('API_KEY_READ_ONLY');
    await call(owner, 'POST', `/key/${key.id}/delete`);
  });

  it('keeps session-only calls to sessions: keys, two-factor, password, sign-out', async () => {
    const key = await createKey(owner);
    for (const [method, url, body] of [
      ['GET', '/key/list', undefined],
      ['POST', '/key/create', '{}'],
      ['POST', '/user/two_factor/setup', undefined],
      ['POST', '/user/edit_password', '{"oldPassword":"a","newPassword":"bbbbbbbb","confirmPassword":"bbbbbbbb"}'],
      ['POST', '/user/logout', undefined],
    ] as const) {
      const res = await signed(key, method, url, { body });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error, url).toBe('SESSION_REQUIRED');
    }
    expect((await call(owner, 'GET', '/user/profile')).statusCode).toBe(200);
    await call(owner, 'POST', `/key/${key.id}/delete`);
  });

  it(`allows ${limits.apiKey.perUser} keys a user, then says why the next is refused`, async () => {
    const made = [];
    for (let i = 0; i < limits.apiKey.perUser; i += 1) made.push(await createKey(owner, { note: `key ${i}` }));
    const sixth = await call(owner, 'POST', '/key/create', { note: 'one too many' });
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json()).toMatchObject({
      error: 'API_KEY_LIMIT_REACHED',
      message: 'You already have 5 API keys; delete one before creating another',
    });
    expect(await keysOf(stranger)).toEqual([]);
    expect((await call(stranger, 'POST', '/key/create', {})).statusCode).toBe(200);
    for (const key of made) await call(owner, 'POST', `/key/${key.id}/delete`);
  });

  it("answers 404 for another user's key, and edits the note of one's own", async () => {
    const key = await createKey(owner, { note: 'mine' });
    for (const action of ['note', 'enable', 'disable', 'delete']) {
      const res = await call(stranger, 'POST', `/key/${key.id}/${action}`, action === 'note' ? { note: 'x' } : {});
      expect(res.statusCode, action).toBe(404);
    }
    const noted = await call(owner, 'POST', `/key/${key.id}/note`, { note: '  CI deploys  ' });
    expect(noted.json().data).toMatchObject({ note: 'CI deploys', enabled: true });
    const long = await call(owner, 'POST', `/key/${key.id}/note`, { note: 'x'.repeat(65) });
    expect(long.json().fields).toEqual({ note: 'The note may be at most 64 characters' });
    await call(owner, 'POST', `/key/${key.id}/delete`);
  });

  it("refuses an operator's simulated session to create a key", async () => {
    const { token, sessionId } = await ctx.app.sessions.open(owner.id, { kind: 'simulation' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/key/create',
      headers: { authorization: token },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('SIMULATION_NOT_ALLOWED');
    await ctx.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  });

  it('gives the demo account two sample keys, marked as such, that count toward the limit', async () => {
    const demo = await createTestUser(ctx);
    await addSampleApiKeys(ctx.app.areaContext, { userId: demo.id });
    const listed = await keysOf(demo);
    expect(listed).toEqual([
      expect.objectContaining({ sample: true, readOnly: true, enabled: true, lastUsedIp: '203.0.113.10' }),
      expect.objectContaining({ sample: true, readOnly: false, enabled: false, lastUsedAt: null }),
    ]);
    for (let i = 0; i < limits.apiKey.perUser - 2; i += 1) await createKey(demo);
    expect((await call(demo, 'POST', '/key/create', {})).json().error).toBe('API_KEY_LIMIT_REACHED');
  });

  it('purges nonces whose timestamps can no longer be accepted', async () => {
    const key = await createKey(owner);
    expect((await signed(key, 'GET', '/user/profile', { nonce: 'purged-nonce-1' })).statusCode).toBe(200);
    const db = ctx.database.db;
    const held = () => db.select().from(apiKeyNonces).where(eq(apiKeyNonces.apiKeyId, key.id));
    expect(await held()).toHaveLength(1);
    await repo.purgeNonces(db, ctx.clock.now);
    expect(await held()).toHaveLength(1);
    await repo.purgeNonces(db, new Date(ctx.clock.now.getTime() + limits.apiKey.timestampSkewMs + 1000));
    expect(await held()).toHaveLength(0);
    await call(owner, 'POST', `/key/${key.id}/delete`);
  });
});
