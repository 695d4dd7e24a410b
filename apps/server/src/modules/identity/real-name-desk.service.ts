import type { StaffRealNameQuery, StaffRealNameReview, StaffReason } from '@edgeward/contract';
import type { Db } from '../../db/connect';
import { AppError, notFound } from '../../http/errors';
import { pageWithTotal } from '../../lib/page';
import { recordStaffAction, type StaffActor } from '../../lib/staff-audit';
import { createRealNameOperator, type OnDecided } from './real-name.operator';
import * as repo from './real-name.repository';

/**
 * The reviewer's side of real-name verification in the operator console: the submissions waiting and the verified
 * accounts, and the command line's own decisions (accept the newest submission, revoke), audited in their
 * transaction. A decision already taken (accepting a verified account, revoking one that is not) answers 409.
 */
export function createRealNameDesk(deps: { db: Db; now: () => Date }) {
  const operator = createRealNameOperator(deps);

  const audited =
    (actor: StaffActor, action: 'realName.approve' | 'realName.revoke', reason: string): OnDecided =>
    (tx, outcome) =>
      recordStaffAction(
        tx,
        actor,
        {
          action,
          targetType: 'account',
          targetId: outcome.userId,
          targetName: outcome.userName,
          customerId: outcome.userId,
          before: { realNameVerified: action === 'realName.revoke' },
          after: { realNameVerified: action === 'realName.approve' },
          reason,
        },
        deps.now(),
      );

  async function decide(decision: Promise<{ changed: boolean } | null>): Promise<null> {
    const outcome = await decision;
    if (!outcome) throw notFound();
    if (!outcome.changed) throw new AppError('REVIEW_ALREADY_DECIDED');
    return null;
  }

  return {
    async list(query: StaffRealNameQuery) {
      const { rows, total } = await repo.listForReview(deps.db, query);
      const list: StaffRealNameReview[] = rows.map((r) => ({
        userId: r.userId,
        userName: r.userName,
        verified: r.verified,
        submission: r.attempt
          ? {
              realName: r.attempt.realNameMasked,
              idNumber: r.attempt.idNumberMasked,
              faceCheck: r.attempt.status,
              operatorReview: r.attempt.operatorReview,
              submittedAt: r.attempt.createdAt.getTime(),
            }
          : null,
      }));
      return pageWithTotal(query, list, total);
    },

    approve: (actor: StaffActor, userId: number, body: StaffReason) =>
      decide(operator.verify({ userId }, audited(actor, 'realName.approve', body.reason))),

    revoke: (actor: StaffActor, userId: number, body: StaffReason) =>
      decide(operator.unverify({ userId }, audited(actor, 'realName.revoke', body.reason))),
  };
}
