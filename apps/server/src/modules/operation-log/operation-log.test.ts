import type { OperationLogItem } from '@edgeward/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPki, type TestPki } from '../../../test/fixtures/certificates';
import { createDomainHarness, type DomainHarness } from '../../../test/fixtures/domains';
import type { TestUser } from '../../../test/fixtures/users';
import { dbKinds, TEST_CODE } from '../../../test/helpers';
import { operationLog, users } from '../../db/schema';
import { operatorActor, userActor } from '../../lib/actor';
import { createPasswordHasher } from '../../secrets/password-hasher';
import { grantPermission } from '../account/account.operator';
import { createCommerceOperator } from '../commerce/commerce.operator';
import { createDomainServices } from '../domain';
import { createRealNameOperator } from '../identity/real-name.operator';
import { domainPorts } from '../index';
import { recordOperation } from './operation-log.recorder';

describe.each(dbKinds)('operation log on %s', (kind) => {
  let h: DomainHarness;
  let pki: TestPki;
  let owner: TestUser;
  let stranger: TestUser;
  let counter = 0;

  beforeAll(async () => {
    pki = createTestPki();
    h = await createDomainHarness(kind);
    owner = await h.user();
    stranger = await h.user();
  });
  afterAll(async () => {
    await h.close();
    pki.cleanup();
  });

  const page = async (user: TestUser, query = '') => {
    const res = await h.call(user, 'GET', `/log/operation?size=100${query}`);
    expect(res.statusCode, res.text).toBe(200);
    return res.body.data as { list: OperationLogItem[]; total: number };
  };
  /** The newest row of the action (of the owner unless told). */
  const latest = async (action: string, user = owner) => (await page(user, `&action=${action}`)).list[0];
  const sessionOf = async (user: TestUser) =>
    (await h.call(user, 'GET', '/user/sessions')).body.data.find((s: { current: boolean }) => s.current)?.id;

  async function enabledDomain(user = owner) {
    const name = `www.log${++counter}.example.com`;
    const res = await h.create(user, name);
    expect(res.statusCode, res.text).toBe(200);
    await h.settle();
    return { id: res.body.data.id as number, name };
  }

  describe('domains', () => {
    it('records creation, each configuration save with the fields that changed, and the switches', async () => {
      const { id, name } = await enabledDomain();
      const created = await latest('domain.create');
      expect(created).toMatchObject({
        userName: owner.userName,
        targetType: 'domain',
        targetId: String(id),
        targetName: name,
        address: '127.0.0.1',
        actor: { kind: 'session', sessionId: await sessionOf(owner) },
        sample: false,
      });
      expect(created!.changes).toEqual(
        expect.arrayContaining([
          { field: 'type', before: null, after: 'web' },
          { field: 'origin.0', before: null, after: '127.0.0.1' },
        ]),
      );
      expect((await latest('domain.verifyOwnership'))!.targetName).toBe('example.com');

      const saved = await h.call(owner, 'POST', `/domain/config/${id}/range-switch`, { rangeSwitch: 'on' });
      expect(saved.statusCode, saved.text).toBe(200);
      expect((await latest('domain.configure'))!.changes).toEqual([
        { field: 'rangeStatus', before: 'off', after: 'on' },
      ]);

      const referer = { type: 'allow', list: ['a.example.com'] };
      const refererSaved = await h.call(owner, 'POST', `/domain/config/${id}/referer`, referer);
      expect(refererSaved.statusCode, refererSaved.text).toBe(200);
      const refererChanges = (await latest('domain.configure'))!.changes;
      expect(refererChanges).toContainEqual(expect.objectContaining({ field: 'referer.type', after: 'allow' }));
      expect(refererChanges).toContainEqual({ field: 'referer.list.0', before: null, after: 'a.example.com' });

      for (const action of ['disable', 'enable'] as const) {
        await h.settle();
        const switched = await h.call(owner, 'POST', `/domain/${action}`, { id });
        expect(switched.statusCode, switched.text).toBe(200);
        expect((await latest(`domain.${action}`))!.changes).toEqual([
          expect.objectContaining({ field: 'status', after: action === 'disable' ? 'disabled' : expect.any(String) }),
        ]);
      }
      await h.settle();
      expect((await h.call(owner, 'POST', '/domain/disable', { id })).statusCode).toBe(200);
      expect((await h.call(owner, 'POST', '/domain/delete', { id })).statusCode).toBe(200);
      expect(await latest('domain.delete')).toMatchObject({
        targetName: name,
        changes: [{ field: 'status', before: 'disabled', after: null }],
      });
    });

    it('shows secrets of a save only as changed', async () => {
      const { id } = await enabledDomain();
      const urlAuth = { status: 'on', type: 'type_a', key: 'abcdef123456', expireTime: 600, signArg: 'auth' };
      const res = await h.call(owner, 'POST', `/domain/config/${id}/url-auth`, urlAuth);
      expect(res.statusCode, res.text).toBe(200);
      const row = await latest('domain.configure');
      expect(row!.changes).toContainEqual(expect.objectContaining({ field: 'urlAuth.key', after: '******' }));
      expect(JSON.stringify(row)).not.toContain('abcdef123456');
    });

    it('writes no row for a refused change, nor for one that rolls back after its row was written', async () => {
      const { id } = await enabledDomain();
      const before = (await page(owner)).total;
      const refused = await h.call(owner, 'POST', `/domain/config/${id}/force-redirect`, {
        type: 'https',
        statusCode: 301,
      });
      expect(refused.statusCode).toBe(400);
      const foreign = await h.call(stranger, 'POST', '/domain/disable', { id });
      expect(foreign.statusCode).toBe(404);
      expect((await page(owner)).total).toBe(before);

      // The publish job is the write after the row: refused, it rolls the change and its row back together.
      const { db } = h.ctx.database;
      await db.execute(
        sql.raw(`CREATE FUNCTION test_refuse_job() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'test: job refused'; END $$`),
      );
      await db.execute(
        sql.raw(`CREATE TRIGGER test_refuse_job BEFORE INSERT ON jobs
        FOR EACH STATEMENT EXECUTE FUNCTION test_refuse_job()`),
      );
      try {
        expect((await h.call(owner, 'POST', '/domain/disable', { id })).statusCode).toBe(500);
        const save = await h.call(owner, 'POST', `/domain/config/${id}/range-switch`, { rangeSwitch: 'on' });
        expect(save.statusCode).toBe(500);
      } finally {
        await db.execute(sql.raw('DROP TRIGGER test_refuse_job ON jobs'));
        await db.execute(sql.raw('DROP FUNCTION test_refuse_job()'));
      }
      expect(await h.status(owner, id)).toBe('enabled');
      expect((await page(owner)).total).toBe(before);
    });

    it('shows the operator review and the ownership verified by hand as done by the operator', async () => {
      const services = createDomainServices(h.ctx.app.areaContext, domainPorts);
      const apex = `byhand${++counter}.net`;
      await h.call(owner, 'GET', `/domain/query-create-verify-record?domainName=www.${apex}`);
      const verified = await services.verification.verifyForCustomer(`www.${apex}`);
      expect(verified).toMatchObject({ apexDomain: apex });
      expect(await latest('domain.verifyOwnership')).toMatchObject({
        targetName: apex,
        actor: { kind: 'operator' },
        address: null,
      });

      const wholeSite = `ws${++counter}.example.com`;
      const created = await h.create(owner, wholeSite, { type: 'whole_site' });
      expect(created.body.data.status, created.text).toBe('under_review');
      await services.review.review({ domainName: wholeSite }, { approve: false, reason: 'No ICP filing' });
      expect(await latest('domain.review')).toMatchObject({
        targetName: wholeSite,
        actor: { kind: 'operator' },
        changes: [
          { field: 'status', before: 'under_review', after: 'review_rejected' },
          { field: 'reason', before: null, after: 'No ICP filing' },
        ],
      });
    });
  });

  describe('certificates', () => {
    it('records upload, replace, deploy and delete with the names and end date', async () => {
      const { id: domainId, name } = await enabledDomain();
      const leaf = pki.issue([name]);
      const up = await h.call(owner, 'POST', '/certificate/upload', {
        name: 'log-cert',
        certificate: leaf.chain,
        privateKey: leaf.key,
      });
      expect(up.statusCode, up.text).toBe(200);
      const certId = up.body.data.id as number;
      const uploaded = await latest('certificate.upload');
      expect(uploaded).toMatchObject({ targetType: 'certificate', targetId: String(certId), targetName: 'log-cert' });
      expect(uploaded!.changes).toContainEqual({ field: 'names', before: null, after: name });

      const again = pki.issue([name, `img.${name}`]);
      const replaced = await h.call(owner, 'POST', `/certificate/${certId}/replace`, {
        certificate: again.chain,
        privateKey: again.key,
      });
      expect(replaced.statusCode, replaced.text).toBe(200);
      expect((await latest('certificate.replace'))!.changes).toContainEqual({
        field: 'names',
        before: name,
        after: `${name}, img.${name}`,
      });

      const deployed = await h.call(owner, 'POST', `/certificate/${certId}/deploy`, { domainIds: [domainId] });
      expect(deployed.body.data.results).toEqual([expect.objectContaining({ ok: true })]);
      expect((await latest('certificate.deploy'))!.changes).toEqual([{ field: 'domain', before: null, after: name }]);
      // The domain's HTTPS piece changed too, as the domain's own row says.
      expect((await latest('domain.configure'))!.changes).toContainEqual({
        field: 'https',
        before: 'off',
        after: 'on',
      });

      const other = pki.issue([`x.${name}`]);
      const spare = await h.call(owner, 'POST', '/certificate/upload', {
        name: 'spare',
        certificate: other.chain,
        privateKey: other.key,
      });
      expect((await h.call(owner, 'POST', '/certificate/delete', { id: spare.body.data.id })).statusCode).toBe(200);
      expect(await latest('certificate.delete')).toMatchObject({ targetName: 'spare' });
    });

    it('records a certificate application', async () => {
      const { name } = await enabledDomain();
      const res = await h.call(owner, 'POST', '/certificate/order/create', {
        domainNames: [name],
        keyType: 'ECC',
        deployDomainIds: [],
      });
      expect(res.statusCode, res.text).toBe(200);
      expect(await latest('certificateApplication.create')).toMatchObject({
        targetType: 'certificateApplication',
        targetName: name,
      });
    });
  });

  describe('orders, recharges, tasks and the account', () => {
    it('records orders and recharges, and the operator refund and transfer confirmation', async () => {
      const operator = createCommerceOperator({ db: h.ctx.database.db, now: h.ctx.clock.read });
      const pkg = await operator.addPackage({
        code: `log-${kind}`,
        type: 'traffic',
        name: 'Traffic 1 GB',
        nameZh: '流量包 1 GB',
        spec: '1 GB',
        specZh: '1 GB',
        quota: 1024n ** 3n,
        priceFen: 500n,
        validityMonths: 1,
      });
      const recharge = await h.call(owner, 'POST', '/recharge/create', { amountYuan: 20, method: 'bank_transfer' });
      expect(recharge.statusCode, recharge.text).toBe(200);
      expect((await latest('order.recharge'))!.changes).toEqual(
        expect.arrayContaining([{ field: 'amount', before: null, after: '20.00' }]),
      );
      await operator.confirmTransfer(recharge.body.data.bankTransfer.reference, 2_000n);
      expect(await latest('order.confirmTransfer')).toMatchObject({
        actor: { kind: 'operator' },
        targetName: recharge.body.data.orderNo,
      });

      const placed = await h.call(owner, 'POST', '/order/create', { packageId: pkg.id });
      expect((await latest('order.create'))!.changes).toEqual(
        expect.arrayContaining([{ field: 'product', before: null, after: 'Traffic 1 GB' }]),
      );
      const paid = await h.call(owner, 'POST', `/order/${placed.body.data.id}/pay-by-balance`, undefined);
      expect(paid.body.error).toBe('VALIDATION_FAILED');
      const pay = await h.ctx.app.inject({
        method: 'POST',
        url: `/api/order/${placed.body.data.id}/pay-by-balance`,
        headers: { ...owner.headers, 'idempotency-key': 'log-pay-1' },
      });
      expect(pay.statusCode, pay.body).toBe(200);
      expect((await latest('order.pay'))!.changes).toEqual([{ field: 'status', before: 'unpaid', after: 'paid' }]);
      await operator.refund(placed.body.data.orderNo);
      expect(await latest('order.refund')).toMatchObject({ actor: { kind: 'operator' } });

      const second = await h.call(owner, 'POST', '/order/create', { packageId: pkg.id });
      await h.call(owner, 'POST', `/order/${second.body.data.id}/cancel`);
      expect((await latest('order.cancel'))!.changes).toEqual([
        { field: 'status', before: 'unpaid', after: 'cancelled' },
      ]);
      // The refused cancel of a cancelled order leaves nothing.
      const total = (await page(owner)).total;
      expect((await h.call(owner, 'POST', `/order/${second.body.data.id}/cancel`)).statusCode).toBe(409);
      expect((await page(owner)).total).toBe(total);
    });

    it('records refresh and preheat tasks', async () => {
      const { name } = await enabledDomain();
      const res = await h.call(owner, 'POST', '/preheat/tasks', { type: 'refreshUrl', urls: [`http://${name}/a.js`] });
      expect(res.statusCode, res.text).toBe(200);
      expect(await latest('cacheTask.create')).toMatchObject({
        targetType: 'cacheTask',
        targetName: `http://${name}/a.js`,
        changes: expect.arrayContaining([{ field: 'urls', before: null, after: '1' }]),
      });
    });

    it('records password, profile and email changes without the password', async () => {
      const user = await h.user();
      const hasher = createPasswordHasher(h.ctx.config.passwordHashing);
      await h.ctx.database.db
        .update(users)
        .set({ passwordHash: await hasher.hash('Old-pass-123') })
        .where(eq(users.id, user.id));
      const changed = await h.call(user, 'POST', '/user/edit_password', {
        oldPassword: 'Old-pass-123',
        newPassword: 'New-pass-456',
        confirmPassword: 'New-pass-456',
      });
      expect(changed.statusCode, changed.text).toBe(200);
      const row = await latest('account.password', user);
      expect(row).toMatchObject({ targetType: 'account', changes: [] });
      expect(JSON.stringify(row)).not.toContain('pass-');

      const renamed = `${user.userName}x`;
      const email = `new-${user.userName}@example.test`;
      const code = await h.call(user, 'POST', '/user/edit/email_code', { email });
      expect(code.statusCode, code.text).toBe(200);
      const edit = await h.call(user, 'POST', '/user/edit', {
        userName: renamed,
        email,
        currentPassword: 'New-pass-456',
        emailCode: TEST_CODE,
      });
      expect(edit.statusCode, edit.text).toBe(200);
      expect((await latest('account.profile', user))!.changes).toEqual([
        { field: 'userName', before: user.userName, after: renamed },
      ]);
      expect((await latest('account.email', user))!.changes).toEqual([
        { field: 'email', before: `${user.userName}@example.test`, after: email },
      ]);
    });

    it("shows the operator's permission change to the customer", async () => {
      await grantPermission(h.ctx.database.db, stranger.userName, 'log', ['query']);
      const user = await h.user();
      await h.ctx.database.db.execute(
        sql`DELETE FROM user_permissions WHERE user_id = ${user.id} AND permission_id = 'ticket'`,
      );
      await grantPermission(h.ctx.database.db, user.userName, 'ticket', ['query']);
      expect(await latest('account.permissions', user)).toMatchObject({
        actor: { kind: 'operator' },
        changes: [{ field: 'ticket', before: null, after: 'query' }],
      });
    });
  });

  it('records the key list: creation, note, disabling and deletion, never the secret', async () => {
    const user = await h.user();
    const created = await h.call(user, 'POST', '/key/create', { note: 'deploys', readOnly: true });
    expect(created.statusCode, created.text).toBe(200);
    const { id, secretId, secretKey } = created.body.data;
    await h.call(user, 'POST', `/key/${id}/note`, { note: 'ci deploys' });
    await h.call(user, 'POST', `/key/${id}/disable`);
    await h.call(user, 'POST', `/key/${id}/delete`);
    const rows = (await page(user, '&targetType=apiKey')).list;
    expect(rows.map((r) => r.action)).toEqual(['apiKey.delete', 'apiKey.disable', 'apiKey.edit', 'apiKey.create']);
    expect(rows.every((r) => r.targetName === secretId)).toBe(true);
    expect(rows[2]!.changes).toEqual([{ field: 'note', before: 'deploys', after: 'ci deploys' }]);
    expect(rows[1]!.changes).toEqual([{ field: 'enabled', before: 'true', after: 'false' }]);
    expect(JSON.stringify(rows)).not.toContain(secretKey);
    expect((await h.call(stranger, 'POST', `/key/${id}/disable`)).statusCode).toBe(404);
  });

  it("shows the operator's real-name review and revocation to the customer", async () => {
    const user = await h.user();
    const operator = createRealNameOperator({ db: h.ctx.database.db, now: () => h.ctx.clock.now });
    await operator.unverify({ userName: user.userName });
    await operator.verify({ userName: user.userName });
    const rows = (await page(user, '&action=account.realName')).list;
    expect(rows.map((r) => [r.actor.kind, r.changes])).toEqual([
      ['operator', [{ field: 'realNameVerified', before: 'false', after: 'true' }]],
      ['operator', [{ field: 'realNameVerified', before: 'true', after: 'false' }]],
    ]);
  });

  it('records a change made with an API key as that key’s, with one call from the area that makes it', async () => {
    const actor = { kind: 'user' as const, userId: owner.id, apiKeyId: 7, address: '192.0.2.1' };
    await h.ctx.database.db.transaction((tx) =>
      recordOperation(tx, {
        actor,
        action: 'apiKey.create',
        target: { type: 'apiKey', id: 7, name: 'ci deploys' },
        after: { readOnly: true },
      }),
    );
    expect(await latest('apiKey.create')).toMatchObject({
      actor: { kind: 'apiKey', apiKeyId: 7 },
      address: '192.0.2.1',
      targetName: 'ci deploys',
      changes: [{ field: 'readOnly', before: null, after: 'true' }],
    });
    const csv = await h.call(owner, 'GET', '/log/operation/export?targetType=apiKey');
    expect(csv.text).toContain('Create API key,API key,7,ci deploys,readOnly: - → true,192.0.2.1,API key #7');
  });

  it('writes the operator with no session, key or address, no id for a target without one, and the time given', async () => {
    const { db } = h.ctx.database;
    const at = new Date(h.ctx.clock.now.getTime() - 60_000);
    const newest = async () =>
      (
        await db
          .select()
          .from(operationLog)
          .where(eq(operationLog.userId, owner.id))
          .orderBy(desc(operationLog.id))
          .limit(1)
      )[0]!;
    await db.transaction((tx) =>
      recordOperation(tx, {
        actor: operatorActor(owner.id),
        action: 'account.permissions',
        target: { type: 'account' },
        after: { ticket: 'query' },
        at,
      }),
    );
    expect(await newest()).toMatchObject({
      actor: 'operator',
      sessionId: null,
      apiKeyId: null,
      address: null,
      targetId: null,
      targetName: null,
      createdAt: at,
    });
    await db.transaction((tx) =>
      recordOperation(tx, {
        actor: userActor({ id: owner.id, sessionId: undefined, apiKeyId: undefined }, '192.0.2.10'),
        action: 'account.profile',
        target: { type: 'account', id: 0, name: null },
      }),
    );
    expect(await newest()).toMatchObject({
      actor: 'user',
      sessionId: null,
      apiKeyId: null,
      address: '192.0.2.10',
      targetId: '0',
      changes: [],
    });
    await db.transaction((tx) =>
      recordOperation(tx, {
        actor: operatorActor(owner.id),
        action: 'account.profile',
        target: { type: 'account', id: null },
      }),
    );
    expect((await newest()).targetId).toBeNull();
  });

  describe('reading', () => {
    it('never lists or exports another user’s rows, whatever the filter', async () => {
      const theirs = await page(stranger);
      expect(theirs.list.every((r) => r.userName === stranger.userName)).toBe(true);
      const mine = await page(owner);
      expect(mine.total).toBeGreaterThan(5);
      const name = mine.list.find((r) => r.targetType === 'domain')!.targetName!;
      expect((await page(stranger, `&search=${encodeURIComponent(name)}`)).total).toBe(0);
      const csv = await h.call(stranger, 'GET', '/log/operation/export');
      expect(csv.text).not.toContain(owner.userName);
    });

    it('filters by target type, action, time and target, page by page', async () => {
      const all = await page(owner);
      const certs = await page(owner, '&targetType=certificate');
      expect(certs.total).toBeGreaterThan(0);
      expect(certs.list.every((r) => r.targetType === 'certificate')).toBe(true);
      const second = await h.call(owner, 'GET', '/log/operation?page=2&size=2');
      expect(second.body.data).toMatchObject({ page: 2, size: 2, total: all.total });
      expect(second.body.data.list.map((r: OperationLogItem) => r.id)).toEqual(all.list.slice(2, 4).map((r) => r.id));
      const newest = all.list[0]!.createdAt;
      expect((await page(owner, `&from=${newest + 1}`)).total).toBe(0);
      expect((await page(owner, `&to=${newest + 1}`)).total).toBe(all.total);
      expect((await page(owner, '&search=log-cert')).list.map((r) => r.targetName)).toContain('log-cert');
      expect((await page(owner, '&search=%25')).total).toBe(0);
      // The start of the time filter is taken, its end is not.
      const newestIds = all.list.filter((r) => r.createdAt === newest).map((r) => r.id);
      expect((await page(owner, `&from=${newest}`)).list.map((r) => r.id)).toEqual(newestIds);
      expect((await page(owner, `&to=${newest}`)).total).toBe(all.total - newestIds.length);
      // A target is found by its exact id, not by a part of it.
      const byId = all.list.find((r) => r.targetType === 'certificate' && r.targetId !== null)!;
      const found = (await page(owner, `&search=${byId.targetId}`)).list;
      expect(found.map((r) => r.id)).toContain(byId.id);
      expect(found.every((r) => r.targetId === byId.targetId || r.targetName?.includes(byId.targetId!))).toBe(true);
      const bad = await h.call(owner, 'GET', '/log/operation?action=domain.nothing');
      expect(bad.statusCode).toBe(400);
    });

    it('exports the filtered rows as CSV in the caller’s language', async () => {
      const res = await h.call(owner, 'GET', '/log/operation/export?targetType=order', undefined, 'zh-CN');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.headers['content-disposition']).toMatch(/operation-log-\d{8}\.csv/);
      const lines = res.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe('时间,用户,操作,对象类型,对象 ID,对象,变更,地址,操作来源');
      expect(lines.some((l) => l.includes('订单退款') && l.includes('运营人员'))).toBe(true);
      expect(lines.some((l) => l.includes('status: unpaid → cancelled'))).toBe(true);
      expect(lines.slice(1).every((l) => l.includes(',订单,'))).toBe(true);
    });
  });

  it('refuses to change or remove a row, even to the database owner', async () => {
    const { db } = h.ctx.database;
    const [row] = await db.select({ id: operationLog.id }).from(operationLog).limit(1);
    /** The database's refusal (drizzle wraps it, the driver's error is the cause). */
    const refusal = (statement: ReturnType<typeof sql>) =>
      db.execute(statement).then(
        () => 'accepted',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(await refusal(sql`UPDATE operation_log SET action = 'x' WHERE id = ${row!.id}`)).toMatch(/append-only/);
    expect(await refusal(sql`DELETE FROM operation_log WHERE id = ${row!.id}`)).toMatch(/append-only/);
    expect(await refusal(sql`TRUNCATE operation_log`)).toMatch(/append-only/);
    const [still] = await db.select().from(operationLog).where(eq(operationLog.id, row!.id));
    expect(still!.action).not.toBe('x');
  });
});
