import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { createUser } from '../src/modules/account/account.operator';
import { createDomainReviewService } from '../src/modules/domain/domain-review.service';
import { hashSecret, newToken } from '../src/modules/session';
import { createPasswordHasher } from '../src/secrets/password-hasher';
import { createTestPki, type TestPki } from './fixtures/certificates';
import { createDomainHarness, type DomainHarness, segmentBodies } from './fixtures/domains';
import { postTicketImage } from './fixtures/support';
import { registrationBody } from './fixtures/users';
import { dbKinds, TEST_CAPTCHA, TEST_CODE } from './helpers';

/**
 * Every operation that writes more than once must leave nothing behind when a later write fails. A test-only
 * trigger makes one table refuse a write; the operation must then answer the generic error and leave the database
 * as it was, so a retry starts clean.
 */
describe.each(dbKinds)('partial failures roll back on %s', (kind) => {
  let h: DomainHarness;
  let pki: TestPki;
  let counter = 0;
  let ipSeq = 0;

  beforeAll(async () => {
    pki = createTestPki();
    h = await createDomainHarness(kind);
    await exec(`CREATE FUNCTION test_refuse_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'test: % on % refused', TG_OP, TG_TABLE_NAME; END $$`);
  });
  afterAll(async () => {
    await h.close();
    pki.cleanup();
  });

  const exec = (statement: string) => h.ctx.database.db.execute(sql.raw(statement));
  const query = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await h.ctx.database.db.execute(statement));

  /**
   * Runs `work` while `table` refuses `op` (only rows matching `when`, if given: then it is a row trigger and
   * fires only on rows that match).
   */
  async function whileRefusing<T>(
    table: string,
    op: 'INSERT' | 'UPDATE' | 'DELETE',
    work: () => Promise<T>,
    when?: string,
  ): Promise<T> {
    const level = when ? `FOR EACH ROW WHEN (${when})` : 'FOR EACH STATEMENT';
    await exec(`CREATE TRIGGER test_refuse BEFORE ${op} ON ${table} ${level} EXECUTE FUNCTION test_refuse_write()`);
    try {
      return await work();
    } finally {
      await exec(`DROP TRIGGER test_refuse ON ${table}`);
    }
  }

  function expectInternal(res: { statusCode: number; body: unknown }) {
    expect(res.statusCode).toBe(500);
    expect(res.body).toEqual({ code: 500, error: 'INTERNAL', message: 'System API exception', data: null });
  }

  // ---- domains

  async function enabledDomain(owner: Awaited<ReturnType<DomainHarness['user']>>) {
    const name = `www.rollback${++counter}.example.com`;
    const res = await h.create(owner, name);
    expect(res.statusCode, res.text).toBe(200);
    await h.settle();
    return { id: res.body.data.id as number, name };
  }

  /** What a failed operation must not have touched: the row, its configuration and the queued jobs. */
  async function domainState(id: number) {
    const [row] = await query<{ status: string } & Record<string, unknown>>(sql`
      SELECT d.status, d.updated_at::text AS "updatedAt", c.version, c.config::text AS config,
             c.updated_at::text AS "configUpdatedAt", c.https_certificate AS cert
        FROM domains d JOIN domain_configs c ON c.domain_id = d.id WHERE d.id = ${id}`);
    const [jobs] = await query<{ n: number }>(sql`SELECT count(*)::int AS n FROM jobs`);
    return { ...row, jobs: jobs!.n };
  }

  it('creates no domain, configuration or count when the publish job cannot be queued', async () => {
    const owner = await h.user();
    const name = 'www.create-rollback.example.com';
    await h.verify(owner, name);
    const body = { domainName: name, type: 'web', origin: { ipOrDomain: ['127.0.0.1'], httpPort: h.origin.port } };
    const res = await whileRefusing('jobs', 'INSERT', () => h.call(owner, 'POST', '/domain/create', body));
    expectInternal(res);
    expect(await query(sql`SELECT id FROM domains WHERE domain_name = ${name}`)).toEqual([]);
    expect(
      await query(sql`SELECT c.domain_id FROM domain_configs c LEFT JOIN domains d ON d.id = c.domain_id
                            WHERE d.id IS NULL`),
    ).toEqual([]);
    expect((await h.call(owner, 'GET', '/domain/limit')).body.data.used).toBe(0);
    expect((await h.call(owner, 'POST', '/domain/create', body)).statusCode).toBe(200);
  });

  it('keeps every configuration piece, the version and the status when the publish job cannot be queued', async () => {
    const owner = await h.user();
    const { id } = await enabledDomain(owner);
    for (const [segment, body] of Object.entries(segmentBodies(h.origin.port))) {
      const before = await domainState(id);
      const res = await whileRefusing('jobs', 'INSERT', () =>
        h.call(owner, 'POST', `/domain/config/${id}/${segment}`, body),
      );
      expectInternal(res);
      expect(await domainState(id), segment).toEqual(before);
      expect(before.status).toBe('enabled');
    }
  });

  it('keeps the certificate out when the save of an HTTPS piece fails', async () => {
    const owner = await h.user();
    const { id, name } = await enabledDomain(owner);
    const leaf = pki.issue([name]);
    const body = { https: 'on', certificate: { name: 'site cert', certificate: leaf.chain, privateKey: leaf.key } };
    const before = await domainState(id);
    // The status move is the write after the configuration's: refuse it instead of the job this time.
    const res = await whileRefusing(
      'domains',
      'UPDATE',
      () => h.call(owner, 'POST', `/domain/config/${id}/https-info`, body),
      "NEW.status = 'configuring'",
    );
    expectInternal(res);
    expect(await domainState(id)).toEqual(before);
  });

  it('keeps the status and version of enable, disable and delete when the publish job cannot be queued', async () => {
    const owner = await h.user();
    const { id } = await enabledDomain(owner);
    const act = (action: string) =>
      whileRefusing('jobs', 'INSERT', () => h.call(owner, 'POST', `/domain/${action}`, { id }));

    let before = await domainState(id);
    expectInternal(await act('disable'));
    expect(await domainState(id)).toEqual(before);

    expect((await h.call(owner, 'POST', '/domain/disable', { id })).statusCode).toBe(200);
    await h.settle();
    before = await domainState(id);
    expect(before.status).toBe('disabled');
    expectInternal(await act('enable'));
    expect(await domainState(id)).toEqual(before);
    expectInternal(await act('delete'));
    expect(await domainState(id)).toEqual(before);
  });

  it('keeps a domain under review when the approval cannot queue its rollout', async () => {
    const owner = await h.user();
    h.ctx.config.domain.reviewNewDomains = true;
    const name = 'www.review-rollback.example.com';
    let id: number;
    try {
      const res = await h.create(owner, name);
      expect(res.statusCode, res.text).toBe(200);
      id = res.body.data.id;
    } finally {
      h.ctx.config.domain.reviewNewDomains = false;
    }
    const service = createDomainReviewService({ db: h.ctx.database.db, now: () => h.ctx.clock.now });
    const before = await domainState(id);
    expect(before.status).toBe('under_review');
    await expect(
      whileRefusing('jobs', 'INSERT', () => service.review({ domainName: name }, { approve: true })),
    ).rejects.toThrow();
    expect(await domainState(id)).toEqual(before);
  });

  // ---- the operation log: its row is written in the change's transaction, so a row that fails undoes the change

  it('undoes a change whose operation-log row cannot be written: domain, certificate, task, password', async () => {
    const owner = await h.user();
    const { id, name } = await enabledDomain(owner);
    const count = async (table: string) =>
      (await query<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0]!.n;

    const before = await domainState(id);
    expectInternal(
      await whileRefusing('operation_log', 'INSERT', () =>
        h.call(owner, 'POST', `/domain/config/${id}/range-switch`, { rangeSwitch: 'on' }),
      ),
    );
    expectInternal(
      await whileRefusing('operation_log', 'INSERT', () => h.call(owner, 'POST', '/domain/disable', { id })),
    );
    expect(await domainState(id)).toEqual(before);

    const certificates = await count('certificates');
    const leaf = pki.issue([name]);
    const upload = { name: 'logged', certificate: leaf.chain, privateKey: leaf.key };
    expectInternal(
      await whileRefusing('operation_log', 'INSERT', () => h.call(owner, 'POST', '/certificate/upload', upload)),
    );
    expect(await count('certificates')).toBe(certificates);

    const tasks = await count('cache_tasks');
    const task = { type: 'refreshUrl', urls: [`http://${name}/a.css`] };
    expectInternal(await whileRefusing('operation_log', 'INSERT', () => h.call(owner, 'POST', '/preheat/tasks', task)));
    expect(await count('cache_tasks')).toBe(tasks);

    const user = await userWithSessions();
    const hash = await passwordHash(user.id);
    const change = { oldPassword: user.password, newPassword: 'changed123', confirmPassword: 'changed123' };
    expectInternal(
      await whileRefusing('operation_log', 'INSERT', () =>
        call('POST', '/user/edit_password', { body: change, token: user.tokens[0] }),
      ),
    );
    expect(await passwordHash(user.id)).toBe(hash);
    expect(await openSessions(user.id)).toBe(2);
  });

  it('keeps a domain under review when the message of the decision cannot be written', async () => {
    const owner = await h.user();
    h.ctx.config.domain.reviewNewDomains = true;
    const name = 'www.review-message.example.com';
    let id: number;
    try {
      id = (await h.create(owner, name)).body.data.id;
    } finally {
      h.ctx.config.domain.reviewNewDomains = false;
    }
    const service = createDomainReviewService({ db: h.ctx.database.db, now: () => h.ctx.clock.now });
    const before = await domainState(id);
    await expect(
      whileRefusing('messages', 'INSERT', () => service.review({ domainName: name }, { approve: true })),
    ).rejects.toThrow();
    expect(await domainState(id)).toEqual(before);
  });

  // ---- support

  async function uploadImage(owner: Awaited<ReturnType<DomainHarness['user']>>) {
    const gif = Buffer.from('R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==', 'base64');
    const res = await postTicketImage(h.ctx.app, owner, 'a.gif', 'image/gif', gif);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  }
  const ticketCount = async (userId: number) =>
    (await query<{ n: number }>(sql`SELECT count(*)::int AS n FROM tickets WHERE user_id = ${userId}`))[0]!.n;
  const attached = async (imageId: number) =>
    (await query<{ ticket_id: number | null }>(sql`SELECT ticket_id FROM ticket_images WHERE id = ${imageId}`))[0]!
      .ticket_id;

  it('creates no ticket and keeps the image free when the image cannot be attached', async () => {
    const owner = await h.user();
    const image = await uploadImage(owner);
    const body = { product: 'cdn', urgency: 'consultation', title: 'Rollback', description: 'x', imageIds: [image] };
    const create = () => h.call(owner, 'POST', '/support/tickets', body);
    expectInternal(await whileRefusing('ticket_images', 'UPDATE', create));
    expect(await ticketCount(owner.id)).toBe(0);
    expect(await attached(image)).toBeNull();
    expect((await create()).statusCode).toBe(200);
  });

  it('adds no reply and keeps the image free when the ticket cannot be updated', async () => {
    const owner = await h.user();
    const ticket = (
      await h.call(owner, 'POST', '/support/tickets', {
        product: 'cdn',
        urgency: 'consultation',
        title: 'Reply rollback',
        description: 'x',
      })
    ).body.data;
    const image = await uploadImage(owner);
    const reply = () =>
      h.call(owner, 'POST', `/support/tickets/${ticket.id}/reply`, { content: 'more', imageIds: [image] });
    expectInternal(await whileRefusing('tickets', 'UPDATE', reply));
    const replies = await query(sql`SELECT id FROM ticket_replies WHERE ticket_id = ${ticket.id}`);
    expect(replies).toEqual([]);
    expect(await attached(image)).toBeNull();
    expect((await reply()).statusCode).toBe(200);
  });

  // ---- accounts

  const nextIp = () => `10.77.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

  async function call(method: 'GET' | 'POST', url: string, options: { body?: object; token?: string } = {}) {
    const res = await h.ctx.app.inject({
      method,
      url: `/api${url}`,
      payload: options.body,
      remoteAddress: nextIp(),
      headers: options.token ? { authorization: options.token } : {},
    });
    return { statusCode: res.statusCode, body: res.json() };
  }

  async function captcha(): Promise<string> {
    return (await call('GET', '/user/captchaImage')).body.data.captchaId;
  }

  const passwords = () => createPasswordHasher(h.ctx.config.passwordHashing);

  /** A user with a real password and two open sessions. */
  async function userWithSessions() {
    const userName = `rb${++counter}x${Date.now().toString(36)}`;
    const password = 'secret123';
    const id = await createUser(h.ctx.database.db, passwords(), {
      userName,
      email: `${userName}@example.com`,
      password,
    });
    const login = async () => (await call('POST', '/user/login', { body: { userName, password } })).body.data.token;
    return { id, userName, email: `${userName}@example.com`, password, tokens: [await login(), await login()] };
  }

  const passwordHash = async (userId: number) =>
    (await query<{ h: string }>(sql`SELECT password_hash AS h FROM users WHERE id = ${userId}`))[0]!.h;
  const openSessions = async (userId: number) =>
    (
      await query<{ n: number }>(sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${userId}
                                     AND revoked_at IS NULL`)
    )[0]!.n;
  const openCodes = async (email: string) =>
    (
      await query<{ n: number }>(sql`SELECT count(*)::int AS n FROM email_codes WHERE email = ${email}
                                     AND used_at IS NULL`)
    )[0]!.n;

  it('registers no user and keeps the email code when the permissions cannot be written', async () => {
    const userName = `rbreg${Date.now().toString(36)}`;
    const email = `${userName}@example.com`;
    const sent = await call(
      'GET',
      `/user/email_code?email=${email}&purpose=register&captchaId=${await captcha()}` + `&captchaCode=${TEST_CAPTCHA}`,
    );
    expect(sent.statusCode).toBe(200);
    const register = async () =>
      call('POST', '/user/register', {
        body: registrationBody(userName, await captcha()),
      });
    expectInternal(await whileRefusing('user_permissions', 'INSERT', register));
    expect(await query(sql`SELECT id FROM users WHERE user_name = ${userName}`)).toEqual([]);
    expect(await openCodes(email)).toBe(1);
    expect((await register()).statusCode).toBe(200);
  });

  it('creates no user from the command line when the permissions cannot be written', async () => {
    const userName = `rbcli${Date.now().toString(36)}`;
    const work = () =>
      createUser(h.ctx.database.db, passwords(), { userName, email: `${userName}@example.com`, password: 'secret123' });
    await expect(whileRefusing('user_permissions', 'INSERT', work)).rejects.toThrow();
    expect(await query(sql`SELECT id FROM users WHERE user_name = ${userName}`)).toEqual([]);
  });

  it('keeps the old code open when its replacement cannot be stored', async () => {
    const email = `rbcode${Date.now().toString(36)}@example.com`;
    const send = async () =>
      call(
        'GET',
        `/user/email_code?email=${email}&purpose=register&captchaId=${await captcha()}` +
          `&captchaCode=${TEST_CAPTCHA}`,
      );
    expect((await send()).statusCode).toBe(200);
    h.ctx.clock.advance(61_000);
    expectInternal(await whileRefusing('email_codes', 'INSERT', send));
    expect(await openCodes(email)).toBe(1);
  });

  it('keeps the old password and every session when a password change cannot sign the others out', async () => {
    const user = await userWithSessions();
    const before = await passwordHash(user.id);
    const res = await whileRefusing(
      'sessions',
      'UPDATE',
      () =>
        call('POST', '/user/edit_password', {
          token: user.tokens[0],
          body: { oldPassword: user.password, newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' },
        }),
      'NEW.revoked_at IS NOT NULL',
    );
    expectInternal(res);
    expect(await passwordHash(user.id)).toBe(before);
    expect(await openSessions(user.id)).toBe(2);
  });

  it('keeps the reset link, the password and the sessions when a reset cannot sign the user out', async () => {
    const user = await userWithSessions();
    const token = newToken();
    const at = h.ctx.clock.now;
    await h.ctx.database.db.execute(sql`
      INSERT INTO password_reset_tokens (token_hash, user_id, created_at, expires_at)
      VALUES (${hashSecret(token)}, ${user.id}, ${at.toISOString()}::timestamptz,
              ${new Date(at.getTime() + 60_000).toISOString()}::timestamptz)`);
    const before = await passwordHash(user.id);
    const reset = () =>
      call('POST', '/user/reset_password', {
        body: { token, password: 'after-reset-1', confirmPassword: 'after-reset-1' },
      });
    expectInternal(await whileRefusing('sessions', 'UPDATE', reset, 'NEW.revoked_at IS NOT NULL'));
    expect(await passwordHash(user.id)).toBe(before);
    expect(await openSessions(user.id)).toBe(2);
    expect(await query(sql`SELECT used_at FROM password_reset_tokens WHERE user_id = ${user.id}`)).toEqual([
      { used_at: null },
    ]);
    expect((await reset()).statusCode).toBe(200);
  });

  it('keeps the email and its code when the new address cannot be written', async () => {
    const user = await userWithSessions();
    const target = `rbmoved${Date.now().toString(36)}@example.com`;
    const code = await call('POST', '/user/edit/email_code', { token: user.tokens[0], body: { email: target } });
    expect(code.statusCode).toBe(200);
    const edit = () =>
      call('POST', '/user/edit', {
        token: user.tokens[0],
        body: { userName: user.userName, email: target, currentPassword: user.password, emailCode: TEST_CODE },
      });
    expectInternal(await whileRefusing('users', 'UPDATE', edit));
    expect((await query<{ email: string }>(sql`SELECT email FROM users WHERE id = ${user.id}`))[0]!.email).toBe(
      user.email,
    );
    expect(await openCodes(target)).toBe(1);
    expect((await edit()).statusCode).toBe(200);
  });
});
