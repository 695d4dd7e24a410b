import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dbKinds, testPasswordHashing } from '../../test/helpers';
import { providerDepsOf } from '../composition-root';
import { loadConfig } from '../config';
import type { Database } from '../db/connect';
import { rowsOf } from '../db/migrate';
import { createJobRunner } from '../jobs/runner';
import { domainPorts } from '../modules';
import { createDomainServices } from '../modules/domain';
import { hashSecret } from '../modules/session';
import { createProviders } from '../providers';
import { createOutboxMail } from '../providers/mail/outbox';
import { commands } from './command-list';
import { findCommand, runOps } from './ops';

describe.each(dbKinds)('operator commands on %s', (kind) => {
  let database: Database;
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', ...testPasswordHashing });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.close());

  function providersOf(db: Database) {
    const now = () => new Date();
    return createProviders(
      providerDepsOf({ config, db: db.db, jobs: createJobRunner(db.db, { now }), log: { info() {} }, now }),
    );
  }

  async function ops(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runOps(
      commands,
      argv,
      { database, config, providers: providersOf(database), out: (l) => out.push(l), now: () => new Date() },
      (l) => err.push(l),
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  async function permissionsOf(userName: string) {
    const rows = rowsOf<{ permission_id: string; actions: string[] | string }>(
      await database.db.execute(sql`
        SELECT p.permission_id, p.actions FROM user_permissions p JOIN users u ON u.id = p.user_id
         WHERE u.user_name = ${userName} ORDER BY p.permission_id`),
    );
    return new Map(rows.map((r) => [r.permission_id, r.actions]));
  }

  it('matches the longest command name', () => {
    expect(findCommand(commands, ['user', 'create', 'x'])?.command.name).toBe('user create');
    expect(findCommand(commands, ['user'])).toBeUndefined();
    expect(findCommand(commands, ['mail', 'last', 'a@b.c'])?.args).toEqual(['a@b.c']);
  });

  it('creates, lists and verifies users, refusing bad input', async () => {
    const created = await ops('user', 'create', 'opsuser', 'Ops@Example.com', 'secret123', '--phone', '13800000009');
    expect(created).toMatchObject({ code: 0, err: '' });
    expect(created.out).toMatch(/^Created user opsuser \(id \d+\)$/);
    expect((await permissionsOf('opsuser')).size).toBe(13);

    expect(await ops('user', 'create', 'OPSUSER', 'other@example.com', 'secret123')).toMatchObject({
      code: 1,
      err: 'Error: This username is already taken',
    });
    const short = await ops('user', 'create', 'abc', 'x@example.com', 'secret123');
    expect(short.code).toBe(1);
    expect(short.err).toContain('name: Username must be at least 4 characters');
    expect((await ops('user', 'create', 'abcd', 'x@example.com', 'secret123', '--phone', '1')).err).toContain(
      'phone: Please enter a valid phone number',
    );
    expect((await ops('user', 'create', 'abcd', 'x@example.com')).err).toContain(
      'Usage: npm run ops -- user create <name> <email> <password> [--phone P]',
    );

    const list = await ops('user', 'list');
    expect(list.code).toBe(0);
    expect(list.out).toMatch(/\topsuser\tOps@Example\.com\t13800000009\tno\t/);
    expect((await ops('user', 'verify', 'opsuser')).code).toBe(0);
    expect((await ops('user', 'list')).out).toMatch(/\topsuser\t.*\tyes\t/);
    expect(await ops('user', 'verify', 'ghost')).toMatchObject({
      code: 1,
      err: expect.stringContaining("no user named 'ghost'"),
    });
  });

  it("verifies a domain's apex by hand for the customer who asked for its record", async () => {
    const verification = createDomainServices(
      {
        database,
        config,
        providers: providersOf(database),
        now: () => new Date(),
      },
      domainPorts,
    ).verification;
    const userId = async (name: string) => {
      const created = await ops('user', 'create', name, `${name}@example.com`, 'secret123');
      return Number(/id (\d+)/.exec(created.out)![1]);
    };
    expect(await ops('domain', 'verify', 'www.nobody-asked.com')).toMatchObject({
      code: 1,
      err: expect.stringContaining('no customer has asked to add a domain under it yet'),
    });

    const first = { id: await userId('verifya'), realNameVerified: true };
    await verification.queryRecord(first, 'www.asked-once.com');
    expect(await verification.isVerified(first, 'asked-once.com')).toBe(false);
    expect(await ops('domain', 'verify', 'img.asked-once.com')).toMatchObject({
      code: 0,
      out: 'Verified asked-once.com for verifya: they can now add any name under it.',
    });
    expect(await verification.isVerified(first, 'asked-once.com')).toBe(true);

    const second = { id: await userId('verifyb'), realNameVerified: true };
    await verification.queryRecord(first, 'shared-ask.com');
    await verification.queryRecord(second, 'www.shared-ask.com');
    expect(await ops('domain', 'verify', 'shared-ask.com')).toMatchObject({
      code: 1,
      err: expect.stringContaining('several customers asked to verify it (verifya, verifyb): name one'),
    });
    expect((await ops('domain', 'verify', 'shared-ask.com', 'verifyb')).code).toBe(0);
    expect(await verification.isVerified(second, 'shared-ask.com')).toBe(true);
    expect(await verification.isVerified(first, 'shared-ask.com')).toBe(false);
  });

  it('grants and revokes permissions and actions', async () => {
    await ops('user', 'create', 'permuser', 'perm@example.com', 'secret123');
    expect((await ops('revoke', 'permuser', 'log', 'query', 'export')).out).toBe(
      'permuser: log = add, delete, edit, get, enable, disable, import',
    );
    expect((await ops('revoke', 'permuser', 'log')).out).toBe('permuser: log revoked');
    expect((await permissionsOf('permuser')).has('log')).toBe(false);
    expect((await ops('grant', 'permuser', 'log', 'query')).out).toBe('permuser: log = query');
    expect((await ops('grant', 'permuser', 'log')).out).toBe(
      'permuser: log = add, delete, edit, query, get, enable, disable, import, export',
    );
    expect((await ops('grant', 'permuser', 'nope')).err).toContain("unknown permission 'nope'");
    expect((await ops('grant', 'permuser', 'log', 'fly')).err).toContain("unknown action 'fly'");
    expect((await ops('grant', 'ghost', 'log')).code).toBe(1);
  });

  it('issues a simulation token stored only as its hash', async () => {
    await ops('user', 'create', 'simuser', 'sim@example.com', 'secret123');
    const res = await ops('simulate', 'simuser');
    expect(res.code).toBe(0);
    const token = res.out.match(/^Token: (\S+)$/m)?.[1];
    expect(token).toBeDefined();
    expect(res.out).toContain(`URL: /user/login/${token}`);
    const rows = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`SELECT count(*)::int AS n FROM simulation_tokens WHERE token_hash = ${hashSecret(token!)}`,
      ),
    );
    expect(rows[0]?.n).toBe(1);
    expect((await ops('simulate', 'ghost')).code).toBe(1);
  });

  it('prints the newest outbox mail to an address', async () => {
    const silent = { info() {} } as never;
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'edgeward-outbox-'));
    const mail = createOutboxMail({ db: database.db, log: silent, now: () => new Date(), dir });
    await mail.send({ to: 'Reader@example.com', subject: 'first', text: 'one' });
    await mail.send({ to: 'reader@example.com', subject: 'second', text: 'code 123456' });
    const res = await ops('mail', 'last', 'READER@example.com');
    expect(res.code).toBe(0);
    expect(res.out).toContain('Subject: second');
    expect(res.out).toMatch(/code 123456$/);
    expect(await ops('mail', 'last', 'nobody@example.com')).toMatchObject({ code: 1 });
    // The same mails as files, readable while another process holds a PGlite database.
    const files = (await fs.readdir(dir)).sort();
    expect(files).toHaveLength(2);
    const newest = JSON.parse(await fs.readFile(path.join(dir, files[1]!), 'utf8'));
    expect(newest).toMatchObject({ to: 'reader@example.com', subject: 'second', text: 'code 123456' });
    await fs.rm(dir, { recursive: true });
  });

  it('defines packages, confirms a bank transfer and refunds a paid order to the balance', async () => {
    const added = await ops(
      'package',
      'add',
      'ops-traffic',
      '--type',
      'traffic',
      '--name',
      'Traffic 1 TB',
      '--name-zh',
      '流量包 1 TB',
      '--spec',
      '1 TB',
      '--spec-zh',
      '1 TB',
      '--price',
      '169.5',
      '--months',
      '12',
      '--quota',
      '1099511627776',
    );
    expect(added).toMatchObject({ code: 0, err: '' });
    expect(added.out).toContain('169.50 CNY');
    expect(
      (await ops('package', 'add', 'bad', '--type', 'gold', '--name', 'x', '--spec', 'x', '--price', '1')).code,
    ).toBe(1);
    expect((await ops('package', 'list')).out).toMatch(
      /ops-traffic\ttraffic\tTraffic 1 TB\t流量包 1 TB\t1 TB\t1 TB\t169.50\t12\ttrue/,
    );
    expect((await ops('package', 'withdraw', 'ops-traffic')).out).toBe('ops-traffic: off sale');

    await ops('user', 'create', 'opsbuyer', 'opsbuyer@example.com', 'secret123');
    const [user] = rowsOf<{ id: string }>(
      await database.db.execute(sql`SELECT id FROM users WHERE user_name = 'opsbuyer'`),
    );
    const [pkg] = rowsOf<{ id: string }>(
      await database.db.execute(sql`SELECT id FROM packages WHERE code = 'ops-traffic'`),
    );
    await database.db.execute(sql`
      INSERT INTO orders (order_no, user_id, kind, product_name, product_name_zh, amount_fen, status, payment_method,
                          transfer_reference)
      VALUES ('R1', ${user!.id}, 'recharge', 'Balance recharge', '余额充值', 20000, 'unpaid', 'bank_transfer', 'EWTESTREF1')`);
    expect((await ops('recharge', 'list')).out).toContain('EWTESTREF1\tR1');
    expect((await ops('recharge', 'confirm', 'EWTESTREF1', '200')).out).toContain('200.00 CNY credited');
    expect((await ops('recharge', 'confirm', 'EWTESTREF1', '200')).err).toContain('already confirmed');

    await database.db.execute(sql`
      INSERT INTO orders (order_no, user_id, kind, package_id, product_name, product_name_zh, package_type, spec,
                          validity_months, amount_fen, status, payment_method, paid_at)
      VALUES ('P1', ${user!.id}, 'package', ${pkg!.id}, 'Traffic 1 TB', '流量包 1 TB', 'traffic', '1 TB', 12, 16950, 'paid',
              'balance', now())`);
    expect((await ops('order', 'refund', 'P1')).out).toBe('Refunded P1: 169.50 CNY; balance now 369.50');
    expect((await ops('order', 'refund', 'P1')).err).toContain('Error: The order is refunded, not paid');
  });

  it('answers unknown commands with the list', async () => {
    const res = await ops('frobnicate');
    expect(res.code).toBe(2);
    expect(res.err).toContain('Unknown command: frobnicate');
    expect(res.err).toContain('user create <name> <email> <password> [--phone P]');
    expect(res.err).toContain('mail last <email>');
  });
});
