import { type Action, limits, type PermissionId, type RouteDef } from '@edgeward/contract';
import * as tables from '@edgeward/contract/routes/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../../test/fixtures/users';
import { createTestContext, dbKinds, type TestContext } from '../../test/helpers';
import { createUser, grantPermission, revokePermission } from '../modules/account/account.operator';
import { setCdnTypeById } from '../modules/account/cdn-type';
import { createPasswordHasher } from '../secrets/password-hasher';

/** Every call of the contract's API table that needs a session, with a path whose params are invalid too. */
const authenticated = Object.values(tables)
  .flatMap((table) => Object.values(table as Record<string, RouteDef>))
  .filter((def) => def.auth !== 'none')
  .map((def) => ({ def, url: `/api${def.path.replace(/:\w+/g, 'x')}?page=-1&size=x&order=sideways` }));

/** One call for each permission requirement of the table (a permission, with an action or without). */
const requirements = [
  ...new Map(
    authenticated
      .filter(({ def }) => def.permission)
      .map((call) => [`${call.def.permission!.id} ${call.def.permission!.action ?? '(any action)'}`, call]),
  ),
].sort(([a], [b]) => a.localeCompare(b));

describe.each(dbKinds)('authentication before the request is read, on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(() => ctx.close());

  const call = (def: RouteDef, url: string, payload: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: def.method,
      url,
      ...(def.method === 'GET' ? {} : { payload }),
      headers: { 'content-type': 'application/json', ...headers },
    });

  it('covers the whole table', () => {
    expect(authenticated.length).toBeGreaterThan(30);
    expect(authenticated.map(({ def }) => def.path)).toContain('/domain/config/:id/user-agent-filter');
  });

  it.each(authenticated)(
    '$def.method $def.path without a token answers 401, whatever the body',
    async ({ def, url }) => {
      for (const payload of ['{}', '{"unterminated', 'x'.repeat(3 * 1024 * 1024)]) {
        const res = await call(def, url, payload);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ code: 401, error: 'UNAUTHORIZED', data: null });
        expect(res.json().fields).toBeUndefined();
      }
      const res = await call(def, url, 'not json', { 'content-type': 'text/plain' });
      expect(res.json()).toMatchObject({ code: 401, error: 'UNAUTHORIZED' });
    },
  );

  it.each(authenticated)(
    '$def.method $def.path with an unknown token answers 401 before validation',
    async ({ def, url }) => {
      const res = await call(def, url, '{"unterminated', { authorization: 'no-such-token' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 401, error: 'SESSION_EXPIRED' });
    },
  );

  describe('with a session', () => {
    let token: string;
    let userName: string;
    beforeAll(async () => {
      userName = `order${Date.now().toString(36)}`;
      await createUser(ctx.database.db, createPasswordHasher(ctx.config.passwordHashing), {
        userName,
        email: `${userName}@example.com`,
        password: 'secret123',
      });
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { userName, password: 'secret123' },
      });
      token = login.json().data.token;
    });

    it('validates the body once the caller is known', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/domain/create',
        payload: {},
        headers: { authorization: token },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
      expect(res.json().fields).toBeDefined();
    });

    it('refuses a missing permission before validation', async () => {
      await revokePermission(ctx.database.db, userName, 'user');
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/user/edit',
        payload: '{"unterminated',
        headers: { authorization: token, 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 403, error: 'FORBIDDEN' });
    });
  });
  describe('the permission guard', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await createTestUser(ctx);
      // Both product variants open, so that only the permission decides.
      await setCdnTypeById(ctx.database.db, user.id, 'all', ctx.clock.now);
    });
    /** The call with a body no handler could take: past the guard it is refused by parsing or validation. */
    const guarded = (def: RouteDef, url: string, headers: Record<string, string>) =>
      call(def, url, '{"unterminated', headers);

    it('knows a call for every permission and every action that one requires', () => {
      const named = requirements.map(([name]) => name);
      expect(named).toContain('overview (any action)');
      for (const action of ['add', 'delete', 'edit', 'query', 'get', 'enable', 'disable', 'export']) {
        expect(
          named.some((name) => name.endsWith(` ${action}`)),
          action,
        ).toBe(true);
      }
      const ids = new Set(requirements.map(([, { def }]) => def.permission!.id));
      expect([...ids].sort()).toEqual(
        [
          'certificate',
          'domain',
          'eodomain',
          'key',
          'log',
          'msg',
          'order',
          'overview',
          'plan',
          'preheat',
          'statistics',
          'ticket',
          'user',
        ].sort(),
      );
    });

    it.each(requirements)(
      '%s: refused without it (403 before the body is read), let through with it',
      async (_name, { def, url }) => {
        const { id, action } = def.permission!;
        const actions: Action[] = action ? [action] : [];
        await revokePermission(ctx.database.db, user.userName, id as PermissionId, actions);
        const refused = await guarded(def, url, user.headers);
        expect(refused.statusCode, refused.body).toBe(403);
        expect(refused.json()).toMatchObject({ code: 403, error: 'FORBIDDEN' });
        await grantPermission(ctx.database.db, user.userName, id as PermissionId, actions);
        const passed = await guarded(def, url, user.headers);
        expect(passed.statusCode, passed.body).not.toBe(403);
        expect(passed.statusCode, passed.body).not.toBe(401);
      },
    );

    it("answers 403 to a call of the product variant the user's CDN type does not open", async () => {
      const variantCall = (variant: string) =>
        authenticated.find(({ def }) => def.variant === variant && def.method === 'GET')!;
      const someone = await createTestUser(ctx);
      for (const [cdnType, opened, closed] of [
        ['cdn', 'cdn', 'eo'],
        ['eo', 'eo', 'cdn'],
      ] as const) {
        await setCdnTypeById(ctx.database.db, someone.id, cdnType, ctx.clock.now);
        const refused = variantCall(closed);
        const res = await guarded(refused.def, refused.url, someone.headers);
        expect(res.statusCode, `${cdnType}: ${refused.def.path}`).toBe(403);
        expect(res.json().error).toBe('FORBIDDEN');
        const allowed = variantCall(opened);
        expect((await guarded(allowed.def, allowed.url, someone.headers)).statusCode, allowed.def.path).not.toBe(403);
      }
    });

    it('takes the token bare or after "Bearer ", and a blank one as none', async () => {
      const profile = (authorization: string) =>
        ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization } });
      expect((await profile(user.token)).statusCode).toBe(200);
      expect((await profile(`Bearer ${user.token}`)).statusCode).toBe(200);
      expect((await profile(`Bearer  ${user.token} `)).statusCode).toBe(200);
      expect((await profile(`bearer ${user.token}`)).json().error).toBe('SESSION_EXPIRED');
      expect((await profile('Bearer    ')).json()).toMatchObject({ code: 401, error: 'UNAUTHORIZED' });
    });
  });
  // Last in the file: it moves the clock a week on, past every other session.
  it("takes a session idle exactly the idle limit, and up to its absolute expiry's last millisecond, not one more", async () => {
    const { sessionIdleMs, sessionAbsoluteMs } = limits.account;
    const profile = async (who: TestUser) =>
      (await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: who.headers })).json();
    const idle = await createTestUser(ctx);
    ctx.clock.advance(sessionIdleMs);
    expect(await profile(idle)).toMatchObject({ code: 200 });
    ctx.clock.advance(sessionIdleMs + 1);
    expect(await profile(idle)).toMatchObject({ code: 401, error: 'SESSION_EXPIRED' });

    const active = await createTestUser(ctx);
    const lastMillisecond = ctx.clock.now.getTime() + sessionAbsoluteMs - 1;
    while (lastMillisecond - ctx.clock.now.getTime() > sessionIdleMs) {
      ctx.clock.advance(sessionIdleMs);
      expect(await profile(active)).toMatchObject({ code: 200 });
    }
    ctx.clock.advance(lastMillisecond - ctx.clock.now.getTime());
    expect(await profile(active)).toMatchObject({ code: 200 });
    ctx.clock.advance(1);
    expect(await profile(active)).toMatchObject({ code: 401, error: 'SESSION_EXPIRED' });
  });
});
