import { lastOutboxMail } from '../../providers/mail/outbox';
import { type OpsCommand, OpsError } from '../ops';

export const mailCommands: OpsCommand[] = [
  {
    name: 'mail last',
    args: '<email>',
    summary: 'print the newest mail to an address in the sandbox outbox',
    async run(args, ctx) {
      const [to] = args;
      if (!to || args.length > 1) throw new OpsError('give one email address');
      const mail = await lastOutboxMail(ctx.database.db, to);
      if (!mail) throw new OpsError(`no mail to ${to} in the outbox`);
      ctx.out(`To: ${mail.recipient}`);
      ctx.out(`Date: ${mail.createdAt.toISOString()}`);
      ctx.out(`Subject: ${mail.subject}`);
      ctx.out('');
      ctx.out(mail.text);
    },
  },
];
