import type {
  EdgeCacheReportBody,
  EdgeFeed,
  EdgeRegisterBodySchema,
  EdgeRegistration,
  EdgeReport as NodeReport,
} from '@edgeward/edge-config';
import type { z } from 'zod';
import type { EdgeSettings } from '../../config';
import type { Db } from '../../db/connect';
import { AppError } from '../../http/errors';
import { type EdgeProvider, type EdgeReport, isNginxEdge, type NginxEdge } from '../../providers/edge';
import type { FeedQuery } from '../../providers/edge/nginx-edge';
import * as repo from './edge-node.repository';
import type { AuthenticatedNode } from './edge-node-auth';

export interface EdgeAgentServiceDeps {
  db: Db;
  edge: EdgeProvider;
  settings: Pick<EdgeSettings, 'resyncSeconds' | 'longPollSeconds'>;
  now: () => Date;
}

/**
 * What a node's report does to a domain, as the domain area hears it (EdgeReport). With several nodes, the domain
 * area's rules make these outcomes: a failure of the current version from any node makes the domain abnormal (with
 * that node's reason and a message to the customer); the first node to apply the current version makes it enabled
 * (the others' later reports change nothing); the first removal deletes it (the feed keeps the removal for the
 * other nodes). Reports about an older version, or about a domain the feed never held, change nothing.
 */
function domainReport(held: NonNullable<Awaited<ReturnType<NginxEdge['entry']>>>, r: NodeReport): EdgeReport | null {
  const target = { domainId: held.domainId, domainName: held.domainName };
  if (r.result === 'removed') return held.state === 'removed' ? { kind: 'removed', ...target } : null;
  if (held.state === 'removed' || r.version !== held.version) return null;
  if (r.result === 'applied') {
    return { kind: 'applied', ...target, version: r.version, state: held.state, cname: held.cname };
  }
  return {
    kind: 'failed',
    ...target,
    version: r.version,
    reason: r.reason?.trim() || 'The edge node could not apply the configuration',
  };
}

/** The edge agents' side of the console: registration, the feed, and what the nodes report back. */
export function createEdgeAgentService(deps: EdgeAgentServiceDeps) {
  const { db, now } = deps;

  /** The nginx edge, or a clear refusal: agents have nothing to pull from the sandbox. */
  function nginx(): NginxEdge {
    if (!isNginxEdge(deps.edge)) throw new AppError('CONFLICT', { messageKey: 'traffic.edge.sandbox' });
    return deps.edge;
  }

  return {
    async register(node: AuthenticatedNode, body: z.output<typeof EdgeRegisterBodySchema>): Promise<EdgeRegistration> {
      nginx();
      if (node.id !== null) await repo.recordRegistration(db, node.id, body, now());
      return {
        node: node.name,
        resyncSeconds: deps.settings.resyncSeconds,
        longPollSeconds: deps.settings.longPollSeconds,
      };
    },

    /** The wait is capped by the console's setting, whatever the agent asks. */
    feed(query: FeedQuery, signal: AbortSignal): Promise<EdgeFeed> {
      const waitSeconds = Math.min(query.waitSeconds, deps.settings.longPollSeconds);
      return nginx().feed({ ...query, waitSeconds }, signal);
    },

    /**
     * Hands each report on, then records it as the node's latest for the domain. A report the node already made
     * is not handed on again (an agent repeating its state after a resync costs a read); one whose hand-on failed
     * was not recorded, so the agent's retry delivers it.
     */
    async reports(node: AuthenticatedNode, reports: NodeReport[]): Promise<number> {
      const edge = nginx();
      let accepted = 0;
      for (const r of reports) {
        const held = await edge.entry(r.domainId);
        if (!held) continue;
        accepted++;
        const known = await repo.findReport(db, node.name, r.domainId);
        if (known?.version === r.version && known.result === r.result) continue;
        const report = domainReport(held, r);
        if (report) await edge.deliverReport(report);
        await repo.recordReport(
          db,
          node.name,
          { domainId: r.domainId, version: r.version, result: r.result, reason: r.reason ?? null },
          now(),
        );
      }
      return accepted;
    },

    /** The first node's report of a task is the task's result; later ones are acknowledged and dropped. */
    cacheReport(node: AuthenticatedNode, body: EdgeCacheReportBody): Promise<boolean> {
      return nginx().deliverCacheReport(node.name, body);
    },
  };
}

export type EdgeAgentService = ReturnType<typeof createEdgeAgentService>;
