import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCommand } from '../../../test/fixtures/operator';
import { createTestStaff } from '../../../test/fixtures/staff';
import { createTestContext, dbKinds, type TestContext } from '../../../test/helpers';
import { jobs, staff, staffAuditLog, staffChallenges, staffSessions } from '../../db/schema';
import { createPasswordHasher } from '../../secrets/password-hasher';
import { ensureDemoAdmin } from './staff.operator';

/** The staff area's upkeep: the demo admin made at start, the hourly purge, and the command line's refusals. */
describe.each(dbKinds)('staff upkeep on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(() => ctx.close());

  it('lists no staff at first, and refuses a list with arguments and an add of none or two names', async () => {
    expect(await operatorCommand(ctx.app, 'staff', 'list')).toMatchObject({ code: 0, out: 'no staff members' });
    const refused = async (argv: string[], message: string) => {
      const res = await operatorCommand(ctx.app, 'staff', ...argv);
      expect([argv.join(' '), res.code, res.out]).toEqual([argv.join(' '), 1, '']);
      expect(res.err).toContain(message);
    };
    await refused(['list', 'extra'], 'takes no arguments');
    await refused(['add', '--role', 'admin'], 'give one name');
    await refused(['add', 'one', 'two', '--role', 'admin'], 'give one name');
    await refused(['add', 'nobody'], 'role');
    expect(await ctx.database.db.select().from(staff)).toEqual([]);
  });

  it('adds a member from the command line: the password printed once, the list telling role and state', async () => {
    const added = await operatorCommand(ctx.app, 'staff', 'add', 'opsfinance', '--role', 'finance');
    expect(added.code).toBe(0);
    const [headline, password, advice] = added.out.split('\n');
    const [row] = await ctx.database.db.select().from(staff).where(eq(staff.userName, 'opsfinance'));
    expect(headline).toBe(`staff member opsfinance (finance, id ${row!.id}) added; the password, shown this once:`);
    expect(advice).toBe(
      'At the first sign-in (/admin/login) they set up two-factor sign-in with an authenticator app.',
    );
    expect(await createPasswordHasher(ctx.config.passwordHashing).verify(row!.passwordHash, password!)).toBe(true);
    expect(row!.twoFactorExempt).toBe(false);

    const signedIn = new Date('2026-01-02T03:04:05.000Z');
    await ctx.database.db
      .update(staff)
      .set({ totpSecretSealed: 'sealed', disabledAt: ctx.clock.now, lastSignInAt: signedIn })
      .where(eq(staff.id, row!.id));
    const listed = await operatorCommand(ctx.app, 'staff', 'list');
    expect(listed.out).toBe(
      `opsfinance (id ${row!.id}): finance, two-factor on, disabled, last sign-in 2026-01-02T03:04:05.000Z`,
    );
  });

  it('makes the demo admin once: exempt from two-factor, signing in with the published password, told in the log', async () => {
    const db = ctx.database.db;
    const passwords = createPasswordHasher(ctx.config.passwordHashing);
    const told: string[] = [];
    const log = { info: (message: string) => told.push(message) };
    await ensureDemoAdmin(db, passwords, log);
    await ensureDemoAdmin(db, passwords, log);
    const admins = await db.select().from(staff).where(eq(staff.userName, 'admin'));
    expect(admins).toHaveLength(1);
    expect(admins[0]).toMatchObject({ role: 'admin', twoFactorExempt: true, disabledAt: null });
    expect(await passwords.verify(admins[0]!.passwordHash, 'admin123456')).toBe(true);
    expect(told).toEqual(['Demo operator console: /admin/login as admin / admin123456']);
    const audit = await db.select().from(staffAuditLog).where(eq(staffAuditLog.targetName, 'admin'));
    expect(audit.map((a) => [a.action, a.staffId, a.after])).toEqual([['staff.create', null, { role: 'admin' }]]);
  });

  it('makes the demo admin once when two processes start together: the second is told the name is taken', async () => {
    const db = ctx.database.db;
    await db.delete(staff).where(eq(staff.userName, 'admin'));
    const passwords = createPasswordHasher(ctx.config.passwordHashing);
    const told: string[] = [];
    const log = { info: (message: string) => told.push(message) };
    await Promise.all([ensureDemoAdmin(db, passwords, log), ensureDemoAdmin(db, passwords, log)]);
    expect(await db.select().from(staff).where(eq(staff.userName, 'admin'))).toHaveLength(1);
    expect(told).toHaveLength(1);
  });

  it('purges expired sign-in challenges and sessions every hour, keeping the live ones', async () => {
    const db = ctx.database.db;
    const member = await createTestStaff(ctx, 'support');
    const at = ctx.clock.now.getTime();
    const challenge = (tokenHash: string, offsetMs: number) => ({
      staffId: member.id,
      tokenHash,
      purpose: 'verify' as const,
      expiresAt: new Date(at + offsetMs),
    });
    await db.insert(staffChallenges).values([challenge('old-challenge', -1), challenge('live-challenge', 60_000)]);
    const session = (tokenHash: string, offsetMs: number) => ({
      staffId: member.id,
      tokenHash,
      expiresAt: new Date(at + offsetMs),
    });
    await db.insert(staffSessions).values([session('old-session', -1), session('live-session', 60_000)]);
    await db.delete(jobs);

    await ctx.app.schedules.tick();
    const queued = await db.select().from(jobs).where(eq(jobs.kind, 'staff.purge-expired'));
    expect(queued).toHaveLength(1);
    expect(queued[0]!.runAt.getTime()).toBeLessThanOrEqual(at);
    await ctx.app.jobs.runDue();

    const challenges = await db.select().from(staffChallenges).where(eq(staffChallenges.staffId, member.id));
    expect(challenges.map((c) => c.tokenHash)).toEqual(['live-challenge']);
    const sessions = (await db.select().from(staffSessions).where(eq(staffSessions.staffId, member.id))).map(
      (s) => s.tokenHash,
    );
    expect(sessions).toContain('live-session');
    expect(sessions).not.toContain('old-session');

    // Not again within the hour; again after it.
    ctx.clock.advance(59 * 60_000);
    await ctx.app.schedules.tick();
    expect(await db.select().from(jobs).where(eq(jobs.kind, 'staff.purge-expired'))).toHaveLength(1);
    ctx.clock.advance(2 * 60_000);
    await ctx.app.schedules.tick();
    expect(await db.select().from(jobs).where(eq(jobs.kind, 'staff.purge-expired'))).toHaveLength(2);
  });
});
