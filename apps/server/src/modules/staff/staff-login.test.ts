import { limits } from '@edgeward/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStaff, type TestStaff } from '../../../test/fixtures/staff';
import { createTestContext, dbKinds, type TestContext } from '../../../test/helpers';
import { staff, staffAuditLog, staffSessions } from '../../db/schema';
import { base32Decode } from '../../secrets/base32';
import { hotp, timeStep } from '../../secrets/totp';

const s = limits.staff;
const STEP_MS = limits.twoFactor.stepSeconds * 1000;

describe.each(dbKinds)('staff sign-in on %s', (kind) => {
  let ctx: TestContext;
  let ipSeq = 0;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(() => ctx.close());

  async function call(
    method: 'GET' | 'POST',
    url: string,
    options: { token?: string; body?: object; headers?: Record<string, string> } = {},
  ) {
    const res = await ctx.app.inject({
      method,
      url: `/api${url}`,
      remoteAddress: `10.9.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`,
      headers: {
        'accept-language': 'en-US',
        ...(options.token ? { authorization: options.token } : {}),
        ...options.headers,
      },
      ...(options.body ? { payload: options.body } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  }

  const login = (member: TestStaff, password = member.password) =>
    call('POST', '/admin/login', { body: { userName: member.userName, password } });
  const codeAt = (seed: Buffer, at = ctx.clock.now) => hotp(seed, timeStep(at));

  /** First sign-in: the set-up challenge and the seed it carries. */
  async function firstSignIn(member: TestStaff) {
    const first = await login(member);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const setup = first.body.data.twoFactorSetup;
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(setup.otpauthUri).toContain(encodeURIComponent(member.userName));
    return { challenge: setup.challenge as string, seed: base32Decode(setup.secret) };
  }

  it("keeps the session's address and at most 512 characters of the browser's name", async () => {
    const member = await createTestStaff(ctx, 'support');
    const { challenge, seed } = await firstSignIn(member);
    const agent = `Mozilla/5.0 ${'x'.repeat(600)}`;
    const signedIn = await call('POST', '/admin/login/second_factor', {
      body: { challenge, code: codeAt(seed) },
      headers: { 'user-agent': agent },
    });
    expect(signedIn.status).toBe(200);
    // The member's newest session: the fixture opened one of its own before.
    const [session] = await ctx.database.db
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.staffId, member.id))
      .orderBy(desc(staffSessions.id))
      .limit(1);
    expect(session?.userAgent).toBe(agent.slice(0, 512));
    expect(session?.ip).toBe(`10.9.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`);
  });

  it('sets two-factor up at the first sign-in, then asks for a code each time, each code good once', async () => {
    const member = await createTestStaff(ctx, 'support');
    const { challenge, seed } = await firstSignIn(member);
    const wrong = await call('POST', '/admin/login/second_factor', { body: { challenge, code: '000000' } });
    expect(wrong.body.error).toBe('VALIDATION_FAILED');
    expect(wrong.body.fields.code).toBe('The verification code is wrong or was already used');
    const code = codeAt(seed);
    const signedIn = await call('POST', '/admin/login/second_factor', { body: { challenge, code } });
    expect(signedIn.status).toBe(200);
    const me = await call('GET', '/admin/me', { token: signedIn.body.data.token });
    expect(me.body.data).toMatchObject({ userName: member.userName, role: 'support', twoFactorExempt: false });
    expect(me.body.data.capabilities).toContain('tickets');
    expect(me.body.data.capabilities).not.toContain('staff');
    // The challenge is used up.
    const again = await call('POST', '/admin/login/second_factor', { body: { challenge, code } });
    expect(again.body.error).toBe('TWO_FACTOR_CHALLENGE_INVALID');

    const second = await login(member);
    expect(second.body.data.secondFactor.challenge).toEqual(expect.any(String));
    expect(second.body.data.twoFactorSetup).toBeUndefined();
    const next = second.body.data.secondFactor.challenge;
    const replay = await call('POST', '/admin/login/second_factor', { body: { challenge: next, code } });
    expect(replay.body.fields?.code).toBeDefined();
    ctx.clock.advance(STEP_MS);
    const fresh = await call('POST', '/admin/login/second_factor', { body: { challenge: next, code: codeAt(seed) } });
    expect(fresh.status).toBe(200);
    const [row] = await ctx.database.db.select().from(staff).where(eq(staff.id, member.id));
    expect(row!.lastSignInAt).toEqual(ctx.clock.now);
    const audit = await ctx.database.db.select().from(staffAuditLog).where(eq(staffAuditLog.staffId, member.id));
    expect(audit.filter((a) => a.action === 'staff.signIn')).toHaveLength(2);
  });

  it('ends a challenge after its tries and after its time', async () => {
    const member = await createTestStaff(ctx, 'finance');
    const { challenge, seed } = await firstSignIn(member);
    for (let i = 0; i < limits.twoFactor.challengeAttempts; i++) {
      await call('POST', '/admin/login/second_factor', { body: { challenge, code: '000000' } });
    }
    const late = await call('POST', '/admin/login/second_factor', { body: { challenge, code: codeAt(seed) } });
    expect(late.body.error).toBe('TWO_FACTOR_CHALLENGE_INVALID');

    const other = await createTestStaff(ctx, 'finance');
    const setup = await firstSignIn(other);
    ctx.clock.advance(limits.twoFactor.challengeTtlMs);
    const expired = await call('POST', '/admin/login/second_factor', {
      body: { challenge: setup.challenge, code: codeAt(setup.seed) },
    });
    expect(expired.body.error).toBe('TWO_FACTOR_CHALLENGE_INVALID');
  });

  it('locks the name at the fifth wrong password within the window, not the fourth, until the lock ends', async () => {
    const member = await createTestStaff(ctx, 'reviewer');
    for (let i = 1; i < s.loginFailures; i++) expect((await login(member, 'wrong')).body.error).toBe('LOGIN_FAILED');
    expect((await login(member)).status).toBe(200);

    const locked = await createTestStaff(ctx, 'reviewer');
    for (let i = 0; i < s.loginFailures; i++) await login(locked, 'wrong');
    const refused = await login(locked);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('STAFF_LOCKED');
    expect(refused.body.message).toBe(
      'Too many wrong passwords or codes: staff sign-in for this name is locked for 15 more minutes',
    );
    ctx.clock.advance(s.lockMs - 1);
    expect((await login(locked)).body.error).toBe('STAFF_LOCKED');
    ctx.clock.advance(1);
    expect((await login(locked)).status).toBe(200);
  });

  it('counts failures within the window only', async () => {
    const member = await createTestStaff(ctx, 'reviewer');
    for (let i = 1; i < s.loginFailures; i++) await login(member, 'wrong');
    ctx.clock.advance(s.loginFailureWindowMs + 1);
    await login(member, 'wrong');
    expect((await login(member)).status).toBe(200);
  });

  it('counts wrong codes toward the lock', async () => {
    const member = await createTestStaff(ctx, 'operations');
    for (let i = 0; i < s.loginFailures; i++) {
      const { challenge } = await firstSignIn(member);
      await call('POST', '/admin/login/second_factor', { body: { challenge, code: '000000' } });
    }
    expect((await login(member)).body.error).toBe('STAFF_LOCKED');
  });

  it('refuses a right code once the name is locked or the member disabled after the password step', async () => {
    const db = ctx.database.db;
    const member = await createTestStaff(ctx, 'finance');
    const second = (challenge: string, seed: Buffer) =>
      call('POST', '/admin/login/second_factor', { body: { challenge, code: codeAt(seed) } });

    // Locked (by wrong codes on another challenge) until a minute from now: refused until then, then taken.
    const locked = await firstSignIn(member);
    const lockedUntil = new Date(ctx.clock.now.getTime() + 60_000);
    await db.update(staff).set({ lockedUntil }).where(eq(staff.id, member.id));
    expect((await second(locked.challenge, locked.seed)).body.error).toBe('STAFF_LOCKED');
    ctx.clock.advance(60_000);
    expect((await second(locked.challenge, locked.seed)).status).toBe(200);

    ctx.clock.advance(STEP_MS);
    const before = await login(member);
    await db.update(staff).set({ disabledAt: ctx.clock.now }).where(eq(staff.id, member.id));
    const disabled = await call('POST', '/admin/login/second_factor', {
      body: { challenge: before.body.data.secondFactor.challenge, code: codeAt(locked.seed) },
    });
    expect([disabled.status, disabled.body.error]).toEqual([400, 'TWO_FACTOR_CHALLENGE_INVALID']);
  });

  it('ends a session after 30 idle minutes, and after 12 hours however busy', async () => {
    const member = await createTestStaff(ctx, 'support');
    const me = () => call('GET', '/admin/me', { token: member.token });
    ctx.clock.advance(s.sessionIdleMs);
    expect((await me()).status).toBe(200);
    ctx.clock.advance(s.sessionIdleMs + 1);
    expect((await me()).body.error).toBe('SESSION_EXPIRED');

    const busy = await createTestStaff(ctx, 'support');
    const steps = s.sessionAbsoluteMs / (20 * 60_000);
    for (let i = 1; i < steps; i++) {
      ctx.clock.advance(20 * 60_000);
      expect((await call('GET', '/admin/me', { token: busy.token })).status).toBe(200);
    }
    ctx.clock.advance(20 * 60_000);
    expect((await call('GET', '/admin/me', { token: busy.token })).status).toBe(401);
  });

  it('signs out, and says nothing more to a disabled member than to a wrong password', async () => {
    const member = await createTestStaff(ctx, 'support');
    expect((await call('POST', '/admin/logout', { token: member.token })).status).toBe(200);
    expect((await call('GET', '/admin/me', { token: member.token })).status).toBe(401);

    const disabled = await createTestStaff(ctx, 'support');
    await ctx.database.db.update(staff).set({ disabledAt: ctx.clock.now }).where(eq(staff.id, disabled.id));
    expect((await call('GET', '/admin/me', { token: disabled.token })).status).toBe(401);
    expect((await login(disabled)).body.error).toBe('LOGIN_FAILED');
  });

  it('refuses a wrong password and an unknown name alike', async () => {
    expect(
      (await call('POST', '/admin/login', { body: { userName: 'nobody-here', password: 'x' } })).body,
    ).toMatchObject({ code: 400, error: 'LOGIN_FAILED', message: 'Incorrect username or password' });
  });

  it('keeps the audit log append-only', async () => {
    // The database's refusal: drizzle wraps it, the driver's error is the cause.
    const refusal = (statement: ReturnType<typeof sql>) =>
      ctx.database.db.execute(statement).then(
        () => 'accepted',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    const member = await createTestStaff(ctx, 'admin');
    await call('POST', '/admin/logout', { token: member.token });
    expect(await refusal(sql`UPDATE staff_audit_log SET reason = 'x'`)).toMatch(/append-only/);
    expect(await refusal(sql`DELETE FROM staff_audit_log`)).toMatch(/append-only/);
    expect(await refusal(sql`TRUNCATE staff_audit_log`)).toMatch(/append-only/);
  });
});

describe.each(dbKinds)('the demo admin on %s', (kind) => {
  it('signs in without two-factor only on a demo installation', async () => {
    for (const demo of ['true', 'false']) {
      const ctx = await createTestContext(kind, { DEMO: demo });
      try {
        const member = await createTestStaff(ctx, 'admin', { twoFactorExempt: true });
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { userName: member.userName, password: member.password },
        });
        const data = res.json().data;
        if (demo === 'true') {
          const me = await ctx.app.inject({
            method: 'GET',
            url: '/api/admin/me',
            headers: { authorization: data.token },
          });
          expect(me.json().data.twoFactorExempt).toBe(true);
        } else {
          expect(data.twoFactorSetup).toBeDefined();
        }
      } finally {
        await ctx.close();
      }
    }
  });
});
