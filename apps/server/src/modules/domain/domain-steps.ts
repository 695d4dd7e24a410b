import type { DomainVariant } from '@edgeward/contract';
import type { Db, Executor } from '../../db/connect';
import { AppError, notFound } from '../../http/errors';
import { enqueueJob } from '../../jobs/runner';
import type { AuthUser } from '../session';
import { publishJob } from './domain.jobs';
import * as repo from './domain.repository';
import type { DomainEvent } from './domain-state';

// The steps the domain services share: reading the caller's own domain, refusing a move, queuing the publish.

/** What every domain service stands on: the database and the clock. */
export interface DomainStore {
  db: Db;
  now: () => Date;
  /** The product whose domains these services see: the CDN's calls never reach an eo domain, nor the reverse. */
  variant: DomainVariant;
}

/** Who acts on a domain: the signed-in customer (or the operator simulating one). */
export type Caller = Pick<AuthUser, 'id' | 'realNameVerified'>;

/**
 * The caller's domain of the variant with its configuration (locked until the transaction ends with `lock`); 404
 * otherwise, also for the caller's domain of the other variant.
 */
export async function ownDomain(
  ex: Executor,
  user: Caller,
  id: number,
  scope: { variant: DomainVariant; lock?: boolean },
) {
  const row = await repo.findOfUser(ex, user.id, id, scope);
  if (!row) throw notFound();
  return row;
}

/** Asks for the domain's current state to be sent to the edge, in the same transaction as the change (outbox). */
export async function requestPublish(tx: Executor, domainId: number, at: Date): Promise<void> {
  await enqueueJob(tx, publishJob, { domainId }, { runAt: at });
}

/** The refusal of an action that the current status does not allow. */
export function refused(event: DomainEvent): AppError {
  return new AppError(event === 'delete' ? 'DOMAIN_NOT_DELETABLE' : 'DOMAIN_STATE_CONFLICT');
}
