import type { OperationAction, OperationTargetType } from '@edgeward/contract';
import type { Executor } from '../../db/connect';
import type { Actor } from '../../lib/actor';
import { describeChanges } from './change-summary';
import * as repo from './operation-log.repository';

export interface OperationRecord {
  actor: Actor;
  action: OperationAction;
  target: { type: OperationTargetType; id?: string | number | null; name?: string | null };
  /** The object (or the part of it that changed) before and after; the summary lists the fields that differ. */
  before?: unknown;
  after?: unknown;
  at?: Date;
}

/**
 * Records one change in the operation log. Call it with the transaction of the change itself: a change that rolls
 * back leaves no row, and a row that cannot be written rolls the change back.
 */
export async function recordOperation(tx: Executor, record: OperationRecord): Promise<void> {
  const { actor, target } = record;
  await repo.insert(tx, {
    userId: actor.userId,
    actor: actor.kind,
    sessionId: actor.kind === 'user' ? (actor.sessionId ?? null) : null,
    apiKeyId: actor.kind === 'user' ? (actor.apiKeyId ?? null) : null,
    address: actor.kind === 'user' ? (actor.address ?? null) : null,
    action: record.action,
    targetType: target.type,
    targetId: target.id === undefined || target.id === null ? null : String(target.id),
    targetName: target.name ?? null,
    changes: describeChanges(record.before, record.after),
    ...(record.at ? { createdAt: record.at } : {}),
  });
}
