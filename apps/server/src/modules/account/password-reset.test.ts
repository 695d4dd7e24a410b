import { limits } from '@edgeward/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dbKinds, TEST_CAPTCHA, type TestContext } from '../../../test/helpers';
import { rowsOf } from '../../db/migrate';
import { createPasswordHasher } from '../../secrets/password-hasher';
import { hashSecret, newToken } from '../session';
import { createUser } from './account.operator';
import { accountPolicy } from './account.policy';

describe.each(dbKinds)('password reset links on %s', (kind) => {
  let ctx: TestContext;
  let ipSeq = 0;
  let names = 0;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(() => ctx.close());

  const query = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await ctx.database.db.execute(statement));

  async function call(url: string, method: 'GET' | 'POST' = 'GET', body?: object) {
    ipSeq += 1;
    const res = await ctx.app.inject({
      method,
      url: `/api${url}`,
      payload: body,
      remoteAddress: `10.88.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`,
    });
    return { statusCode: res.statusCode, body: res.json() };
  }

  async function newUser() {
    const userName = `reset${++names}x${Date.now().toString(36)}`;
    const email = `${userName}@example.com`;
    const id = await createUser(ctx.database.db, createPasswordHasher(ctx.config.passwordHashing), {
      userName,
      email,
      password: 'secret123',
    });
    return { id, email };
  }

  async function forgot(email: string) {
    const captchaId = (await call('/user/captchaImage')).body.data.captchaId;
    return call('/user/forgot_password', 'POST', { email, captchaId, captchaCode: TEST_CAPTCHA });
  }

  const linksOf = async (userId: number) =>
    (
      await query<{ n: number }>(sql`SELECT count(*)::int AS n FROM password_reset_tokens WHERE user_id = ${userId}`)
    )[0]!.n;

  /** Links are mailed in the background: wait until the user holds `n` of them. */
  async function waitForLinks(userId: number, n: number) {
    for (let i = 0; i < 200 && (await linksOf(userId)) < n; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await linksOf(userId)).toBe(n);
  }

  async function openLink(userId: number): Promise<string> {
    const token = newToken();
    const at = ctx.clock.now;
    await ctx.database.db.execute(sql`
      INSERT INTO password_reset_tokens (token_hash, user_id, created_at, expires_at)
      VALUES (${hashSecret(token)}, ${userId}, ${at.toISOString()}::timestamptz,
              ${new Date(at.getTime() + limits.account.resetTokenTtlMs).toISOString()}::timestamptz)`);
    return token;
  }

  it('voids the user’s other open links when one of them is used', async () => {
    const user = await newUser();
    const first = await openLink(user.id);
    const second = await openLink(user.id);
    const reset = (token: string, password: string) =>
      call('/user/reset_password', 'POST', { token, password, confirmPassword: password });
    expect((await reset(second, 'after-reset-1')).statusCode).toBe(200);
    const stale = await reset(first, 'after-reset-2');
    expect(stale.statusCode).toBe(400);
    expect(stale.body).toMatchObject({ error: 'RESET_TOKEN_INVALID' });
  });

  it('mails an address at most its hourly number of links, answering every request alike', async () => {
    const user = await newUser();
    const unknown = `nobody${Date.now().toString(36)}@example.com`;
    const { max, windowMs } = accountPolicy.resetLinksPerAddress;
    const success = { code: 200, message: 'Success', data: null };
    for (let i = 1; i <= max; i++) {
      expect((await forgot(user.email)).body).toEqual(success);
      await waitForLinks(user.id, i);
      ctx.clock.advance(limits.account.emailCodeResendMs);
    }
    // Over the budget: the same answer as for an address without an account, and no link.
    expect((await forgot(user.email)).body).toEqual(success);
    expect((await forgot(unknown)).body).toEqual(success);
    ctx.clock.advance(windowMs - max * limits.account.emailCodeResendMs);
    expect((await forgot(user.email)).body).toEqual(success);
    // The link of this last request is mailed after the refused one's turn: once it exists, the count is final.
    await waitForLinks(user.id, max + 1);
    const times = await query<{ at: Date | string }>(
      sql`SELECT created_at AS at FROM password_reset_tokens WHERE user_id = ${user.id} ORDER BY created_at`,
    );
    expect(new Date(times.at(-1)!.at).getTime()).toBe(ctx.clock.now.getTime());
  });
});
