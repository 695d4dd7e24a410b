import { z } from 'zod';
import { EpochMsSchema, requiredText } from './common';

/** An edge node's name: what its agent is known by in the feed, the reports and the logs. */
export const EdgeNodeNameSchema = requiredText().regex(/^[a-z0-9][\w.-]{0,63}$/i, { error: 'staff.edgeNode.name' });

export const StaffEdgeNodeCreateSchema = z.object({ name: EdgeNodeNameSchema });
export type StaffEdgeNodeCreate = z.infer<typeof StaffEdgeNodeCreateSchema>;

/** The new node's token, shown once: the agent's EDGE_NODE_TOKEN. */
export const StaffEdgeNodeCreatedSchema = z.object({ name: z.string(), token: z.string() });
export type StaffEdgeNodeCreated = z.infer<typeof StaffEdgeNodeCreatedSchema>;

export const StaffEdgeNodeSchema = z.object({
  name: z.string(),
  /** Issued from the console or the command line, or configured in EDGE_NODE_TOKENS (neither revoked here). */
  source: z.enum(['issued', 'configured']),
  hostname: z.string().nullable(),
  agentVersion: z.string().nullable(),
  nginxVersion: z.string().nullable(),
  createdAt: EpochMsSchema.nullable(),
  lastContactAt: EpochMsSchema.nullable(),
  revokedAt: EpochMsSchema.nullable(),
  /** Domains in the feed whose current version the node has not reported applied. */
  versionsBehind: z.number().int(),
  /** Of those, the ones it reported failed. */
  failures: z.number().int(),
});
export type StaffEdgeNode = z.infer<typeof StaffEdgeNodeSchema>;

/** A node's failure to apply a domain's configuration, with nginx's message. */
export const StaffEdgeFailureSchema = z.object({
  node: z.string(),
  domainId: z.number().int(),
  domainName: z.string(),
  userName: z.string(),
  version: z.number().int(),
  reason: z.string().nullable(),
  reportedAt: EpochMsSchema,
});
export type StaffEdgeFailure = z.infer<typeof StaffEdgeFailureSchema>;

/**
 * What a file of access-log lines imported from the console came to: the same counts as `npm run ops -- logs import`
 * (lines already imported before, in a batch seen earlier, are counted once, not again), and the first rejected lines
 * with their line number in the file.
 */
export const StaffTrafficImportResultSchema = z.object({
  /** Non-empty lines read. */
  lines: z.number().int(),
  /** Counted into the statistics. */
  accepted: z.number().int(),
  /** Not access-log lines. */
  rejected: z.number().int(),
  /** Lines for a host no domain here serves. */
  unknownHost: z.number().int(),
  /** Lines in batches imported before: not counted again. */
  duplicate: z.number().int(),
  problems: z.array(z.object({ line: z.number().int(), problem: z.string() })),
});
export type StaffTrafficImportResult = z.infer<typeof StaffTrafficImportResultSchema>;
