import { opsActor } from '../../lib/staff-audit';
import type { AreaContext, SampleOwner } from '../area';
import { readAll } from './message.repository';
import { sendMessage } from './message.service';
import { createNoticeDesk } from './notice-desk.service';

const HOUR = 3_600_000;

/**
 * Two read messages for the demo account, so that /msg's read tab is not empty; the unread ones come from the other
 * areas as they would for anyone (the sample WebSocket add-on's expiry reminder, the sample tickets' replies). The
 * welcome notice goes through the staff's notice desk, as from the command line, so the operator console's list of
 * sent notices is not empty either.
 */
export async function addSampleMessages(ctx: AreaContext, owner: SampleOwner): Promise<void> {
  const now = ctx.now().getTime();
  const noticeDesk = createNoticeDesk({ db: ctx.database.db, now: () => new Date(now - 72 * HOUR) });
  await noticeDesk.send(opsActor, {
    title: 'Welcome to the Edgeward console (sample)',
    content:
      '<p>This is a <b>sample notice</b>. Notices from the operator and messages about your domains, certificates, orders and tickets arrive here.</p><ul><li>Open a message to mark it read.</li><li>Use <i>Mark all as read</i> to clear the bell.</li></ul>',
    to: owner.userName,
  });
  await ctx.database.db.transaction(async (tx) => {
    await sendMessage(
      tx,
      owner.userId,
      {
        kind: 'domain',
        title: 'message.domain.approved.title',
        content: 'message.domain.approved.content',
        params: { domain: 'www.example.com' },
      },
      new Date(now - 48 * HOUR),
    );
    // The two older ones have been read: the read tab is not empty either.
    await readAll(tx, owner.userId, new Date(now - 24 * HOUR));
  });
}
