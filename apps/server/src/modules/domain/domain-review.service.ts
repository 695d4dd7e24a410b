import { toAsciiDomain } from '@edgeward/contract';
import type { Executor } from '../../db/connect';
import { notFound } from '../../http/errors';
import { operatorActor } from '../../lib/actor';
import { eventMessage, sendMessage } from '../message';
import { recordOperation } from '../operation-log';
import * as repo from './domain.repository';
import { nextStatus } from './domain-state';
import { type DomainStore, refused, requestPublish } from './domain-steps';

const reviewMessage = (domain: string, decision: { approve: true } | { approve: false; reason: string }) =>
  decision.approve
    ? eventMessage('domain', 'domain.approved', { domain })
    : eventMessage('domain', 'domain.rejected', { domain, reason: decision.reason });

/** The operator's review of new domains (REVIEW_NEW_DOMAINS, and whole-site acceleration always). */
export function createDomainReviewService(deps: Omit<DomainStore, 'variant'>) {
  const { db, now } = deps;
  return {
    listUnderReview: () => repo.listUnderReviewSystem(db),

    /**
     * The operator's decision on a domain under review (by name from the command line, by id from the console);
     * approval starts the rollout. `onDecided` runs in the decision's transaction (the console's audit row).
     */
    async review(
      ref: { domainName: string } | { id: number },
      decision: { approve: true } | { approve: false; reason: string },
      onDecided?: (
        tx: Executor,
        row: { id: number; domainName: string; userId: number; status: string },
      ) => Promise<void>,
    ) {
      return db.transaction(async (tx) => {
        const by = 'id' in ref ? ref : { domainName: toAsciiDomain(ref.domainName) };
        const row = await repo.findSystem(tx, by, { lock: true });
        if (!row) throw notFound();
        const event = decision.approve ? 'approve' : 'reject';
        const to = nextStatus(row.status, event);
        if (!to) throw refused(event);
        await repo.updateDomainSystem(
          tx,
          row.id,
          { status: to, reviewReason: decision.approve ? null : decision.reason },
          now(),
        );
        if (decision.approve) await requestPublish(tx, row.id, now());
        await recordOperation(tx, {
          actor: operatorActor(row.userId),
          action: 'domain.review',
          target: { type: 'domain', id: row.id, name: row.domainName },
          before: { status: row.status },
          after: { status: to, reason: decision.approve ? undefined : decision.reason },
        });
        await sendMessage(tx, row.userId, reviewMessage(row.domainName, decision), now());
        await onDecided?.(tx, row);
        return { ...row, status: to };
      });
    },
  };
}
