import type { RouteDef } from '@edgeward/contract';
import * as tables from '@edgeward/contract/routes/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dbKinds, type TestContext } from '../../test/helpers';
import { createUser, revokePermission } from '../modules/account/account.operator';
import { createPasswordHasher } from '../modules/account/password-hasher';

/** Every call of the contract's API table that needs a session, with a path whose params are invalid too. */
const authenticated = Object.values(tables)
  .flatMap((table) => Object.values(table as Record<string, RouteDef>))
  .filter((def) => def.auth !== 'none')
  .map((def) => ({ def, url: `/api${def.path.replace(/:\w+/g, 'x')}?page=-1&size=x&order=sideways` }));

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
});
