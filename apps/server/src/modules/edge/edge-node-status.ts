import type { EdgeNode } from '../../config';
import type { Executor } from '../../db/connect';
import * as repo from './edge-node.repository';

interface EdgeNodeStatus {
  name: string;
  /** The node's last call; null for a node configured in EDGE_NODE_TOKENS, whose calls are not recorded. */
  lastSeenAt: Date | null;
  /** Domains in the feed whose current version the node has not reported applied. */
  behind: number;
  /** Of those, the ones it reported failed. */
  failed: number;
}

/** Every node that may call now: issued and not revoked, or configured in EDGE_NODE_TOKENS. */
export async function edgeNodeStatuses(ex: Executor, configured: readonly EdgeNode[]): Promise<EdgeNodeStatus[]> {
  const issued = (await repo.listNodes(ex)).filter((n) => n.revokedAt === null);
  const lag = await repo.lagOf(ex);
  return [
    ...issued.map((n) => ({ name: n.name, lastSeenAt: n.lastSeenAt, ...lag(n.name) })),
    ...configured.map((n) => ({ name: n.name, lastSeenAt: null, ...lag(n.name) })),
  ];
}
