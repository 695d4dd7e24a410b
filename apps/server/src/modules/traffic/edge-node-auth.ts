import { createHash, timingSafeEqual } from 'node:crypto';
import type { EdgeNode } from '../../config';

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
