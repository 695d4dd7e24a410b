import { z } from 'zod';
import type { Db, Executor } from '../../db/connect';
import type { StoredMessage } from '../../db/schema';
import { translate } from '../../http/i18n';
import { defineJob, handle } from '../../jobs/job';
import { enqueueJob } from '../../jobs/runner';
import type { MailProvider } from '../../providers/mail';
import { eventMessage, sendMessage } from '../message';
import * as certificates from './certificate.repository';
import * as repo from './certificate-application.repository';

/**
 * What a customer is told about the renewal of an applied certificate: it needs new DNS records (each time a new
 * order asks for them), it failed (once per renewal), and reminders while it still waits for the records.
 */
export type RenewalNotice = 'needsDns' | 'failed' | 'reminder';

/** Days before a certificate ends when a renewal still waiting for its records is reminded, each once. */
const renewalReminderDays = [7, 3] as const;

const DAY_MS = 86_400_000;

const noticeKeys = {
  needsDns: 'renewalNeedsDns',
  failed: 'renewalFailed',
  reminder: 'renewalReminder',
} as const;

/**
 * A notice's mail, written when the notice is and sent by the job after the transaction commits: a mail server
 * that does not answer is tried again later, and never undoes the change it tells of.
 */
export const noticeMailJob = defineJob({
  kind: 'certificate.notice-mail',
  payload: z.object({ to: z.string(), subject: z.string(), text: z.string() }),
  maxAttempts: 6,
});

export const noticeMailHandler = (mail: MailProvider) => handle(noticeMailJob, (payload) => mail.send(payload));

/** The records as a DNS console asks for them, one per line in a mail, `;`-separated in a message. */
const recordLines = (row: repo.ApplicationRow) => row.records.map((r) => `${r.name} TXT ${r.value}`);

export function createRenewalNotices(deps: { publicUrl: string }) {
  /**
   * Tells the owner of a renewal, inside the caller's transaction: the message centre now, the mail (in both
   * languages: the account keeps no language) by the job once committed.
   */
  async function announce(
    tx: Executor,
    row: repo.ApplicationRow,
    notice: RenewalNotice,
    at: Date,
    failure?: StoredMessage,
  ): Promise<void> {
    const certificate = row.renewalOf ? await certificates.findOfUser(tx, row.userId, row.renewalOf) : undefined;
    if (!certificate) return;
    const params = {
      domain: row.domainNames.join(', '),
      date: certificate.notAfter.toISOString().slice(0, 10),
      days: Math.max(0, Math.ceil((certificate.notAfter.getTime() - at.getTime()) / DAY_MS)),
      applicationId: row.id,
    };
    const event = noticeKeys[notice];
    await sendMessage(
      tx,
      row.userId,
      // Stored params are shown in the reader's language around them: the CA's own words, as the failed message has.
      eventMessage('certificate', `certificate.${event}`, {
        ...params,
        records: recordLines(row).join('; '),
        reason: String(failure?.params?.reason ?? ''),
      }),
      at,
    );
    const to = await repo.emailOf(tx, row.userId);
    if (!to) return;
    const mailParams = {
      ...params,
      records: recordLines(row).join('\n'),
      link: `${deps.publicUrl}/certificate/order/${row.id}/detail`,
    };
    const [first, second] = (['zh-CN', 'en-US'] as const).map((locale) => {
      const localized = { ...mailParams, reason: failure ? translate(locale, failure.key, failure.params) : '' };
      return {
        subject: translate(locale, `certificate.mail.${event}.subject`, localized),
        text: translate(locale, `certificate.mail.${event}.text`, localized),
      };
    });
    await enqueueJob(
      tx,
      noticeMailJob,
      { to, subject: `${first!.subject} / ${second!.subject}`, text: `${first!.text}\n\n----\n\n${second!.text}` },
      { runAt: at },
    );
  }

  return {
    announce,

    /**
     * Reminds each renewal still waiting for its records once its certificate is within a reminder's days of its
     * end, each reminder once (a run that finds several due, the first run after a pause, sends one).
     */
    async remind(db: Db, now: Date): Promise<number> {
      const furthest = Math.max(...renewalReminderDays);
      const waiting = await repo.pendingRenewalsEndingBefore(db, now, new Date(now.getTime() + furthest * DAY_MS));
      let sent = 0;
      for (const { application, notAfter } of waiting) {
        const due = renewalReminderDays.filter((days) => notAfter.getTime() - now.getTime() <= days * DAY_MS);
        await db.transaction(async (tx) => {
          let claimed = false;
          for (const days of due) {
            if (await repo.claimNotice(tx, application.id, `reminder:${days}`)) claimed = true;
          }
          if (!claimed) return;
          await announce(tx, application, 'reminder', now);
          sent++;
        });
      }
      return sent;
    },
  };
}

export type RenewalNotices = ReturnType<typeof createRenewalNotices>;
