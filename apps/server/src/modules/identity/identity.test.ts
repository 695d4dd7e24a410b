import { randomUUID } from 'node:crypto';
import { faceCheckTtlMs } from '@edgeward/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Res } from '../../../test/fixtures/domains';
import { createTestUser, type TestUser } from '../../../test/fixtures/users';
import { createTestDatabase, dbKinds, jobWithPayload, testClock, testPasswordHashing } from '../../../test/helpers';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/connect';
import { realNameAttempts, sandboxFaceChecks, users } from '../../db/schema';
import { commands } from '../../ops/command-list';
import { runOps } from '../../ops/ops';
import { createProviders, type Providers } from '../../providers';
import { signBody } from '../../providers/sandbox-callback';
import { secretBoxOf } from '../../secrets/secret-box';
import { addSampleIdentity } from './identity.sample-data';

const valid = { realName: '张三丰', idNumber: '11010519491231002x' };

describe.each(dbKinds)('real-name verification on %s', (kind) => {
  let app: FastifyInstance;
  let database: Database;
  let providers: Providers;
  // Jobs are enqueued at the database's time: a clock ahead of it finds them due.
  const clock = testClock(new Date(Date.now() + 10 * 60_000));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    DEMO: 'false',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://console.test',
    REAL_NAME_DAILY_FAILURES: '2',
    ...testPasswordHashing,
  });
  /** The sandbox's callbacks as the server answered them; `onTheWay` answers the next ones instead of the server. */
  const deliveries: { body: string; signature: string; status: number }[] = [];
  const onTheWay: { status: number; body: string }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildApp({
      config,
      database,
      now: () => clock.now,
      logger: false,
      providers: (deps) => {
        providers = createProviders({
          ...deps,
          faceCheckDelivery: async (url, body, headers) => {
            const answer = onTheWay.shift();
            if (answer) return answer;
            const res = await app.inject({
              method: 'POST',
              url: new URL(url).pathname,
              payload: body,
              headers: { 'content-type': 'application/json', ...headers },
            });
            deliveries.push({ body, signature: headers['x-sandbox-signature']!, status: res.statusCode });
            return { status: res.statusCode, body: res.body };
          },
        });
        return providers;
      },
    });
    await app.ready();
    await exec(`CREATE FUNCTION test_refuse_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'test: % on % refused', TG_OP, TG_TABLE_NAME; END $$`);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const user = () => createTestUser({ app, database }, { realNameVerified: false });
  const call = async (who: TestUser, method: 'GET' | 'POST', url: string, payload?: unknown): Promise<Res> => {
    const res = await app.inject({
      method,
      url: `/api${url}`,
      headers: { ...who.headers, 'accept-language': 'en-US' },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { statusCode: res.statusCode, body: res.json(), text: res.body, headers: res.headers };
  };
  const submit = (who: TestUser, body: object = valid) => call(who, 'POST', '/real-name', body);
  /** Opens the sandbox's check page, passes or fails the check there, and lets its callback job run. */
  const finishOnSandbox = async (checkUrl: string, verdict: 'pass' | 'fail') => {
    const path = new URL(checkUrl).pathname;
    expect((await app.inject({ method: 'POST', url: `${path}/${verdict}` })).statusCode).toBe(303);
    await app.jobs.runDue();
  };
  const notify = (body: string, signature: string) =>
    app.inject({
      method: 'POST',
      url: '/api/real-name/notify/sandbox',
      payload: body,
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature },
    });
  const ops = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runOps(
      commands,
      argv,
      { database, config, providers, out: (l) => out.push(l), now: () => clock.now },
      (l) => err.push(l),
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  /** The sandbox's callback job for the check behind `checkUrl`. */
  const notifyJobOf = (checkUrl: string) =>
    jobWithPayload(database, 'identity.sandbox.notify', 'checkId', new URL(checkUrl).pathname.split('/').at(-1) ?? '');
  const exec = (statement: string) => database.db.execute(sql.raw(statement));
  /** Runs `work` while a test-only trigger makes `table` refuse updates: the change must leave nothing behind. */
  async function whileRefusingUpdates<T>(table: string, work: () => Promise<T>): Promise<T> {
    await exec(
      `CREATE TRIGGER test_refuse BEFORE UPDATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION test_refuse_write()`,
    );
    try {
      return await work();
    } finally {
      await exec(`DROP TRIGGER test_refuse ON ${table}`);
    }
  }
  const verifiedFlag = async (id: number) =>
    (await database.db.select({ v: users.realNameVerified }).from(users).where(eq(users.id, id)))[0]!.v;

  it('refuses a malformed name or ID number with the message under its field', async () => {
    const who = await user();
    const res = await submit(who, { realName: '', idNumber: '110105194912310021' });
    expect(res.statusCode).toBe(400);
    expect(res.body.fields).toEqual({
      realName: 'Please enter your name',
      idNumber: 'The ID number is not valid: please check it (its last character does not match)',
    });
    expect((await submit(who, { ...valid, idNumber: '11010519491231002' })).body.fields).toEqual({
      idNumber: 'The ID number has 18 characters: 17 digits, then a digit or X',
    });
  });

  it('starts a face check: QR code and sandbox page, the identity masked, the ID number sealed at rest', async () => {
    const who = await user();
    const res = await submit(who);
    expect(res.statusCode, res.text).toBe(200);
    const attempt = res.body.data;
    expect(attempt).toMatchObject({
      status: 'pending',
      sandbox: true,
      identity: { realName: '张*丰', idNumber: '1****************X' },
    });
    expect(attempt.checkUrl).toMatch(/^http:\/\/console\.test\/api\/identity\/sandbox\/FCK[0-9a-f]{24}$/);
    expect(Buffer.from(attempt.qrCode.split(',')[1], 'base64').toString()).toContain('<svg');
    expect(res.text).not.toContain('11010519491231002');
    expect(res.text).not.toContain('张三丰');

    const [row] = await database.db.select().from(realNameAttempts).where(eq(realNameAttempts.id, attempt.id));
    expect(row!.idNumberSealed).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain('11010519491231002');
    const box = secretBoxOf(config);
    expect(box.open(row!.idNumberSealed, `real-name:${who.id}:id-number`)).toBe('11010519491231002X');
    expect(box.open(row!.realNameSealed, `real-name:${who.id}:name`)).toBe('张三丰');
    expect(() => box.open(row!.realNameSealed, `real-name:${who.id}:id-number`)).toThrow();
    expect(() => box.open(row!.idNumberSealed, `real-name:${who.id + 1}:id-number`)).toThrow();

    const page = await app.inject({ url: new URL(attempt.checkUrl).pathname, headers: { 'accept-language': 'zh-CN' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('沙箱人脸核验');
    expect(page.body).toContain('张*丰');
    expect(page.body).toContain('/api/identity/sandbox/face-check.js');
    expect(page.body).not.toContain('11010519491231002');
    const script = await app.inject({ url: '/api/identity/sandbox/face-check.js' });
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('getUserMedia');

    const status = (await call(who, 'GET', '/real-name')).body.data;
    expect(status).toMatchObject({
      verified: false,
      identity: null,
      verifiedAt: null,
      sample: false,
      attempt: { id: attempt.id, status: 'pending' },
    });
  });

  it('a passed face check verifies the account through the signed callback, retried until acknowledged', async () => {
    const who = await user();
    const attempt = (await submit(who)).body.data;
    onTheWay.push({ status: 503, body: 'unavailable' });
    await finishOnSandbox(attempt.checkUrl, 'pass');
    // The first post did not get through: still pending until the job's retry.
    expect((await call(who, 'GET', `/real-name/attempt/${attempt.id}`)).body.data.status).toBe('pending');
    expect(await verifiedFlag(who.id)).toBe(false);
    clock.advance(60_000);
    await app.jobs.runDue();
    const done = (await call(who, 'GET', `/real-name/attempt/${attempt.id}`)).body.data;
    expect(done).toMatchObject({ status: 'passed', checkUrl: null, qrCode: null });
    expect(await verifiedFlag(who.id)).toBe(true);
    const [row] = await database.db.select().from(realNameAttempts).where(eq(realNameAttempts.id, attempt.id));
    expect(row!.operatorReview).toBe(false);
    expect((await call(who, 'GET', '/real-name')).body.data).toMatchObject({
      verified: true,
      identity: { realName: '张*丰', idNumber: '1****************X' },
      attempt: null,
    });
    // The guards read the same flag: the session sees it at once.
    expect((await call(who, 'GET', '/user/profile')).body.data.realNameVerified).toBe(true);
    expect((await submit(who)).body.error).toBe('REAL_NAME_ALREADY_VERIFIED');
    const page = await app.inject({ url: new URL(attempt.checkUrl).pathname, headers: { 'accept-language': 'en-US' } });
    expect(page.body).toContain('Face verification passed');
  });

  it('a failed check leaves the account unverified; a bad signature and a replay change nothing', async () => {
    const who = await user();
    const attempt = (await submit(who)).body.data;
    const before = deliveries.length;
    await finishOnSandbox(attempt.checkUrl, 'fail');
    expect(deliveries.slice(before).map((d) => d.status)).toEqual([200]);
    expect((await call(who, 'GET', '/real-name')).body.data).toMatchObject({
      verified: false,
      failuresToday: 1,
      dailyFailureLimit: 2,
      attempt: { id: attempt.id, status: 'failed' },
    });

    const sent = deliveries.at(-1)!;
    const secret = config.identity.sandboxSecret;
    const passed = JSON.stringify({ ...JSON.parse(sent.body), notifyId: randomUUID(), result: 'passed' });
    // Forged: a "passed" signed with another key is refused and changes nothing.
    expect((await notify(passed, signBody('not-the-secret-at-all', passed))).statusCode).toBe(400);
    const badlySigned = await notify(passed, 'sha256=00');
    expect([badlySigned.statusCode, badlySigned.body]).toEqual([400, 'invalid notification']);
    expect(badlySigned.headers['content-type']).toMatch(/^text\/plain/);
    // Replayed: the same notification again is acknowledged and changes nothing.
    const replayed = await notify(sent.body, sent.signature);
    expect([replayed.body, replayed.headers['content-type']]).toEqual([
      'success',
      expect.stringMatching(/^text\/plain/),
    ]);
    // Even a well-signed late "passed" cannot turn a finished check around.
    expect((await notify(passed, signBody(secret, passed))).body).toBe('success');
    expect((await call(who, 'GET', `/real-name/attempt/${attempt.id}`)).body.data.status).toBe('failed');
    expect(await verifiedFlag(who.id)).toBe(false);
    // A check the server never started: refused so that the service keeps it for someone to look at.
    const unknown = JSON.stringify({ ...JSON.parse(sent.body), notifyId: randomUUID(), bizNo: 'RN999999' });
    const refused = await notify(unknown, signBody(secret, unknown));
    expect([refused.statusCode, refused.body]).toEqual([404, 'unknown check']);
    expect(refused.headers['content-type']).toMatch(/^text\/plain/);
    expect((await call(who, 'GET', `/real-name/attempt/${attempt.id}`)).body.data).toMatchObject({
      createdAt: clock.now.getTime(),
      finishedAt: clock.now.getTime(),
    });
    // Only a pending check expires: a failed one stays failed past its 30 minutes.
    clock.advance(faceCheckTtlMs + 1);
    expect((await call(who, 'GET', `/real-name/attempt/${attempt.id}`)).body.data.status).toBe('failed');
  });

  it('refuses a callback without a body as invalid', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/real-name/notify/sandbox',
      headers: { 'x-sandbox-signature': signBody(config.identity.sandboxSecret, '') },
    });
    expect([res.statusCode, res.body]).toEqual([400, 'invalid notification']);
  });

  it('a notification id already seen is not applied again, even naming another check', async () => {
    const first = await user();
    await finishOnSandbox((await submit(first)).body.data.checkUrl, 'fail');
    const seen = JSON.parse(deliveries.at(-1)!.body);
    const who = await user();
    const attempt = (await submit(who)).body.data;
    const checkId = new URL(attempt.checkUrl).pathname.split('/').at(-1);
    const body = JSON.stringify({ notifyId: seen.notifyId, checkId, bizNo: `RN${attempt.id}`, result: 'passed' });
    expect((await notify(body, signBody(config.identity.sandboxSecret, body))).body).toBe('success');
    expect((await call(who, 'GET', `/real-name/attempt/${attempt.id}`)).body.data.status).toBe('pending');
    expect(await verifiedFlag(who.id)).toBe(false);
  });

  it('refuses a face-check callback without a signature header or with a wrong one; the same body signed is taken', async () => {
    const who = await user();
    const attempt = (await submit(who)).body.data;
    const checkId = new URL(attempt.checkUrl).pathname.split('/').at(-1);
    const passed = JSON.stringify({ notifyId: randomUUID(), checkId, bizNo: `RN${attempt.id}`, result: 'passed' });
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/real-name/notify/sandbox',
      payload: passed,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    const secret = config.identity.sandboxSecret;
    const otherBody = JSON.stringify({ ...JSON.parse(passed), notifyId: randomUUID() });
    for (const wrong of ['', signBody('not-the-secret-at-all', passed), signBody(secret, otherBody)]) {
      expect((await notify(passed, wrong)).statusCode, wrong).toBe(400);
    }
    expect(await verifiedFlag(who.id)).toBe(false);
    expect((await notify(passed, signBody(secret, passed))).body).toBe('success');
    expect(await verifiedFlag(who.id)).toBe(true);
  });

  it('allows the configured number of failed checks a Beijing day, then waits for the next day', async () => {
    const who = await user();
    for (let i = 0; i < 2; i++) {
      const attempt = (await submit(who)).body.data;
      await finishOnSandbox(attempt.checkUrl, 'fail');
    }
    const refused = await submit(who);
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toMatchObject({
      error: 'REAL_NAME_ATTEMPTS_EXCEEDED',
      message: 'Face verification failed too many times today (2 a day). Please try again tomorrow',
    });
    const zh = await app.inject({
      method: 'POST',
      url: '/api/real-name',
      payload: valid,
      headers: { ...who.headers, 'accept-language': 'zh-CN' },
    });
    expect(zh.json().message).toBe('今日人脸核验失败次数过多（每天 2 次），请明天再试');
    // To just past the next Beijing midnight, up to a day ahead: the user stays active on the way, since a session
    // idle for longer than 12 hours has expired.
    const beijing = clock.now.getTime() + 8 * 3_600_000;
    let untilMidnight = 86_400_000 - (beijing % 86_400_000) + 1_000;
    while (untilMidnight > 0) {
      const step = Math.min(untilMidnight, 6 * 3_600_000);
      clock.advance(step);
      untilMidnight -= step;
      expect((await call(who, 'GET', '/real-name')).statusCode).toBe(200);
    }
    const next = await submit(who);
    expect(next.statusCode, next.text).toBe(200);
    await finishOnSandbox(next.body.data.checkUrl, 'pass');
    expect(await verifiedFlag(who.id)).toBe(true);
  });

  it('a new submission supersedes a pending check, whose page then finishes nothing', async () => {
    const who = await user();
    const first = (await submit(who)).body.data;
    const second = (await submit(who)).body.data;
    expect((await call(who, 'GET', `/real-name/attempt/${first.id}`)).body.data.status).toBe('superseded');
    await finishOnSandbox(first.checkUrl, 'pass');
    expect(await verifiedFlag(who.id)).toBe(false);
    expect((await call(who, 'GET', '/real-name')).body.data.attempt).toMatchObject({ id: second.id });
  });

  it('a check left for 30 minutes expires: its page takes no result, the console says so', async () => {
    const who = await user();
    const attempt = (await submit(who)).body.data;
    clock.advance(31 * 60_000);
    expect((await call(who, 'GET', `/real-name/attempt/${attempt.id}`)).body.data).toMatchObject({
      status: 'expired',
      checkUrl: null,
      qrCode: null,
    });
    const path = new URL(attempt.checkUrl).pathname;
    expect((await app.inject({ url: path, headers: { 'accept-language': 'en-US' } })).body).toContain(
      'This face check has expired',
    );
    await finishOnSandbox(attempt.checkUrl, 'pass');
    expect(await verifiedFlag(who.id)).toBe(false);
    // The way on is a new submission.
    const next = (await submit(who)).body.data;
    await finishOnSandbox(next.checkUrl, 'pass');
    expect(await verifiedFlag(who.id)).toBe(true);
  });

  it("one user can neither see nor complete another's verification", async () => {
    const owner = await user();
    const stranger = await user();
    const attempt = (await submit(owner)).body.data;
    const foreign = await call(stranger, 'GET', `/real-name/attempt/${attempt.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body.error).toBe('NOT_FOUND');
    expect((await call(stranger, 'GET', '/real-name/attempt/99999999')).body.error).toBe('NOT_FOUND');
    expect((await call(stranger, 'GET', '/real-name')).body.data).toMatchObject({ attempt: null, verified: false });

    // The stranger's own check passing verifies the stranger, never the owner.
    const own = (await submit(stranger)).body.data;
    await finishOnSandbox(own.checkUrl, 'pass');
    expect(await verifiedFlag(stranger.id)).toBe(true);
    expect(await verifiedFlag(owner.id)).toBe(false);
    // A callback naming the owner's attempt with the stranger's check id is not the owner's check.
    const sent = JSON.parse(deliveries.at(-1)!.body);
    const crossed = JSON.stringify({ ...sent, notifyId: randomUUID(), bizNo: `RN${attempt.id}` });
    expect((await notify(crossed, signBody(config.identity.sandboxSecret, crossed))).statusCode).toBe(404);
    expect(await verifiedFlag(owner.id)).toBe(false);
    expect((await call(owner, 'GET', '/real-name')).text).not.toContain('"verified":true');
  });

  it('the operator verifies (review) and unverifies (revoke) by name', async () => {
    const who = await user();
    const attempt = (await submit(who)).body.data;
    await finishOnSandbox(attempt.checkUrl, 'fail');
    expect(await ops('user', 'verify', who.userName)).toEqual({
      code: 0,
      out: `${who.userName} is now real-name verified (张*丰, 1****************X)`,
      err: '',
    });
    const reviewedAt = clock.now.getTime();
    expect((await call(who, 'GET', `/real-name/attempt/${attempt.id}`)).body.data).toMatchObject({
      status: 'passed',
      finishedAt: reviewedAt,
    });
    const [reviewed] = await database.db.select().from(realNameAttempts).where(eq(realNameAttempts.id, attempt.id));
    expect(reviewed!.operatorReview).toBe(true);
    // Verified, the account passes the guards of the other areas: an order is refused only for its package.
    expect((await call(who, 'POST', '/order/create', { packageId: 999_999 })).body.error).toBe('PACKAGE_NOT_ON_SALE');
    expect((await call(who, 'GET', '/real-name')).body.data).toMatchObject({
      verified: true,
      identity: { idNumber: '1****************X' },
    });
    expect((await ops('user', 'verify', who.userName)).out).toBe(
      `${who.userName} was already real-name verified (张*丰, 1****************X)`,
    );

    expect((await ops('user', 'unverify', who.userName)).out).toBe(
      `${who.userName} is no longer real-name verified (was: 张*丰, 1****************X)`,
    );
    expect(await verifiedFlag(who.id)).toBe(false);
    expect((await call(who, 'POST', '/order/create', { packageId: 999_999 })).body.error).toBe('REAL_NAME_REQUIRED');
    // Both changes are in the customer's log as the operator's, dated by the operator's clock.
    const log = (await call(who, 'GET', '/log/operation?action=account.realName')).body.data.list;
    expect(log).toMatchObject([
      {
        actor: { kind: 'operator' },
        changes: [{ field: 'realNameVerified', before: 'true', after: 'false' }],
        createdAt: clock.now.getTime(),
      },
      {
        actor: { kind: 'operator' },
        changes: [{ field: 'realNameVerified', before: 'false', after: 'true' }],
        createdAt: reviewedAt,
      },
    ]);
    expect((await call(who, 'GET', '/real-name')).body.data).toMatchObject({
      verified: false,
      identity: null,
      attempt: null,
    });
    expect((await call(who, 'GET', `/real-name/attempt/${attempt.id}`)).body.data.status).toBe('revoked');
    expect((await ops('user', 'unverify', who.userName)).out).toBe(`${who.userName} was not real-name verified`);

    const bare = await user();
    expect((await ops('user', 'verify', bare.userName)).out).toBe(
      `${bare.userName} is now real-name verified (no identity on file)`,
    );
    for (const command of ['verify', 'unverify']) {
      expect(await ops('user', command, 'ghost')).toMatchObject({
        code: 1,
        err: expect.stringContaining("no user named 'ghost'"),
      });
      for (const args of [[], [bare.userName, who.userName]]) {
        expect(await ops('user', command, ...args), `${command} ${args}`).toMatchObject({
          code: 1,
          err: `Error: give one user name\nUsage: npm run ops -- user ${command} <name>`,
        });
      }
    }
  });

  it('starts with a face-check service that serves no pages of its own, as a real one', async () => {
    const real = await buildApp({
      config,
      database,
      now: () => clock.now,
      logger: false,
      providers: (deps) => {
        const sandbox = createProviders(deps);
        const { routes: _pages, ...verifier } = sandbox.identity;
        return { ...sandbox, identity: verifier };
      },
    });
    try {
      await real.ready();
      expect((await real.inject({ url: '/api/identity/sandbox/face-check.js' })).statusCode).toBe(404);
      expect((await real.inject({ method: 'POST', url: '/api/real-name/notify/sandbox' })).statusCode).toBe(400);
    } finally {
      await real.close();
    }
  });

  it("lists the operator's review commands with what each does", async () => {
    const help = (await ops()).err;
    expect(help).toMatch(
      /user verify <name> +mark the account real-name verified, accepting the user's newest submission \(review\)\n/,
    );
    expect(help).toMatch(
      /user unverify <name> +revoke the real-name verification: features and purchases wait until the user verifies again\n/,
    );
  });

  it('a callback whose account update fails leaves the check pending and unrecorded; the retry applies it', async () => {
    const who = await user();
    const attempt = (await submit(who)).body.data;
    const path = new URL(attempt.checkUrl).pathname;
    await app.inject({ method: 'POST', url: `${path}/pass` });
    const before = deliveries.length;
    await whileRefusingUpdates('users', () => app.jobs.runDue());
    expect(deliveries.slice(before).map((d) => d.status)).toEqual([500]);
    expect((await call(who, 'GET', `/real-name/attempt/${attempt.id}`)).body.data.status).toBe('pending');
    expect(await verifiedFlag(who.id)).toBe(false);
    clock.advance(60_000);
    await app.jobs.runDue();
    expect(deliveries.at(-1)!.status).toBe(200);
    expect((await call(who, 'GET', `/real-name/attempt/${attempt.id}`)).body.data.status).toBe('passed');
    expect(await verifiedFlag(who.id)).toBe(true);
  });

  it("a revocation that cannot clear the account's flag keeps the verification whole", async () => {
    const who = await user();
    await finishOnSandbox((await submit(who)).body.data.checkUrl, 'pass');
    await expect(whileRefusingUpdates('users', () => ops('user', 'unverify', who.userName))).rejects.toThrow(
      /Failed query/,
    );
    expect(await verifiedFlag(who.id)).toBe(true);
    expect((await call(who, 'GET', '/real-name')).body.data).toMatchObject({
      verified: true,
      identity: { idNumber: '1****************X' },
    });
  });
  it("a check's 30 minutes, both edges: the last millisecond still takes a result, the next one none", async () => {
    const onTime = await user();
    const late = await user();
    const checks = [(await submit(onTime)).body.data, (await submit(late)).body.data];
    clock.advance(faceCheckTtlMs);
    const pageOf = async (checkUrl: string) =>
      (await app.inject({ url: new URL(checkUrl).pathname, headers: { 'accept-language': 'en-US' } })).body;
    expect((await call(onTime, 'GET', `/real-name/attempt/${checks[0].id}`)).body.data).toMatchObject({
      status: 'pending',
      checkUrl: checks[0].checkUrl,
    });
    expect(await pageOf(checks[0].checkUrl)).toContain('id="sandbox-pass"');
    await finishOnSandbox(checks[0].checkUrl, 'pass');
    expect(await verifiedFlag(onTime.id)).toBe(true);

    clock.advance(1);
    expect((await call(late, 'GET', `/real-name/attempt/${checks[1].id}`)).body.data).toMatchObject({
      status: 'expired',
      checkUrl: null,
    });
    expect(await pageOf(checks[1].checkUrl)).toContain('This face check has expired');
    await finishOnSandbox(checks[1].checkUrl, 'pass');
    expect(await verifiedFlag(late.id)).toBe(false);
  });

  it("the check page offers the camera or a photo, then posts pass or fail to its own check; a failure's page says so", async () => {
    const who = await user();
    const { checkUrl } = (await submit(who)).body.data;
    const path = new URL(checkUrl).pathname;
    const page = (await app.inject({ url: path, headers: { 'accept-language': 'en-US' } })).body;
    for (const text of [
      'Verifying: 张*丰 (1****************X)',
      'Turn on the camera',
      'The camera is not available here: choose a photo instead.',
      'Take the picture',
      'Or choose a photo',
      'Picture taken. Choose the result of the check:',
      `<form method="post" action="${path}/pass"`,
      'Pass the check',
      `<form method="post" action="${path}/fail"`,
      'Fail the check',
    ]) {
      expect(page).toContain(text);
    }
    // A check id that is not one, however close, finishes nothing.
    const checkId = path.split('/').at(-1)!;
    for (const wrong of [`x${checkId}`, `${checkId}0`, checkId.toUpperCase()]) {
      const res = await app.inject({ method: 'POST', url: `/api/identity/sandbox/${wrong}/pass` });
      expect([res.statusCode, res.headers['content-type']], wrong).toEqual([404, 'text/html; charset=utf-8']);
      expect(res.body).toContain('No such face check');
    }
    const missing = await app.inject({ url: '/api/identity/sandbox/FCK0', headers: { 'accept-language': 'en-US' } });
    expect([missing.statusCode, missing.headers['content-type']]).toEqual([404, 'text/html; charset=utf-8']);
    expect(missing.body).toContain('No such face check');
    // As the page's form posts it: an empty urlencoded body, answered with the page again.
    const posted = await app.inject({
      method: 'POST',
      url: `${path}/fail`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect([posted.statusCode, posted.headers.location]).toEqual([303, path]);
    await app.jobs.runDue();
    const finished = await app.inject({ url: path, headers: { 'accept-language': 'en-US' } });
    expect(finished.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(finished.body).toContain('Face verification failed. You can close this page and try again in the console.');
    expect((await call(who, 'GET', '/real-name')).body.data.attempt.status).toBe('failed');
  });

  it('the sandbox keeps posting a result until the server answers "success", however the server answers otherwise', async () => {
    const who = await user();
    const attempt = (await submit(who)).body.data;
    const longAnswer = `received ${'x'.repeat(300)}`;
    onTheWay.push({ status: 200, body: longAnswer }, { status: 500, body: 'success' });
    await finishOnSandbox(attempt.checkUrl, 'pass');
    // Each refusal is the job's last error, with the start of what the server answered.
    expect(await notifyJobOf(attempt.checkUrl)).toMatchObject({
      doneAt: null,
      lastError: `face-check callback not acknowledged: HTTP 200 ${longAnswer.slice(0, 200)}`,
    });
    for (let i = 0; i < 2; i++) {
      expect((await call(who, 'GET', `/real-name/attempt/${attempt.id}`)).body.data.status).toBe('pending');
      clock.advance(60_000);
      await app.jobs.runDue();
    }
    expect(onTheWay).toEqual([]);
    expect(await verifiedFlag(who.id)).toBe(true);
  });

  it('drops a result whose check the sandbox no longer holds, without retrying it', async () => {
    const who = await user();
    const attempt = (await submit(who)).body.data;
    const path = new URL(attempt.checkUrl).pathname;
    expect((await app.inject({ method: 'POST', url: `${path}/pass` })).statusCode).toBe(303);
    await database.db.delete(sandboxFaceChecks).where(eq(sandboxFaceChecks.checkId, path.split('/').at(-1)!));
    await app.jobs.runDue();
    const job = await notifyJobOf(attempt.checkUrl);
    expect(job).toMatchObject({ attempts: 1, lastError: null, failedAt: null });
    expect(job.doneAt).not.toBeNull();
    expect((await call(who, 'GET', `/real-name/attempt/${attempt.id}`)).body.data.status).toBe('pending');
  });

  it("keeps the sandbox's pages and script out of the API document", async () => {
    const paths = Object.keys((await app.inject({ url: '/api/docs/json' })).json().paths);
    expect(paths).toContain('/api/real-name');
    expect(paths.filter((p) => p.includes('/identity/sandbox') || p.includes('/real-name/notify'))).toEqual([]);
  });

  it('takes an acknowledgement with a line break after "success" as one', async () => {
    const who = await user();
    const attempt = (await submit(who)).body.data;
    const before = deliveries.length;
    onTheWay.push({ status: 200, body: 'success\r\n' });
    await finishOnSandbox(attempt.checkUrl, 'pass');
    clock.advance(10 * 60_000);
    await app.jobs.runDue();
    // Acknowledged on the way: the sandbox posts nothing more.
    expect(deliveries.length).toBe(before);
    expect(onTheWay).toEqual([]);
  });

  it('refuses a callback naming the check otherwise than the server started it (reference, service)', async () => {
    const who = await user();
    const attempt = (await submit(who)).body.data;
    const checkId = new URL(attempt.checkUrl).pathname.split('/').at(-1)!;
    const secret = config.identity.sandboxSecret;
    const passed = (bizNo: string) => JSON.stringify({ notifyId: randomUUID(), checkId, bizNo, result: 'passed' });
    for (const bizNo of [`XRN${attempt.id}`, `RN${attempt.id}x`, `RN${attempt.id} `, `RN${'1'.repeat(16)}`, 'RN']) {
      const body = passed(bizNo);
      expect((await notify(body, signBody(secret, body))).statusCode, bizNo).toBe(404);
    }
    // Another service's notify route does not take the sandbox's callback, signed as it may be.
    const body = passed(`RN${attempt.id}`);
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/real-name/notify/aliyun',
      payload: body,
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': signBody(secret, body) },
    });
    expect(elsewhere.statusCode).toBe(400);
    // An attempt started at another service is not the sandbox's to finish, whatever the check id.
    await database.db.update(realNameAttempts).set({ provider: 'aliyun' }).where(eq(realNameAttempts.id, attempt.id));
    expect((await notify(body, signBody(secret, body))).statusCode).toBe(404);
    expect(await verifiedFlag(who.id)).toBe(false);
  });

  it("a passed check is in the customer's operation log as their own change, and dated", async () => {
    const who = await user();
    const attempt = (await submit(who)).body.data;
    clock.advance(5_000);
    await finishOnSandbox(attempt.checkUrl, 'pass');
    const log = (await call(who, 'GET', '/log/operation?action=account.realName')).body.data.list;
    expect(log).toMatchObject([
      {
        actor: { kind: 'session', sessionId: null },
        targetType: 'account',
        targetId: String(who.id),
        changes: [{ field: 'realNameVerified', before: 'false', after: 'true' }],
        createdAt: clock.now.getTime(),
      },
    ]);
    expect((await call(who, 'GET', '/real-name')).body.data).toMatchObject({
      verified: true,
      verifiedAt: clock.now.getTime(),
      sample: false,
    });
  });

  it("the demo account's identity is marked as sample data", async () => {
    const demo = await createTestUser({ app, database }, { realNameVerified: false });
    await addSampleIdentity(app.areaContext, { userId: demo.id, userName: demo.userName });
    expect((await call(demo, 'GET', '/real-name')).body.data).toMatchObject({
      verified: true,
      identity: { realName: '演**户', idNumber: '1****************X' },
      verifiedAt: clock.now.getTime(),
      sample: true,
      attempt: null,
    });
  });

  it('a face-check service that cannot start the check leaves no attempt behind', async () => {
    const who = await user();
    await exec(
      'CREATE TRIGGER test_refuse BEFORE INSERT ON sandbox_face_checks FOR EACH STATEMENT EXECUTE FUNCTION test_refuse_write()',
    );
    try {
      expect((await submit(who)).statusCode).toBe(500);
    } finally {
      await exec('DROP TRIGGER test_refuse ON sandbox_face_checks');
    }
    expect(await database.db.select().from(realNameAttempts).where(eq(realNameAttempts.userId, who.id))).toEqual([]);
    expect((await call(who, 'GET', '/real-name')).body.data).toMatchObject({ attempt: null, verified: false });
  });
  it("the operator's review takes a check still pending, and once revoked the console shows no older attempt", async () => {
    const who = await user();
    await finishOnSandbox((await submit(who)).body.data.checkUrl, 'fail');
    const pending = (await submit(who)).body.data;
    expect((await ops('user', 'verify', who.userName.toUpperCase())).code).toBe(0);
    expect((await call(who, 'GET', `/real-name/attempt/${pending.id}`)).body.data.status).toBe('passed');
    expect(await verifiedFlag(who.id)).toBe(true);
    await ops('user', 'unverify', who.userName);
    expect((await call(who, 'GET', '/real-name')).body.data).toMatchObject({ verified: false, attempt: null });
  });
});
