import type { Db } from '../../db/connect';
import { operatorActor } from '../../lib/actor';
import { recordVerification } from './real-name.log';
import * as repo from './real-name.repository';

export interface ReviewOutcome {
  userName: string;
  /** What changed: verified now, or already so; revoked now, or was not verified. */
  changed: boolean;
  /** The identity on file, masked, when there is one. */
  identity: { realName: string; idNumber: string } | null;
}

/**
 * The operator's review (`npm run ops -- user verify|unverify`). Verify accepts the user's newest submission (a
 * pending or failed face check, marked as reviewed by the operator) or, with none, marks the account verified
 * without an identity on file; unverify revokes the verification and its passed attempts, so the user starts
 * again. The flag and the attempts change in one transaction.
 */
export function createRealNameOperator(deps: { db: Db; now: () => Date }) {
  const { db } = deps;
  const masked = (row: { realNameMasked: string; idNumberMasked: string } | null) =>
    row ? { realName: row.realNameMasked, idNumber: row.idNumberMasked } : null;

  return {
    async verify(userName: string): Promise<ReviewOutcome | null> {
      return db.transaction(async (tx) => {
        const account = await repo.findAccountByName(tx, userName);
        if (!account) return null;
        await repo.lockAccount(tx, account.id);
        if (account.realNameVerified) {
          return {
            userName: account.userName,
            changed: false,
            identity: masked(await repo.latest(tx, account.id, ['passed'])),
          };
        }
        const at = deps.now();
        const submitted = await repo.latest(tx, account.id, ['pending', 'failed', 'passed']);
        if (submitted && submitted.status !== 'passed') {
          await repo.moveAll(tx, account.id, 'pending', 'superseded', at);
          await repo.finishAttempt(tx, submitted.id, { status: 'passed', at, operatorReview: true });
        }
        await repo.setAccountVerified(tx, account.id, true, at);
        await recordVerification(tx, operatorActor(account.id), account, true, at);
        return { userName: account.userName, changed: true, identity: masked(submitted) };
      });
    },

    async unverify(userName: string): Promise<ReviewOutcome | null> {
      return db.transaction(async (tx) => {
        const account = await repo.findAccountByName(tx, userName);
        if (!account) return null;
        await repo.lockAccount(tx, account.id);
        const identity = masked(await repo.latest(tx, account.id, ['passed']));
        if (!account.realNameVerified) return { userName: account.userName, changed: false, identity };
        const at = deps.now();
        await repo.moveAll(tx, account.id, 'passed', 'revoked', at);
        await repo.setAccountVerified(tx, account.id, false, at);
        await recordVerification(tx, operatorActor(account.id), account, false, at);
        return { userName: account.userName, changed: true, identity };
      });
    },
  };
}
