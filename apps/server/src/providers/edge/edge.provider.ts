/**
 * The edge: the nodes that serve a customer's domain. The domain module hands it the complete configuration of a
 * domain as one versioned snapshot and hears back asynchronously. A real edge (nginx configuration generated from
 * the snapshot and reloaded, or many nodes pulling versioned snapshots) implements this port; the domain module
 * does not change.
 */
import type { EdgeSnapshot as EdgeConfigSnapshot, EdgeDomainConfig } from '@edgeward/edge-config';

export type EdgeState = 'enabled' | 'disabled';

/**
 * What the domain module hands the edge: the edge-config snapshot (packages/edge-config, parsed through its schema
 * before it gets here) of a domain the edge holds. Its version grows with every change; an edge keeps the highest
 * version it has seen and ignores older ones. The configuration holds the private key: the edge serves HTTPS.
 */
export type EdgeSnapshot = Omit<EdgeConfigSnapshot, 'state' | 'config'> & {
  state: EdgeState;
  config: EdgeDomainConfig;
};

export type EdgeReport =
  | { kind: 'applied'; domainId: number; domainName: string; version: number; state: EdgeState; cname: string }
  | { kind: 'failed'; domainId: number; domainName: string; version: number; reason: string }
  | { kind: 'removed'; domainId: number; domainName: string };

/** Throwing makes the provider deliver the report again later; listeners must be idempotent. */
export type EdgeReportListener = (report: EdgeReport) => Promise<void>;

/** A refresh (of URLs or directories) or a preheat the edge carries out on every node. */
interface EdgeCacheTask {
  taskId: number;
  type: 'refreshUrl' | 'refreshDir' | 'preheat';
  urls: string[];
}

/** The outcome of a cache task, URL by URL (in the task's order); `reason` says why a URL failed. */
export interface EdgeCacheReport {
  taskId: number;
  results: { url: string; ok: boolean; reason?: string }[];
}

/** Throwing makes the provider deliver the report again later; listeners must be idempotent. */
export type EdgeCacheReportListener = (report: EdgeCacheReport) => Promise<void>;

export interface EdgeProvider {
  readonly name: string;
  /** Accepts a snapshot for deployment; the outcome arrives later as a report. Idempotent per version. */
  apply(snapshot: EdgeSnapshot): Promise<void>;
  /** Takes the domain off every node; a 'removed' report follows. */
  remove(target: { domainId: number; domainName: string }): Promise<void>;
  onReport(listener: EdgeReportListener): void;
  /** Accepts a cache task; its results arrive later as one cache report. Idempotent per task. */
  runCacheTask(task: EdgeCacheTask): Promise<void>;
  onCacheReport(listener: EdgeCacheReportListener): void;
}

/** The CNAME a customer points the domain at; a wildcard's `*` is not a valid label, so it is spelled out. */
export function cnameFor(domainName: string, zone: string): string {
  return `${domainName.replace(/^\*\./, 'wildcard.')}.${zone}`;
}
