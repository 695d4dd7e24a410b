import { limits } from '@edgeward/contract';
import { opsActor } from '../../lib/staff-audit';
import { userIdByName } from '../../lib/user-by-name';
import { type OpsCommand, OpsError, parseOptions } from '../../ops/ops';
import { createNoticeDesk } from './notice-desk.service';

/** The operator's notices: an HTML message (sanitized like every message) to one account or to every account. */
export const messageCommands: OpsCommand[] = [
  {
    name: 'notice publish',
    args: '--title <text> --content <html> --to <userName|all>',
    summary: 'publish a notice to the message centre of one user, or of everyone with --to all (HTML is sanitized)',
    async run(args, ctx) {
      const { positional, options } = parseOptions(args, ['title', 'content', 'to']);
      if (positional.length > 0) throw new OpsError(`unexpected argument ${positional[0]}`);
      const title = options.title?.trim();
      const content = options.content?.trim();
      if (!title || !content) throw new OpsError('--title and --content are needed');
      if (title.length > limits.message.titleMax) throw new OpsError(`--title is at most ${limits.message.titleMax}`);
      if (content.length > limits.message.contentMax) {
        throw new OpsError(`--content is at most ${limits.message.contentMax} characters`);
      }
      if (!options.to) throw new OpsError('--to <userName|all> is needed');
      // User names have at least 4 characters, so 'all' names no account.
      const desk = createNoticeDesk({ db: ctx.database.db, now: ctx.now });
      if (options.to !== 'all' && (await userIdByName(ctx.database.db, options.to)) === undefined) {
        throw new OpsError(`no user ${options.to}`);
      }
      const { recipients } = await desk.send(opsActor, { title, content, to: options.to });
      ctx.out(options.to === 'all' ? `Published to ${recipients} accounts` : `Published to ${options.to}`);
    },
  },
];
