import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { EdgeNode } from '../../config';
import type { Db } from '../../db/connect';
import type { AreaContext } from '../area';
import * as repo from './edge-node.repository';

/** The node behind an edge call: issued by the operator (`id`), or configured in EDGE_NODE_TOKENS (`id` null). */
export interface AuthenticatedNode {
  name: string;
  id: number | null;
}

export type EdgeNodeAuthenticator = (authorization: string | undefined) => Promise<AuthenticatedNode | null>;

export const tokenSha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** A node token: 32 random bytes, base64url (43 characters, above EDGE_NODE_TOKENS' 24-character floor). */
export const newNodeToken = () => randomBytes(32).toString('base64url');

/**
 * The one check of every edge call (the agents' routes and the access-log intake): a bearer token issued by the
 * operator and not revoked, or one of EDGE_NODE_TOKENS. Issued tokens are looked up by their SHA-256, so what the
 * lookup's time could tell is about a hash, never about a token; the configured ones are compared in constant time
 * (edgeNodeOf). A call seen marks the issued node's last-seen time.
 */
function createEdgeNodeAuth(deps: {
  db: Db;
  configured: () => readonly EdgeNode[];
  now: () => Date;
}): EdgeNodeAuthenticator {
  return async (authorization) => {
    const configured = edgeNodeOf(deps.configured(), authorization);
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    if (!match) return null;
    const issued = await repo.findByTokenHash(deps.db, tokenSha256(match[1]!));
    if (issued) {
      if (issued.revokedAt !== null) return null;
      await repo.markSeen(deps.db, issued.id, deps.now());
      return { name: issued.name, id: issued.id };
    }
    return configured === null ? null : { name: configured, id: null };
  };
}

/** The one authentication of edge calls, for the agents' routes here and the traffic area's log intake. */
export const edgeNodeAuthOf = (ctx: AreaContext) =>
  createEdgeNodeAuth({ db: ctx.database.db, configured: () => ctx.config.traffic.edgeNodes, now: ctx.now });

/**
 * The edge node a bearer token belongs to, or null. Only SHA-256 hashes of the configured tokens are held, and
 * each is compared in constant time, all of them every time, so neither the answer's time nor a memory dump tells
 * a token.
 */
export function edgeNodeOf(nodes: readonly EdgeNode[], authorization: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (!match) return null;
  const presented = createHash('sha256').update(match[1]!).digest();
  let found: string | null = null;
  for (const node of nodes) {
    if (timingSafeEqual(presented, node.tokenSha256) && found === null) found = node.name;
  }
  return found;
}
