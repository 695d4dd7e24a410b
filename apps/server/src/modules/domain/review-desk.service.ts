import type { StaffDomainReview, StaffOwnership, StaffReason } from '@edgeward/contract';
import type { Db, Executor } from '../../db/connect';
import { AppError } from '../../http/errors';
import { recordStaffAction, type StaffActor } from '../../lib/staff-audit';
import * as repo from './domain.repository';
import type { DomainServices } from './domain.services';

/**
 * The reviewer's side of domains in the operator console: the review queue and its decisions, and ownership by
 * hand. Each is the command line's own (domain-review.service.ts, verifyForCustomer), audited in its transaction.
 */
export function createDomainReviewDesk(deps: { db: Db; now: () => Date; services: DomainServices }) {
  const { db, now, services } = deps;

  const audited =
    (actor: StaffActor, action: 'domain.approve' | 'domain.reject', reason?: string) =>
    (tx: Executor, row: { id: number; domainName: string; userId: number; status: string }) =>
      recordStaffAction(
        tx,
        actor,
        {
          action,
          targetType: 'domain',
          targetId: row.id,
          targetName: row.domainName,
          customerId: row.userId,
          before: { status: row.status },
          after: { decision: action === 'domain.approve' ? 'approved' : 'rejected' },
          ...(reason ? { reason } : {}),
        },
        now(),
      );

  return {
    async list(): Promise<StaffDomainReview[]> {
      return (await repo.listUnderReviewSystem(db)).map((row) => ({
        id: row.id,
        domainName: row.domainName,
        type: row.type,
        wholeSite: row.wholeSite,
        variant: row.variant,
        userId: row.userId,
        userName: row.userName,
        createdAt: row.createdAt.getTime(),
      }));
    },

    async approve(actor: StaffActor, id: number): Promise<null> {
      await services.review.review({ id }, { approve: true }, audited(actor, 'domain.approve'));
      return null;
    },

    async reject(actor: StaffActor, id: number, body: StaffReason): Promise<null> {
      await services.review.review(
        { id },
        { approve: false, reason: body.reason },
        audited(actor, 'domain.reject', body.reason),
      );
      return null;
    },

    /** Marks the apex verified for the customer who asked for its record; the customer's log names the operator. */
    async verifyOwnership(actor: StaffActor, body: StaffOwnership) {
      const result = await services.verification.verifyForCustomer(body.domainName, body.userName, (tx, done) =>
        recordStaffAction(
          tx,
          actor,
          {
            action: 'ownership.verify',
            targetType: 'apex',
            targetName: done.apexDomain,
            customerId: done.userId,
            after: { verified: true },
            reason: body.reason,
          },
          now(),
        ),
      );
      if ('problem' in result) {
        const userNames = result.userNames.join(', ') || '-';
        throw new AppError(result.problem === 'ambiguous' ? 'OWNERSHIP_AMBIGUOUS' : 'OWNERSHIP_NO_REQUEST', {
          params: { userNames },
        });
      }
      return result;
    },
  };
}
