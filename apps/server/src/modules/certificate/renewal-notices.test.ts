import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPki, type TestPki } from '../../../test/fixtures/certificates';
import { createTestUser, type TestUser } from '../../../test/fixtures/users';
import { createTestContext, dbKinds, type TestContext } from '../../../test/helpers';
import { certificateApplications, jobs, messages } from '../../db/schema';
import { translate } from '../../http/i18n';
import { checkCertificate } from '../../lib/certificate-check';
import { secretBoxOf } from '../../secrets/secret-box';
import * as certificates from './certificate.repository';
import { materialOf } from './certificate.service';
import * as repo from './certificate-application.repository';
import { createRenewalNotices, noticeMailJob } from './renewal-notices';

const DAY = 86_400_000;

describe.each(dbKinds)('renewal notices on %s', (kind) => {
  let ctx: TestContext;
  let pki: TestPki;
  let user: TestUser;
  let counter = 0;
  const notices = createRenewalNotices({ publicUrl: 'https://console.test' });

  beforeAll(async () => {
    pki = createTestPki();
    ctx = await createTestContext(kind);
    user = await createTestUser(ctx);
  });
  afterAll(async () => {
    await ctx.close();
    pki.cleanup();
  });

  /** An applied certificate of the user ending `days` from the clock, and its renewal waiting for two records. */
  async function pendingRenewal(days: number) {
    const name = `n${++counter}.notice.example.com`;
    const leaf = pki.issue([name], { days: 60 });
    const checked = checkCertificate({ certificate: leaf.chain, privateKey: leaf.key, now: ctx.clock.now });
    if (!checked.ok) throw new Error(checked.problem);
    const notAfter = new Date(ctx.clock.now.getTime() + days * DAY);
    const certificateId = await certificates.insert(ctx.database.db, {
      ...materialOf(checked.info, leaf.chain, leaf.key, user.id, secretBoxOf(ctx.config)),
      notAfter,
      userId: user.id,
      name,
      source: 'applied',
      at: ctx.clock.now,
    });
    const id = await repo.insert(ctx.database.db, {
      userId: user.id,
      domainNames: [name, `*.${name}`],
      keyType: 'ECC',
      deployDomainIds: [],
      renewalOf: certificateId,
      at: ctx.clock.now,
    });
    const row = await repo.transition(ctx.database.db, id, ['creating'], {
      status: 'pending',
      records: [
        {
          domainName: name,
          wildcard: false,
          name: `_acme-challenge.${name}`,
          value: 'one',
          authorizationUrl: '',
          challengeUrl: '',
        },
        {
          domainName: `*.${name}`,
          wildcard: true,
          name: `_acme-challenge.${name}`,
          value: 'two',
          authorizationUrl: '',
          challengeUrl: '',
        },
      ],
      updatedAt: ctx.clock.now,
    });
    return { row: row!, name, notAfter };
  }

  const messagesOf = async (name: string) =>
    (await ctx.database.db.select().from(messages).where(eq(messages.userId, user.id))).filter((m) =>
      String(m.params?.domain).startsWith(name),
    );
  const mailsAbout = async (name: string) =>
    (
      await ctx.database.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, noticeMailJob.kind)))
    ).filter((j) => (j.payload as { subject: string }).subject.includes(name));

  it('tells of a failed renewal in the message centre and by mail in both languages, with the CA’s reason', async () => {
    const { row, name, notAfter } = await pendingRenewal(10.5);
    const failure = { key: 'certificate.application.generationFailedWith', params: { reason: 'rate limited' } };
    await ctx.database.db.transaction((tx) => notices.announce(tx, row, 'failed', ctx.clock.now, failure));
    const [message] = await messagesOf(name);
    expect(message).toMatchObject({
      title: 'message.certificate.renewalFailed.title',
      params: {
        domain: `${name}, *.${name}`,
        date: notAfter.toISOString().slice(0, 10),
        days: 11,
        applicationId: row.id,
        records: `_acme-challenge.${name} TXT one; _acme-challenge.${name} TXT two`,
        reason: 'rate limited',
      },
    });
    const [mail] = await mailsAbout(name);
    expect(mail!.runAt).toEqual(ctx.clock.now);
    const payload = mail!.payload as { to: string; subject: string; text: string };
    expect(payload.to).toBe(`${user.userName}@example.test`);
    const params = {
      domain: `${name}, *.${name}`,
      date: notAfter.toISOString().slice(0, 10),
      days: 11,
      applicationId: row.id,
      records: `_acme-challenge.${name} TXT one\n_acme-challenge.${name} TXT two`,
      link: `https://console.test/certificate/order/${row.id}/detail`,
    };
    const inEach = (locale: 'zh-CN' | 'en-US', part: 'subject' | 'text') =>
      translate(locale, `certificate.mail.renewalFailed.${part}`, {
        ...params,
        reason: translate(locale, failure.key, failure.params),
      });
    expect(payload.subject).toBe(`${inEach('zh-CN', 'subject')} / ${inEach('en-US', 'subject')}`);
    expect(payload.text).toBe(`${inEach('zh-CN', 'text')}\n\n----\n\n${inEach('en-US', 'text')}`);
    expect(payload.text).toContain('Certificate generation failed: rate limited');
  });

  it('counts no days left once the certificate has ended, and gives no reason without a failure', async () => {
    const { row, name } = await pendingRenewal(-2);
    await ctx.database.db.transaction((tx) => notices.announce(tx, row, 'needsDns', ctx.clock.now));
    const [message] = await messagesOf(name);
    expect(message).toMatchObject({
      title: 'message.certificate.renewalNeedsDns.title',
      params: { days: 0, reason: '' },
    });
  });

  it('tells nothing of an application that renews no certificate of its owner', async () => {
    const { row, name } = await pendingRenewal(5);
    const stranger = await createTestUser(ctx);
    await ctx.database.db.transaction((tx) =>
      notices.announce(tx, { ...row, userId: stranger.id }, 'failed', ctx.clock.now),
    );
    expect(await messagesOf(name)).toEqual([]);
    expect(await mailsAbout(name)).toEqual([]);
  });

  it('reminds a renewal waiting for its records once at 7 days and once at 3, and counts what it sent', async () => {
    // The renewals of the tests above wait too: out of the way, so that the counts are this one's.
    await ctx.database.db
      .update(certificateApplications)
      .set({ status: 'expired' })
      .where(eq(certificateApplications.status, 'pending'));
    const start = ctx.clock.now;
    const { name } = await pendingRenewal(8);
    const remindAt = async (daysBefore: number) =>
      notices.remind(ctx.database.db, new Date(start.getTime() + (8 - daysBefore) * DAY));
    expect(await remindAt(7.001)).toBe(0);
    expect(await remindAt(6.5)).toBe(1);
    expect(await remindAt(6)).toBe(0);
    // Exactly three days before the end the second reminder is due.
    expect(await remindAt(3)).toBe(1);
    expect(await remindAt(2)).toBe(0);
    const reminders = await messagesOf(name);
    expect(reminders.map((m) => [m.title, m.params?.days])).toEqual([
      ['message.certificate.renewalReminder.title', 7],
      ['message.certificate.renewalReminder.title', 3],
    ]);
  });
});
