import fs from 'node:fs/promises';
import { type TicketStatus, TicketStatusSchema, ticketStatuses } from '@edgeward/contract';
import { type OpsCommand, type OpsContext, OpsError, parseOptions } from '../../ops/ops';
import { createTicketOperator } from './support.operator';
import { createTicketImageStore } from './ticket-image.store';

const operator = (ctx: OpsContext) => createTicketOperator({ db: ctx.database.db, now: () => ctx.now() });

const openStatuses: TicketStatus[] = ['processing', 'appeal'];

/** The support staff's command line: every reply and completion reaches the customer as a message. */
export const supportCommands: OpsCommand[] = [
  {
    name: 'ticket list',
    args: '[status...]',
    summary: `tickets waiting for the staff (processing, appeal), or of the given statuses (${ticketStatuses.join(', ')})`,
    async run(args, ctx) {
      const statuses = args.map((arg) => {
        const parsed = TicketStatusSchema.safeParse(arg);
        if (!parsed.success) throw new OpsError(`status must be one of ${ticketStatuses.join(', ')}`);
        return parsed.data;
      });
      const rows = await operator(ctx).list(statuses.length ? statuses : openStatuses);
      if (rows.length === 0) {
        ctx.out('No tickets.');
        return;
      }
      ctx.out(['ticket', 'user', 'status', 'urgency', 'product', 'created', 'title'].join('\t'));
      for (const t of rows) {
        ctx.out([t.ticketNo, t.userId, t.status, t.urgency, t.product, t.createdAt.toISOString(), t.title].join('\t'));
      }
    },
  },
  {
    name: 'ticket show',
    args: '<ticketNo>',
    summary: 'a ticket with its conversation',
    async run(args, ctx) {
      if (args.length !== 1) throw new OpsError('give one ticket number');
      const t = await operator(ctx).show(args[0]!);
      ctx.out(`${t.ticketNo} [${t.status}] ${t.urgency} ${t.product}: ${t.title}`);
      if (t.appealReason) ctx.out(`Appeal: ${t.appealReason}`);
      if (t.rating !== null) ctx.out(`Closed: solved ${t.solved ? 'yes' : 'no'}, rating ${t.rating}/5`);
      ctx.out(`\n[customer ${new Date(t.createdAt).toISOString()}] ${t.description}`);
      if (t.images.length) ctx.out(`  images: ${t.images.length}`);
      for (const r of t.replies) {
        ctx.out(`\n[${r.author} ${new Date(r.createdAt).toISOString()}] ${r.content}`);
        if (r.images.length) ctx.out(`  images: ${r.images.length}`);
      }
    },
  },
  {
    name: 'ticket reply',
    args: '<ticketNo> <text> [--images <file,file...>]',
    summary: 'reply to a ticket as the support staff, with up to 9 images; the customer gets a message',
    async run(args, ctx) {
      const { positional, options } = parseOptions(args, ['images']);
      if (positional.length < 2) throw new OpsError('give the ticket number and the reply');
      const files = options.images ? options.images.split(',').filter(Boolean) : [];
      const images = await Promise.all(
        files.map((file) =>
          fs.readFile(file).catch(() => {
            throw new OpsError(`cannot read ${file}`);
          }),
        ),
      );
      const staff = createTicketOperator({
        db: ctx.database.db,
        now: () => ctx.now(),
        images: createTicketImageStore(ctx.database.db),
      });
      await staff.reply(positional[0]!, positional.slice(1).join(' '), images);
      const n = images.length;
      ctx.out(`Replied to ${positional[0]}${n ? ` with ${n} image${n === 1 ? '' : 's'}` : ''}`);
    },
  },
  {
    name: 'ticket resolve',
    args: '<ticketNo>',
    summary: 'mark a ticket processing completed; the customer gets a message and closes it or appeals',
    async run(args, ctx) {
      if (args.length !== 1) throw new OpsError('give one ticket number');
      await operator(ctx).resolve(args[0]!);
      ctx.out(`${args[0]}: processing completed`);
    },
  },
];
