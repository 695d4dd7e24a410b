import { type OpsCommand, OpsError } from '../../ops/ops';
import { findUserByName } from './account.repository';
import * as twoFactorRepo from './two-factor.repository';

/**
 * For a customer who lost both the authenticator and the recovery codes, once the operator has confirmed who they
 * are by other means: turning two-factor sign-in off leaves the password as the only factor until they set it up.
 */
export const twoFactorCommands: OpsCommand[] = [
  {
    name: 'user 2fa-off',
    args: '<name>',
    summary: "turn off a customer's two-factor sign-in (lost authenticator and recovery codes)",
    async run(args, ctx) {
      const [userName] = args;
      if (!userName || args.length > 1) throw new OpsError('give one user name');
      const db = ctx.database.db;
      const user = await findUserByName(db, userName);
      if (!user) throw new OpsError(`no user named '${userName}'`);
      if (!(await twoFactorRepo.isEnabled(db, user.id))) {
        ctx.out(`${user.userName} has no two-factor sign-in`);
        return;
      }
      await db.transaction((tx) => twoFactorRepo.remove(tx, user.id));
      ctx.out(`Two-factor sign-in of ${user.userName} is off; their password alone signs in`);
    },
  },
];
