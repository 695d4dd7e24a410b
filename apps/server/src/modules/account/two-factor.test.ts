import { randomBytes } from 'node:crypto';
import { limits } from '@edgeward/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../../../test/fixtures/users';
import { createTestContext, dbKinds, TEST_CAPTCHA, type TestContext } from '../../../test/helpers';
import { loginLog, mailOutbox, users, userTwoFactor } from '../../db/schema';
import { commands } from '../../ops/command-list';
import { runOps } from '../../ops/ops';
import { base32Decode } from '../../secrets/base32';
import { createPasswordHasher } from '../../secrets/password-hasher';
import { hotp, timeStep } from '../../secrets/totp';
import { issueSimulationToken } from './account.operator';

const PASSWORD = 'secret123';
const STEP_MS = limits.twoFactor.stepSeconds * 1000;

describe.each(dbKinds)('two-factor sign-in on %s', (kind) => {
  let ctx: TestContext;
  let ipSeq = 0;
  const slowedBy: number[] = [];
  const nextIp = () => `10.77.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

  beforeAll(async () => {
    // Wrong codes slow the next sign-in (up to 2 s each; loginDelayMs, tested in account.test.ts): recorded, not
    // waited, so the count up to the lock takes no minutes.
    ctx = await createTestContext(kind, {}, { sleep: async (ms) => void slowedBy.push(ms) });
  });
  afterAll(() => ctx.close());

  async function call(
    method: 'GET' | 'POST',
    url: string,
    options: { token?: string; body?: object; ip?: string } = {},
  ) {
    const res = await ctx.app.inject({
      method,
      url: `/api${url}`,
      remoteAddress: options.ip ?? nextIp(),
      headers: { 'accept-language': 'en-US', ...(options.token ? { authorization: options.token } : {}) },
      ...(options.body ? { payload: options.body } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  }

  /** A user with a real password and a session. */
  async function newUser(): Promise<TestUser> {
    const user = await createTestUser(ctx);
    const hash = await createPasswordHasher(ctx.config.passwordHashing).hash(PASSWORD);
    await ctx.database.db.update(users).set({ passwordHash: hash }).where(eq(users.id, user.id));
    return user;
  }

  /** Sets up and turns on two-factor sign-in; answers the seed and the recovery codes. */
  async function enable(user: TestUser) {
    const setup = await call('POST', '/user/two_factor/setup', { token: user.token });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    const seed = base32Decode(setup.body.data.secret);
    const code = hotp(seed, timeStep(ctx.clock.now));
    const enabled = await call('POST', '/user/two_factor/enable', { token: user.token, body: { code } });
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
    return { seed, code, recoveryCodes: enabled.body.data.recoveryCodes as string[] };
  }

  const codeAt = (seed: Buffer, offsetSteps = 0) =>
    hotp(seed, timeStep(new Date(ctx.clock.now.getTime() + offsetSteps * STEP_MS)));

  async function challenge(user: TestUser, ip?: string): Promise<string> {
    const res = await call('POST', '/user/login', { body: { userName: user.userName, password: PASSWORD }, ip });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.token).toBeUndefined();
    return res.body.data.secondFactor.challenge;
  }

  /** A challenge through the password step with the captcha, which wrong codes soon make it ask for. */
  async function withCaptcha(user: TestUser): Promise<string> {
    const captcha = await call('GET', '/user/captchaImage');
    const res = await call('POST', '/user/login', {
      body: {
        userName: user.userName,
        password: PASSWORD,
        captchaId: captcha.body.data.captchaId,
        captchaCode: TEST_CAPTCHA,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.secondFactor.challenge;
  }

  const lockMailSubject = 'Edgeward sign-in locked after wrong verification codes';

  const second = (challengeToken: string, code: string, ip?: string) =>
    call('POST', '/user/login/second_factor', { body: { challenge: challengeToken, code }, ip });

  const logOf = async (user: TestUser) =>
    (
      await ctx.database.db
        .select({ result: loginLog.result, reason: loginLog.reason })
        .from(loginLog)
        .where(eq(loginLog.userId, user.id))
        .orderBy(loginLog.id)
    ).map((row) => `${row.result}:${row.reason}`);

  it('sets up with an otpauth QR code and turns on with a first code, answering 10 recovery codes once', async () => {
    const user = await newUser();
    const setup = await call('POST', '/user/two_factor/setup', { token: user.token });
    expect(setup.body.data.otpauthUri).toBe(
      `otpauth://totp/Edgeward:${user.userName}?secret=${setup.body.data.secret}&issuer=Edgeward&algorithm=SHA1&digits=6&period=30`,
    );
    expect(setup.body.data.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const [row] = await ctx.database.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, user.id));
    expect(row!.secretSealed).toMatch(/^v1:/);
    expect(row!.enabledAt).toBeNull();

    const wrong = await call('POST', '/user/two_factor/enable', { token: user.token, body: { code: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ code: 'The verification code is wrong or was already used' });
    const seed = base32Decode(setup.body.data.secret);
    const ok = await call('POST', '/user/two_factor/enable', { token: user.token, body: { code: codeAt(seed) } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.recoveryCodes).toHaveLength(10);
    expect(new Set(ok.body.data.recoveryCodes).size).toBe(10);
    for (const code of ok.body.data.recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const status = await call('GET', '/user/two_factor', { token: user.token });
    expect(status.body.data).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    const again = await call('POST', '/user/two_factor/setup', { token: user.token });
    expect(again.body.error).toBe('TWO_FACTOR_ALREADY_ENABLED');
  });

  it('asks for a second factor at login, accepts one step either side, and each code once', async () => {
    const user = await newUser();
    const { seed, code } = await enable(user);
    // The code that turned it on is used up.
    const reused = await second(await challenge(user), code);
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('TWO_FACTOR_CODE_INVALID');

    ctx.clock.advance(STEP_MS);
    const previous = await second(await challenge(user), codeAt(seed, -1));
    expect(previous.body.error).toBe('TWO_FACTOR_CODE_INVALID');
    const ahead = await second(await challenge(user), codeAt(seed, 1));
    expect(ahead.status, JSON.stringify(ahead.body)).toBe(200);
    expect(typeof ahead.body.data.token).toBe('string');
    expect((await call('GET', '/user/profile', { token: ahead.body.data.token })).status).toBe(200);
    // Within its window the same code is refused, and so is any older one.
    expect((await second(await challenge(user), codeAt(seed, 1))).body.error).toBe('TWO_FACTOR_CODE_INVALID');
    expect((await second(await challenge(user), codeAt(seed))).body.error).toBe('TWO_FACTOR_CODE_INVALID');
    ctx.clock.advance(2 * STEP_MS);
    const later = await second(await challenge(user), codeAt(seed));
    expect(later.status).toBe(200);
    expect((await logOf(user)).filter((entry) => entry.startsWith('success'))).toEqual([
      'success:totp',
      'success:totp',
    ]);
  });

  it('accepts each recovery code once, in any case and with or without its dash', async () => {
    const user = await newUser();
    const { recoveryCodes } = await enable(user);
    const [first, secondCode] = recoveryCodes as [string, string];
    const ok = await second(await challenge(user), first.toUpperCase().replace('-', ''));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await second(await challenge(user), first)).body.error).toBe('TWO_FACTOR_CODE_INVALID');
    expect((await second(await challenge(user), secondCode)).status).toBe(200);
    expect((await call('GET', '/user/two_factor', { token: user.token })).body.data.recoveryCodesLeft).toBe(8);
    expect(await logOf(user)).toContain('success:recovery_code');
  });

  it('gives a challenge 3 tries and 5 minutes, and counts wrong codes toward the login lockout', async () => {
    const user = await newUser();
    const { seed } = await enable(user);
    const first = await challenge(user);
    expect((await second(first, '111111')).body.error).toBe('TWO_FACTOR_CODE_INVALID');
    expect((await second(first, '222222')).body.error).toBe('TWO_FACTOR_CODE_INVALID');
    const third = await second(first, '333333');
    expect(third.body).toMatchObject({
      error: 'TWO_FACTOR_CHALLENGE_INVALID',
      message: 'The sign-in has expired, please enter your password again',
    });
    expect((await second(first, codeAt(seed, 1))).body.error).toBe('TWO_FACTOR_CHALLENGE_INVALID');

    const stale = await challenge(user);
    ctx.clock.advance(limits.twoFactor.challengeTtlMs + 1000);
    expect((await second(stale, codeAt(seed))).body.error).toBe('TWO_FACTOR_CHALLENGE_INVALID');

    const next = await challenge(user);
    expect((await second(next, '444444')).body.error).toBe('TWO_FACTOR_CODE_INVALID');
    expect((await second(next, '555555')).body.error).toBe('TWO_FACTOR_CODE_INVALID');
    expect((await logOf(user)).filter((entry) => entry === 'failure:wrong_second_factor')).toHaveLength(5);
    // Five failures on the name: the password step now wants the captcha, as after five wrong passwords.
    const locked = await call('POST', '/user/login', { body: { userName: user.userName, password: PASSWORD } });
    expect(locked.body.error).toBe('CAPTCHA_REQUIRED');
    const captcha = await call('GET', '/user/captchaImage');
    const withCaptcha = await call('POST', '/user/login', {
      body: {
        userName: user.userName,
        password: PASSWORD,
        captchaId: captcha.body.data.captchaId,
        captchaCode: TEST_CAPTCHA,
      },
    });
    expect(withCaptcha.body.data.secondFactor.challenge).toEqual(expect.any(String));
  });

  it('checks at most 10 wrong codes per account across challenges, sent at once, then locks and mails the owner', async () => {
    const user = await newUser();
    const { seed } = await enable(user);
    const tries = limits.twoFactor.challengeAttempts;
    const challenges: string[] = [];
    for (let i = 0; i < 12; i++) challenges.push(await challenge(user));
    // 36 wrong codes at once, 3 per challenge (each challenge's own limit is never reached first).
    const answers = await Promise.all(
      challenges.flatMap((token, i) =>
        Array.from({ length: tries }, (_, j) => second(token, `${100000 + i * tries + j}`)),
      ),
    );
    const errors = answers.map((res) => res.body.error);
    const max = limits.twoFactor.accountFailures;
    expect(errors.filter((error) => error !== 'TWO_FACTOR_LOCKED')).toHaveLength(max - 1);
    expect(errors.filter((error) => error === 'TWO_FACTOR_LOCKED')).toHaveLength(answers.length - max + 1);
    expect((await logOf(user)).filter((entry) => entry === 'failure:wrong_second_factor')).toHaveLength(max);
    expect(answers.find((res) => res.body.error === 'TWO_FACTOR_LOCKED')).toMatchObject({
      status: 429,
      body: {
        message:
          'Too many wrong verification codes: the second step of sign-in is locked for 15 more minutes. The account owner has been told by mail.',
      },
    });
    const mails = await ctx.database.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, `${user.userName}@example.test`), eq(mailOutbox.subject, lockMailSubject)));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(
      `${user.userName} was entered correctly, but 10 wrong verification codes followed`,
    );

    // The right code is refused while locked, on a new challenge too, until the lock ends.
    ctx.clock.advance(limits.twoFactor.accountLockMs - 60_000);
    const early = await second(await withCaptcha(user), codeAt(seed));
    expect(early.body).toMatchObject({ error: 'TWO_FACTOR_LOCKED' });
    expect(early.body.message).toContain('locked for 1 more minute.');
    ctx.clock.advance(60_000);
    const signedIn = await second(await withCaptcha(user), codeAt(seed));
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.data.token).toEqual(expect.any(String));
  });

  it('counts wrong codes across challenges up to the limit, and a right code clears the count', async () => {
    const user = await newUser();
    const { seed, recoveryCodes } = await enable(user);
    const max = limits.twoFactor.accountFailures;
    expect((await second(await challenge(user), '200000')).body.error).toBe('TWO_FACTOR_CODE_INVALID');
    // The next step's code: this step's was used up turning two-factor sign-in on.
    const right = await second(await challenge(user), codeAt(seed, 1));
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    for (let i = 0; i < max - 1; i++) {
      expect((await second(await withCaptcha(user), `${300000 + i}`)).body.error).toBe('TWO_FACTOR_CODE_INVALID');
    }
    expect((await second(await withCaptcha(user), '399999')).body.error).toBe('TWO_FACTOR_LOCKED');
    expect((await second(await withCaptcha(user), recoveryCodes[0]!)).body.error).toBe('TWO_FACTOR_LOCKED');
    // From the fifth wrong code on, each sign-in step was slowed, up to the longest wait.
    expect(Math.max(...slowedBy)).toBe(2000);
  });

  it('does not ask an operator simulation for a second factor, and refuses it two-factor changes', async () => {
    const user = await newUser();
    await enable(user);
    const issued = await issueSimulationToken(ctx.database.db, user.userName, ctx.clock.now);
    const simulated = await call('POST', `/user/simulation/${issued!.token}`);
    expect(simulated.status).toBe(200);
    const token = simulated.body.data.token;
    expect((await call('GET', '/user/profile', { token })).status).toBe(200);
    const disable = await call('POST', '/user/two_factor/disable', {
      token,
      body: { password: PASSWORD, code: '123456' },
    });
    expect(disable.body.error).toBe('SIMULATION_NOT_ALLOWED');
  });

  it('turns off with the password and a code or a recovery code; login then needs the password only', async () => {
    const user = await newUser();
    const { seed, recoveryCodes } = await enable(user);
    ctx.clock.advance(STEP_MS);
    const disable = (body: object) => call('POST', '/user/two_factor/disable', { token: user.token, body });
    const wrongPassword = await disable({ password: 'not-it', code: codeAt(seed) });
    expect(wrongPassword.body.fields).toEqual({ password: 'The current password is incorrect' });
    const wrongCode = await disable({ password: PASSWORD, code: '000000' });
    expect(wrongCode.body.fields).toEqual({ code: 'The verification code is wrong or was already used' });
    const badFormat = await disable({ password: PASSWORD, code: '12' });
    expect(badFormat.body.fields).toEqual({
      code: 'Enter the 6-digit code from your authenticator app, or a recovery code',
    });
    expect((await disable({ password: PASSWORD, code: recoveryCodes[0] })).status).toBe(200);
    expect((await call('GET', '/user/two_factor', { token: user.token })).body.data).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    const login = await call('POST', '/user/login', { body: { userName: user.userName, password: PASSWORD } });
    expect(typeof login.body.data.token).toBe('string');
    expect((await disable({ password: PASSWORD, code: codeAt(seed) })).body.error).toBe('TWO_FACTOR_NOT_ENABLED');
    const rows = await ctx.database.db
      .select()
      .from(userTwoFactor)
      .where(and(eq(userTwoFactor.userId, user.id)));
    expect(rows).toEqual([]);
  });

  it('leaves nothing half done when a write of turning on or off fails', async () => {
    const exec = (statement: string) => ctx.database.db.execute(sql.raw(statement));
    await exec(`CREATE FUNCTION test_refuse_2fa() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'test: % on % refused', TG_OP, TG_TABLE_NAME; END $$`);
    const refusing = async <T>(table: string, op: string, work: () => Promise<T>) => {
      await exec(
        `CREATE TRIGGER test_refuse BEFORE ${op} ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION test_refuse_2fa()`,
      );
      try {
        return await work();
      } finally {
        await exec(`DROP TRIGGER test_refuse ON ${table}`);
      }
    };
    const user = await newUser();
    const setup = await call('POST', '/user/two_factor/setup', { token: user.token });
    const seed = base32Decode(setup.body.data.secret);
    const failed = await refusing('two_factor_recovery_codes', 'INSERT', () =>
      call('POST', '/user/two_factor/enable', { token: user.token, body: { code: codeAt(seed) } }),
    );
    expect(failed.status).toBe(500);
    expect((await call('GET', '/user/two_factor', { token: user.token })).body.data.enabled).toBe(false);
    const enabled = await call('POST', '/user/two_factor/enable', { token: user.token, body: { code: codeAt(seed) } });
    expect(enabled.status).toBe(200);

    const recoveryCodes = enabled.body.data.recoveryCodes as string[];
    const failedOff = await refusing('user_two_factor', 'DELETE', () =>
      call('POST', '/user/two_factor/disable', {
        token: user.token,
        body: { password: PASSWORD, code: recoveryCodes[0] },
      }),
    );
    expect(failedOff.status).toBe(500);
    expect((await call('GET', '/user/two_factor', { token: user.token })).body.data).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
    });
  });

  it('lets an operator turn it off for a customer who lost every factor', async () => {
    const user = await newUser();
    await enable(user);
    const out: string[] = [];
    const run = (name: string) =>
      runOps(
        commands,
        ['user', '2fa-off', name],
        {
          database: ctx.database,
          config: ctx.config,
          providers: {} as never,
          out: (line) => out.push(line),
          now: () => ctx.clock.now,
        },
        (line) => out.push(line),
      );
    expect(await run(user.userName)).toBe(0);
    expect(out).toEqual([`Two-factor sign-in of ${user.userName} is off; their password alone signs in`]);
    const login = await call('POST', '/user/login', { body: { userName: user.userName, password: PASSWORD } });
    expect(typeof login.body.data.token).toBe('string');
    expect(await run(user.userName)).toBe(0);
    expect(out.at(-1)).toBe(`${user.userName} has no two-factor sign-in`);
  });

  it('refuses an unknown challenge', async () => {
    const res = await second(randomBytes(32).toString('base64url'), '123456');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('TWO_FACTOR_CHALLENGE_INVALID');
  });
});
