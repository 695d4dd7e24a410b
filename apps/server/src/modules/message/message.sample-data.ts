import type { AreaContext, SampleOwner } from '../area';
import { demoExpiringPackage } from '../demo-sample';
import { readAll } from './message.repository';
import { sendMessage } from './message.service';

const HOUR = 3_600_000;

/** A few messages for the demo account, some read, so that /msg's tabs and the header bell have something to show. */
export async function addSampleMessages(ctx: AreaContext, owner: SampleOwner): Promise<void> {
  const now = ctx.now().getTime();
  await ctx.database.db.transaction(async (tx) => {
    await sendMessage(
      tx,
      owner.userId,
      {
        kind: 'notice',
        title: 'Welcome to the Edgeward console (sample)',
        content:
          '<p>This is a <b>sample notice</b>. Notices from the operator and messages about your domains, certificates, orders and tickets arrive here.</p><ul><li>Open a message to mark it read.</li><li>Use <i>Mark all as read</i> to clear the bell.</li></ul>',
      },
      new Date(now - 72 * HOUR),
    );
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
    await sendMessage(
      tx,
      owner.userId,
      {
        kind: 'package',
        title: 'message.package.expiring.title',
        content: 'message.package.expiring.content',
        params: {
          name: demoExpiringPackage.name,
          date: new Date(now + demoExpiringPackage.daysLeft * 24 * HOUR).toISOString().slice(0, 10),
        },
      },
      new Date(now - 2 * HOUR),
    );
  });
}
