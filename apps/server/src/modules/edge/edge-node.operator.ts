import { and, eq, notInArray } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/connect';
import { domains } from '../../db/schema';
import { AppError } from '../../http/errors';
import { enqueueJob } from '../../jobs/runner';
import { publishJob } from '../domain';
import * as repo from './edge-node.repository';
import { newNodeToken, tokenSha256 } from './edge-node-auth';

/** Runs inside the action's transaction when it changed something: the console writes its audit row there. */
type OnDone = (tx: Executor) => Promise<void>;

/**
 * The edge nodes' credentials and the republish, as the command line and the operator console both do them: a
 * credential is issued once (its token shown once, only its SHA-256 kept) and revoked once.
 */
export function createEdgeNodeOperator(deps: { db: Db; now: () => Date; config: Pick<Config, 'traffic'> }) {
  const { db, now } = deps;
  return {
    async add(name: string, onDone?: OnDone): Promise<string> {
      if (deps.config.traffic.edgeNodes.some((n) => n.name === name)) throw new AppError('EDGE_NODE_TAKEN');
      const token = newNodeToken();
      await db.transaction(async (tx) => {
        if (!(await repo.insertNode(tx, name, tokenSha256(token), now()))) throw new AppError('EDGE_NODE_TAKEN');
        await onDone?.(tx);
      });
      return token;
    },

    async revoke(name: string, onDone?: OnDone): Promise<void> {
      await db.transaction(async (tx) => {
        if (await repo.revokeNode(tx, name, now())) {
          await onDone?.(tx);
          return;
        }
        if (await repo.nodeExists(tx, name)) throw new AppError('EDGE_NODE_REVOKED');
        throw new AppError('NOT_FOUND');
      });
    },

    /** Queues every domain's publish again (after switching EDGE from the sandbox to nginx: its feed starts empty). */
    async republish(onDone?: OnDone): Promise<number> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: domains.id })
          .from(domains)
          // The demo's sample domains show each state to a newcomer and are never served: a publish would end the
          // 'configuring' and 'abnormal' they are there to show.
          .where(and(notInArray(domains.status, ['under_review', 'review_rejected']), eq(domains.sample, false)));
        for (const { id } of rows) await enqueueJob(tx, publishJob, { domainId: id }, { runAt: now() });
        await onDone?.(tx);
        return rows.length;
      });
    },
  };
}
