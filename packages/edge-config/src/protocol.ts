import { defineRoute } from '@edgeward/contract';
import { z } from 'zod';
import { EdgeSnapshotSchema } from './snapshot';

/*
 * The calls between the console and its edge agents (apps/edge). Every call carries the node's credential as
 * `Authorization: Bearer <token>` (issued by `npm run ops -- edge node add <name>`, stored hashed); the access logs
 * go to the traffic area's POST /edge/logs with the same credential.
 */

const tag = 'edge';

export const EdgeCacheTaskSchema = z.object({
  /** Increases with every task; the agent keeps the highest it has carried out. */
  taskId: z.number().int().positive(),
  type: z.enum(['refreshUrl', 'refreshDir', 'preheat']),
  /** Full URLs (scheme, host, path, query); directories end with '/'. */
  urls: z.array(z.string()),
});
export type EdgeCacheTask = z.infer<typeof EdgeCacheTaskSchema>;

export const EdgeRegisterBodySchema = z.object({
  hostname: z.string().min(1).max(255),
  agentVersion: z.string().min(1).max(64),
  nginxVersion: z.string().max(64).default(''),
});

export const EdgeRegistrationSchema = z.object({
  /** The node's name as the operator issued it. */
  node: z.string(),
  /** How often the agent asks for everything again (since=0), whatever it holds. */
  resyncSeconds: z.number().int().positive(),
  /** The longest a feed call waits for a change before it answers with none. */
  longPollSeconds: z.number().int().positive(),
});
export type EdgeRegistration = z.infer<typeof EdgeRegistrationSchema>;

export const EdgeFeedQuerySchema = z.object({
  /** The cursor of the last answer; 0 asks for every domain (a full resync). */
  since: z.coerce.number().int().min(0).default(0),
  /** The last cache task carried out; absent on a node's first call, which then starts from the newest task. */
  tasksSince: z.coerce.number().int().min(0).optional(),
  /** Wait up to this long for a change when there is none yet (long poll); 0 answers at once. */
  waitSeconds: z.coerce.number().int().min(0).max(60).default(0),
});

export const EdgeFeedSchema = z.object({
  cursor: z.number().int().min(0),
  /** true: `snapshots` is every domain the edge should hold, and any other is to be dropped. */
  full: z.boolean(),
  /** Changed domains since the cursor (a full answer: all of them), removed ones included unless full. */
  snapshots: z.array(EdgeSnapshotSchema),
  tasksCursor: z.number().int().min(0),
  tasks: z.array(EdgeCacheTaskSchema),
});
export type EdgeFeed = z.infer<typeof EdgeFeedSchema>;

export const EdgeReportSchema = z.object({
  domainId: z.number().int().positive(),
  version: z.number().int().positive(),
  /** applied: nginx serves this version (or, disabled, no longer serves the domain); removed: forgotten. */
  result: z.enum(['applied', 'failed', 'removed']),
  /** Why it failed: nginx -t's message for this domain's file. */
  reason: z.string().max(2000).optional(),
});
export type EdgeReport = z.infer<typeof EdgeReportSchema>;

export const EdgeReportsBodySchema = z.object({ reports: z.array(EdgeReportSchema).min(1).max(20_000) });

export const EdgeCacheReportBodySchema = z.object({
  taskId: z.number().int().positive(),
  results: z.array(z.object({ url: z.string(), ok: z.boolean(), reason: z.string().max(500).optional() })),
});
export type EdgeCacheReportBody = z.infer<typeof EdgeCacheReportBodySchema>;

export const edgeAgentRoutes = {
  register: defineRoute({
    method: 'POST',
    path: '/edge/agent/register',
    summary: 'An edge agent announces itself and learns its settings',
    tag,
    auth: 'none',
    body: EdgeRegisterBodySchema,
    data: EdgeRegistrationSchema,
  }),
  feed: defineRoute({
    method: 'GET',
    path: '/edge/agent/feed',
    summary: 'Changed domain snapshots and new cache tasks since a cursor (long poll)',
    tag,
    auth: 'none',
    query: EdgeFeedQuerySchema,
    data: EdgeFeedSchema,
  }),
  reports: defineRoute({
    method: 'POST',
    path: '/edge/agent/reports',
    summary: 'The versions an edge node applied, failed or removed',
    tag,
    auth: 'none',
    body: EdgeReportsBodySchema,
    data: z.object({ accepted: z.number().int() }),
  }),
  cacheReport: defineRoute({
    method: 'POST',
    path: '/edge/agent/cache-reports',
    summary: 'The per-URL outcome of a refresh or preheat task on an edge node',
    tag,
    auth: 'none',
    body: EdgeCacheReportBodySchema,
    data: z.object({ recorded: z.boolean() }),
  }),
};
