import type { StaffNotice } from '@edgeward/contract';
import type { Db } from '../../db/connect';
import { fieldError } from '../../http/errors';
import { pageWithTotal } from '../../lib/page';
import { auditRowsOf, recordStaffAction, type StaffActor } from '../../lib/staff-audit';
import { userIdByName } from '../../lib/user-by-name';
import { sendMessage, sendToEveryone } from './message.service';
import { safeHtml } from './safe-html';

/**
 * Notices from the staff: previewed through the message centre's sanitizer, sent to one customer or to all in one
 * transaction with the audit row, which is also the list of what was sent. The command line sends through here too.
 */
export function createNoticeDesk(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;
  return {
    preview: (draft: { title: string; content: string }) => ({ title: draft.title, html: safeHtml(draft.content) }),

    async send(actor: StaffActor, notice: Pick<StaffNotice, 'title' | 'content'> & { to: 'all' | string }) {
      const message = { kind: 'notice' as const, title: notice.title, content: notice.content };
      const userId = notice.to === 'all' ? undefined : await userIdByName(db, notice.to);
      if (notice.to !== 'all' && userId === undefined) throw fieldError('userName', 'staff.notice.noUser');
      return db.transaction(async (tx) => {
        const at = now();
        let recipients = 1;
        if (userId === undefined) recipients = await sendToEveryone(tx, message, at);
        else await sendMessage(tx, userId, message, at);
        await recordStaffAction(
          tx,
          actor,
          {
            action: 'notice.publish',
            targetType: 'notice',
            targetName: notice.title,
            ...(userId === undefined ? {} : { customerId: userId }),
            after: { to: notice.to, recipients },
          },
          at,
        );
        return { recipients };
      });
    },

    async sent(query: { page: number; size: number }) {
      const { rows, total } = await auditRowsOf(db, 'notice.publish', query);
      const list = rows.map((row) => ({
        id: row.id,
        staffName: row.staffName,
        title: row.targetName ?? '',
        to: String(row.after?.to ?? ''),
        recipients: Number(row.after?.recipients ?? 0),
        sentAt: row.createdAt.getTime(),
      }));
      return pageWithTotal(query, list, total);
    },
  };
}
