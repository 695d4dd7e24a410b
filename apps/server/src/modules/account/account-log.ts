import type { Executor } from '../../db/connect';
import type { Actor } from '../../lib/actor';
import { recordOperation } from '../operation-log';

// The account's own changes in the operation log. A password is never described, only that it changed and how.

export function recordPassword(tx: Executor, actor: Actor, userName: string | null, via?: 'resetLink') {
  return recordOperation(tx, {
    actor,
    action: 'account.password',
    target: { type: 'account', id: actor.userId, name: userName },
    after: via ? { via } : undefined,
  });
}

type ProfileFields = { userName: string; email: string; avatar?: string | null };

/** A profile save: the email's change is a row of its own (it took the password and a mailed code). */
export async function recordProfile(tx: Executor, actor: Actor, before: ProfileFields, after: ProfileFields) {
  const target = { type: 'account' as const, id: actor.userId, name: after.userName };
  const { email: emailBefore, ...restBefore } = before;
  const { email: emailAfter, ...restAfter } = after;
  if (emailBefore !== emailAfter) {
    await recordOperation(tx, {
      actor,
      action: 'account.email',
      target,
      before: { email: emailBefore },
      after: { email: emailAfter },
    });
  }
  if (JSON.stringify(restBefore) !== JSON.stringify(restAfter)) {
    await recordOperation(tx, { actor, action: 'account.profile', target, before: restBefore, after: restAfter });
  }
}
