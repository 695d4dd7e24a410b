import type { Executor } from '../../db/connect';
import type { Actor } from '../../lib/actor';
import { recordOperation } from '../operation-log';

/** A change of the account's verification, in the customer's operation log (in the change's transaction). */
export function recordVerification(
  tx: Executor,
  actor: Actor,
  account: { id: number; userName?: string },
  verified: boolean,
  at: Date,
): Promise<void> {
  return recordOperation(tx, {
    actor,
    action: 'account.realName',
    target: { type: 'account', id: account.id, name: account.userName },
    before: { realNameVerified: !verified },
    after: { realNameVerified: verified },
    at,
  });
}
