import { randomBytes } from 'node:crypto';
import { limits, type OperationLogItem, signRequest } from '@edgeward/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestUser, type TestUser } from '../../../test/fixtures/users';
import { createTestContext, dbKinds, type TestContext } from '../../../test/helpers';
import { apiKeyNonces, apiKeys, sessions, users } from '../../db/schema';
import { setCdnTypeById } from '../account/cdn-type';
import { sendMessage } from '../message';
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

  type Method = 'GET' | 'HEAD' | 'POST' | 'DELETE';
  const skewS = limits.apiKey.timestampSkewMs / 1000;

  const call = (user: TestUser, method: Method, url: string, payload?: object) =>
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
    /** The caller's address (app.inject's default is 127.0.0.1). */
    remoteAddress?: string;
  }

  function signed(key: Key, method: Method, url: string, options: SignOptions = {}) {
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
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
      headers: {
        authorization,
        'accept-language': 'en-US',
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
      ...(payload ? { payload } : {}),
    });
  }

  const keysOf = async (user: TestUser) => (await call(user, 'GET', '/key/list')).json().data;
  /** A key of the owner's that is deleted when the test ends, whether it passed or not. */
  const ownKey = async () => {
    const key = await createKey(owner);
    onTestFinished(async () => {
      await call(owner, 'POST', `/key/${key.id}/delete`);
    });
    return key;
  };
  /** Moves the clock to the next whole second and answers it in seconds, so that skew edges are exact. */
  const wholeSecond = () => {
    ctx.clock.advance(1000 - (ctx.clock.now.getTime() % 1000));
    return ctx.clock.now.getTime() / 1000;
  };

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

  it(`accepts a timestamp exactly ${skewS} s off either way and refuses one ${skewS + 1} s off`, async () => {
    const key = await ownKey();
    const now = wholeSecond();
    for (const timestamp of [now - skewS, now + skewS]) {
      expect((await signed(key, 'GET', '/user/profile', { timestamp })).statusCode, String(timestamp - now)).toBe(200);
    }
    for (const timestamp of [now - skewS - 1, now + skewS + 1]) {
      const res = await signed(key, 'GET', '/user/profile', { timestamp });
      expect(res.statusCode, String(timestamp - now)).toBe(401);
      expect(res.json().error).toBe('SIGNATURE_EXPIRED');
    }
  });

  it('keeps a nonce through every purge while its timestamp can still be accepted: no replay, even future-dated', async () => {
    const key = await ownKey();
    const purge = () => repo.purgeNonces(ctx.database.db, ctx.clock.now);
    // A call dated now: at the last moment its timestamp is accepted, a purge has kept its nonce.
    let now = wholeSecond();
    expect((await signed(key, 'GET', '/user/profile', { nonce: 'kept-now', timestamp: now })).statusCode).toBe(200);
    ctx.clock.advance(limits.apiKey.timestampSkewMs);
    await purge();
    const late = await signed(key, 'GET', '/user/profile', { nonce: 'kept-now', timestamp: now });
    expect(late.json().error).toBe('NONCE_REUSED');
    // A call dated as far ahead as is accepted: its timestamp stays acceptable for twice the skew after it is made.
    now = wholeSecond();
    const future = now + skewS;
    expect((await signed(key, 'GET', '/user/profile', { nonce: 'kept-ahead', timestamp: future })).statusCode).toBe(
      200,
    );
    ctx.clock.advance(2 * limits.apiKey.timestampSkewMs);
    await purge();
    const replay = await signed(key, 'GET', '/user/profile', { nonce: 'kept-ahead', timestamp: future });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toBe('NONCE_REUSED');
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

  it('refuses the keys of an account an operator disabled, until it is enabled again', async () => {
    const user = await createTestUser(ctx);
    const key = await createKey(user);
    const setDisabled = (disabledAt: Date | null) =>
      ctx.database.db.update(users).set({ disabledAt }).where(eq(users.id, user.id));
    await setDisabled(ctx.clock.now);
    const refused = await signed(key, 'GET', '/user/profile');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('ACCOUNT_DISABLED');
    await setDisabled(null);
    expect((await signed(key, 'GET', '/user/profile')).statusCode).toBe(200);
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

  it('refuses a read-only key every write method (POST, DELETE) on calls a writing key may make; GET and HEAD pass', async () => {
    // No route answers PUT or PATCH: POST and DELETE are the write methods there are.
    const user = await createTestUser(ctx);
    await setCdnTypeById(ctx.database.db, user.id, 'eo', ctx.clock.now);
    const readOnly = await createKey(user, { readOnly: true });
    const writer = await createKey(user);
    const ticket = await call(user, 'POST', '/support/tickets', {
      product: 'cdn',
      urgency: 'impact',
      title: 'Kept',
      description: 'A read-only key cannot remove this.',
    });
    expect(ticket.statusCode, ticket.body).toBe(200);
    const ticketId: number = ticket.json().data.id;
    await sendMessage(ctx.database.db, user.id, { kind: 'notice', title: 'kept', content: 'x' });
    const [noticeId] = (await call(user, 'GET', '/notice/all')).json().data.list.map((m: { id: number }) => m.id);

    const read = await signed(readOnly, 'GET', `/support/tickets/${ticketId}`);
    expect(read.statusCode, read.body).toBe(200);
    expect((await signed(readOnly, 'HEAD', `/notice/${noticeId}`)).statusCode).toBe(200);
    const writes: [Method, string, object?][] = [
      ['POST', `/notice/${noticeId}`, { read: true }],
      ['POST', `/support/tickets/${ticketId}/reply`, { content: 'from a read-only key' }],
      ['DELETE', `/notice/${noticeId}`],
      ['DELETE', `/support/tickets/${ticketId}`],
      ['DELETE', '/eo/domain/999999'],
    ];
    for (const [method, url, body] of writes) {
      const res = await signed(readOnly, method, url, { body: body && JSON.stringify(body) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error, `${method} ${url}`).toBe('API_KEY_READ_ONLY');
    }
    expect((await call(user, 'GET', `/notice/${noticeId}`)).json().data).toMatchObject({ read: false });
    expect((await call(user, 'GET', `/support/tickets/${ticketId}`)).json().data.replies).toEqual([]);

    // The same calls with a key that may write get past the key: only the read-only check refused them.
    expect((await signed(writer, 'DELETE', `/notice/${noticeId}`)).statusCode).toBe(200);
    expect((await signed(writer, 'DELETE', `/support/tickets/${ticketId}`)).statusCode).toBe(200);
    expect((await signed(writer, 'DELETE', '/eo/domain/999999')).json().error).toBe('NOT_FOUND');
    expect((await call(user, 'GET', `/support/tickets/${ticketId}`)).statusCode).toBe(404);
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

  it(`keeps to ${limits.apiKey.perUser} keys when twice as many are asked for at once`, async () => {
    // PGlite runs one statement at a time anyway; on PostgreSQL the creations race unless they take turns.
    const user = await createTestUser(ctx);
    const asked = Array.from({ length: 2 * limits.apiKey.perUser }, (_, i) =>
      call(user, 'POST', '/key/create', { note: `at once ${i}` }),
    );
    const answers = (await Promise.all(asked)).map((res) => res.statusCode).sort();
    expect(answers).toEqual([...Array(limits.apiKey.perUser).fill(200), ...Array(limits.apiKey.perUser).fill(403)]);
    expect(await keysOf(user)).toHaveLength(limits.apiKey.perUser);
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
    await addSampleApiKeys(ctx.app.areaContext, { userId: demo.id, userName: demo.userName });
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

  it('records the last use at most once a minute from one address, and at once from another', async () => {
    const key = await ownKey();
    const lastUse = async () => {
      const listed = (await keysOf(owner)).find((k: { id: number }) => k.id === key.id);
      return { at: listed.lastUsedAt, ip: listed.lastUsedIp };
    };
    const use = async (remoteAddress: string) =>
      expect((await signed(key, 'GET', '/user/profile', { remoteAddress })).statusCode).toBe(200);
    await use('192.0.2.10');
    const first = ctx.clock.now.getTime();
    expect(await lastUse()).toEqual({ at: first, ip: '192.0.2.10' });
    ctx.clock.advance(60_000);
    await use('192.0.2.10');
    expect(await lastUse()).toEqual({ at: first, ip: '192.0.2.10' });
    ctx.clock.advance(1);
    await use('192.0.2.10');
    expect(await lastUse()).toEqual({ at: first + 60_001, ip: '192.0.2.10' });
    ctx.clock.advance(1);
    await use('192.0.2.20');
    expect(await lastUse()).toEqual({ at: first + 60_002, ip: '192.0.2.20' });
  });

  it("logs each change of the key list with what changed, and a signed call's change as the key's", async () => {
    const user = await createTestUser(ctx);
    const key = await createKey(user, { note: 'ci', readOnly: false });
    await call(user, 'POST', `/key/${key.id}/note`, { note: 'ci deploys' });
    await call(user, 'POST', `/key/${key.id}/disable`);
    await call(user, 'POST', `/key/${key.id}/enable`);
    const profile = { userName: `${user.userName}k`, email: `${user.userName}@example.test` };
    const edit = await signed(key, 'POST', '/user/edit', {
      body: JSON.stringify(profile),
      remoteAddress: '192.0.2.30',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await call(user, 'POST', `/key/${key.id}/delete`);
    const res = await call(user, 'GET', '/log/operation?size=100');
    expect(res.statusCode, res.body).toBe(200);
    const rows: OperationLogItem[] = res.json().data.list;
    const keyRows = rows.filter((r) => r.targetType === 'apiKey');
    expect(keyRows.map((r) => [r.action, r.targetId, r.targetName, r.actor.kind, r.createdAt])).toEqual(
      ['apiKey.delete', 'apiKey.enable', 'apiKey.disable', 'apiKey.edit', 'apiKey.create'].map((action) => [
        action,
        String(key.id),
        key.secretId,
        'session',
        ctx.clock.now.getTime(),
      ]),
    );
    expect(keyRows.map((r) => r.changes)).toEqual([
      [
        { field: 'note', before: 'ci deploys', after: null },
        { field: 'readOnly', before: 'false', after: null },
        { field: 'enabled', before: 'true', after: null },
      ],
      [{ field: 'enabled', before: 'false', after: 'true' }],
      [{ field: 'enabled', before: 'true', after: 'false' }],
      [{ field: 'note', before: 'ci', after: 'ci deploys' }],
      [
        { field: 'note', before: null, after: 'ci' },
        { field: 'readOnly', before: null, after: 'false' },
      ],
    ]);
    expect(rows.find((r) => r.action === 'account.profile')).toMatchObject({
      actor: { kind: 'apiKey', apiKeyId: key.id },
      address: '192.0.2.30',
    });
  });

  it('purges the nonces that can no longer be replayed every 10 minutes, through its schedule', async () => {
    const key = await ownKey();
    const nonce = 'scheduled-purge-1';
    expect((await signed(key, 'GET', '/user/profile', { nonce })).statusCode).toBe(200);
    const held = async () =>
      (await ctx.database.db.select().from(apiKeyNonces).where(eq(apiKeyNonces.nonce, nonce))).length;
    /** Ticks the schedules and runs what they enqueued: answers whether the nonce purge was among them. */
    const tick = async () => {
      const due = await ctx.app.schedules.tick();
      await ctx.app.jobs.runDue();
      return due.includes('apikey.purge-nonces');
    };
    // A new schedule is due at once; the nonce is young enough to be kept.
    expect(await tick()).toBe(true);
    expect(await held()).toBe(1);
    // Past the nonce's time, but not yet the schedule's: the expired nonce waits for the next period.
    ctx.clock.advance(10 * 60_000 - 1);
    expect(await tick()).toBe(false);
    expect(await held()).toBe(1);
    ctx.clock.advance(1);
    expect(await tick()).toBe(true);
    expect(await held()).toBe(0);
  });

  it("signs nothing with a secret copied onto another user's key: it is sealed under its owner and SecretId", async () => {
    const mine = await ownKey();
    const theirs = await createKey(stranger);
    onTestFinished(async () => {
      await call(stranger, 'POST', `/key/${theirs.id}/delete`);
    });
    const db = ctx.database.db;
    const [sealed] = await db.select({ s: apiKeys.secretKeySealed }).from(apiKeys).where(eq(apiKeys.id, mine.id));
    await db.update(apiKeys).set({ secretKeySealed: sealed!.s }).where(eq(apiKeys.id, theirs.id));
    // A row whose secret does not open is the installation's fault, not the caller's: the server's error.
    const res = await signed({ ...theirs, secretKey: mine.secretKey }, 'GET', '/user/profile');
    expect(res.statusCode).toBe(500);
    expect(res.json().error).toBe('INTERNAL');
  });
});
