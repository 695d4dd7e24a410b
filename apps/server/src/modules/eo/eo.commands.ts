import { CdnTypeSchema, cdnTypes } from '@edgeward/contract';
import { type OpsCommand, OpsError } from '../../ops/ops';
import { setCdnType } from '../account';

/** The operator opens the edge platform to a customer: cdnType cdn (CDN menu), eo (edge platform) or all (both). */
export const eoCommands: OpsCommand[] = [
  {
    name: 'user cdn-type',
    args: `<name> <${cdnTypes.join('|')}>`,
    summary: 'choose which menus the account has: the CDN, the edge platform (eo), or both (all)',
    async run(args, ctx) {
      const [userName, type, ...rest] = args;
      const parsed = CdnTypeSchema.safeParse(type);
      if (!userName || !parsed.success || rest.length) {
        throw new OpsError(`give a user name and one of ${cdnTypes.join(', ')}`);
      }
      if (!(await setCdnType(ctx.database.db, userName, parsed.data, ctx.now()))) {
        throw new OpsError(`no user named '${userName}'`);
      }
      ctx.out(`${userName} now has cdnType ${parsed.data}`);
    },
  },
];
