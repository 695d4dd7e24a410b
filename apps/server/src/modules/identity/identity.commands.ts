import { type OpsCommand, OpsError } from '../../ops/ops';
import { createRealNameOperator, type ReviewOutcome } from './real-name.operator';

const identityText = (outcome: ReviewOutcome) =>
  outcome.identity ? `${outcome.identity.realName}, ${outcome.identity.idNumber}` : 'no identity on file';

/** The operator's review of real-name verification. */
export const identityCommands: OpsCommand[] = [
  {
    name: 'user verify',
    args: '<name>',
    summary: "mark the account real-name verified, accepting the user's newest submission (review)",
    async run(args, ctx) {
      const [userName] = args;
      if (!userName || args.length > 1) throw new OpsError('give one user name');
      const outcome = await createRealNameOperator({ db: ctx.database.db, now: () => ctx.now() }).verify({ userName });
      if (!outcome) throw new OpsError(`no user named '${userName}'`);
      ctx.out(
        outcome.changed
          ? `${outcome.userName} is now real-name verified (${identityText(outcome)})`
          : `${outcome.userName} was already real-name verified (${identityText(outcome)})`,
      );
    },
  },
  {
    name: 'user unverify',
    args: '<name>',
    summary: 'revoke the real-name verification: features and purchases wait until the user verifies again',
    async run(args, ctx) {
      const [userName] = args;
      if (!userName || args.length > 1) throw new OpsError('give one user name');
      const outcome = await createRealNameOperator({ db: ctx.database.db, now: () => ctx.now() }).unverify({
        userName,
      });
      if (!outcome) throw new OpsError(`no user named '${userName}'`);
      ctx.out(
        outcome.changed
          ? `${outcome.userName} is no longer real-name verified (was: ${identityText(outcome)})`
          : `${outcome.userName} was not real-name verified`,
      );
    },
  },
];
