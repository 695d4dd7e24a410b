import { limits, type StaffCapability, type StaffEdgeNode } from '@edgeward/contract';

/** Operations' desk's tabs, in order, each with the capability its calls need. */
export const edgeTabs = [
  { key: 'nodes', capability: 'edge' },
  { key: 'failures', capability: 'edge' },
  { key: 'import', capability: 'trafficImport' },
] as const satisfies readonly { key: string; capability: StaffCapability }[];

/**
 * What the console offers for a node's credential: revoke an issued one; nothing for one already revoked; a node
 * configured in EDGE_NODE_TOKENS is the server's settings, not revoked here (the server refuses it anyway).
 */
export function revokeOf(node: Pick<StaffEdgeNode, 'source' | 'revokedAt'>): 'revoke' | 'configured' | 'revoked' {
  if (node.revokedAt !== null) return 'revoked';
  return node.source === 'configured' ? 'configured' : 'revoke';
}

/** The agent and nginx versions a node last reported, as one text ('1.4.0 / 1.26.2'); null when it reported none. */
export function versionsOf(node: Pick<StaffEdgeNode, 'agentVersion' | 'nginxVersion'>): string | null {
  if (node.agentVersion === null && node.nginxVersion === null) return null;
  return `${node.agentVersion ?? '-'} / ${node.nginxVersion ?? '-'}`;
}

/** Whether a chosen file may be uploaded: the server refuses one over the limit, so the console says so first. */
export function importFileTooLarge(file: { size: number }): boolean {
  return file.size > limits.traffic.importMaxBytes;
}

/** The import's size limit in MB, as the texts say it. */
export const importMaxMb = limits.traffic.importMaxBytes / 1024 / 1024;
