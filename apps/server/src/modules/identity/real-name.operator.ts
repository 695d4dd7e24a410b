import type { Db, Executor } from '../../db/connect';
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
/** Which account: by name (the command line) or by id (the operator console). */
export type AccountRef = { userName: string } | { userId: number };

/** Called inside the decision's transaction when it changed something: the console writes its audit row there. */
export type OnDecided = (tx: Executor, outcome: ReviewOutcome & { userId: number }) => Promise<void>;

const findAccount = (tx: Executor, ref: AccountRef) =>
  'userId' in ref ? repo.findAccountById(tx, ref.userId) : repo.findAccountByName(tx, ref.userName);

export function createRealNameOperator(deps: { db: Db; now: () => Date }) {
  const { db } = deps;
  const masked = (row: { realNameMasked: string; idNumberMasked: string } | null) =>
    row ? { realName: row.realNameMasked, idNumber: row.idNumberMasked } : null;

  return {
    async verify(ref: AccountRef, onDecided?: OnDecided): Promise<ReviewOutcome | null> {
      return db.transaction(async (tx) => {
        const account = await findAccount(tx, ref);
        if (!account) return null;
        // Decided on the locked row: two reviewers at once are taken one after the other, the second sees the first.
        const locked = await repo.lockAccount(tx, account.id);
        if (locked?.realNameVerified) {
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
        const outcome = { userName: account.userName, changed: true, identity: masked(submitted) };
        await onDecided?.(tx, { ...outcome, userId: account.id });
        return outcome;
      });
    },

    async unverify(ref: AccountRef, onDecided?: OnDecided): Promise<ReviewOutcome | null> {
      return db.transaction(async (tx) => {
        const account = await findAccount(tx, ref);
        if (!account) return null;
        const locked = await repo.lockAccount(tx, account.id);
        const identity = masked(await repo.latest(tx, account.id, ['passed']));
        if (!locked?.realNameVerified) return { userName: account.userName, changed: false, identity };
        const at = deps.now();
        await repo.moveAll(tx, account.id, 'passed', 'revoked', at);
        await repo.setAccountVerified(tx, account.id, false, at);
        await recordVerification(tx, operatorActor(account.id), account, false, at);
        const outcome = { userName: account.userName, changed: true, identity };
        await onDecided?.(tx, { ...outcome, userId: account.id });
        return outcome;
      });
    },
  };
}
