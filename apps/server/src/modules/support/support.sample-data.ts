import type { AreaContext, SampleOwner } from '../area';
import { createTicketOperator } from './support.operator';
import * as repo from './support.repository';
import { newTicketNo } from './ticket.service';

const HOUR = 3_600_000;

/**
 * Three tickets for the demo account: one answered and processed, one still processing, one closed with a rating.
 * The staff's reply goes through the operator, so the demo also receives its message.
 */
export async function addSampleTickets(ctx: AreaContext, owner: SampleOwner): Promise<void> {
  const { db } = ctx.database;
  const now = ctx.now().getTime();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
  const insert = async (
    hoursAgo: number,
    values: Pick<repo.NewTicket, 'product' | 'urgency' | 'title' | 'description'>,
  ) =>
    repo.insertTicket(db, {
      ...values,
      ticketNo: await newTicketNo(db, at(hoursAgo)),
      userId: owner.userId,
      sample: true,
      at: at(hoursAgo),
    });

  const closed = await insert(120, {
    product: 'billing',
    urgency: 'consultation',
    title: 'Can I get an invoice for my recharge?',
    description: 'I recharged 500 CNY by bank transfer last week. How do I get an invoice?',
  });
  await repo.insertReply(db, {
    ticketId: closed.id,
    author: 'staff',
    content: 'Invoices are issued monthly for recharges; yours will be sent to your account email.',
    at: at(118),
  });
  await repo.update(db, closed.id, {
    status: 'closed',
    solved: true,
    rating: 5,
    closedAt: at(110),
    updatedAt: at(110),
  });

  const answered = await insert(30, {
    product: 'cdn',
    urgency: 'impact',
    title: 'Images on www.example.com are served stale',
    description: 'After updating images on the origin, visitors still get the old ones for hours.',
  });
  const staff = createTicketOperator({ db, now: () => at(26) });
  await staff.reply(
    answered.ticketNo,
    'The cache rule for images keeps them 30 days. Refresh the URLs under Preheat, or lower the expiry for *.jpg.',
  );
  await staff.resolve(answered.ticketNo);

  await insert(1, {
    product: 'certificate',
    urgency: 'experience',
    title: 'Certificate application waits for DNS',
    description: 'The application has been waiting for DNS verification for 20 minutes. Is something wrong?',
  });
}
