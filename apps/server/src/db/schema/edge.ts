import { bigint, bigserial, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, id } from './columns';
import { cacheTasks } from './preheat';

/** The edge nodes the operator issued (`npm run ops -- edge node add`); only the token's SHA-256 is kept. */
export const edgeNodes = pgTable('edge_nodes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull().unique(),
  tokenSha256: text('token_sha256').notNull().unique(),
  hostname: text('hostname'),
  agentVersion: text('agent_version'),
  nginxVersion: text('nginx_version'),
  createdAt: at('created_at').notNull().defaultNow(),
  lastSeenAt: at('last_seen_at'),
  revokedAt: at('revoked_at'),
});

export type EdgeNodeRow = typeof edgeNodes.$inferSelect;

/** The feed of domain snapshots the edge agents pull; the configuration is sealed (it holds the private key). */
export const edgeSnapshots = pgTable('edge_snapshots', {
  domainId: bigint('domain_id', { mode: 'number' }).primaryKey(),
  domainName: text('domain_name').notNull(),
  cname: text('cname').notNull(),
  variant: text('variant', { enum: ['cdn', 'eo'] }).notNull(),
  version: integer('version').notNull(),
  state: text('state', { enum: ['enabled', 'disabled', 'removed'] }).notNull(),
  sealedConfig: text('sealed_config'),
  seq: bigint('seq', { mode: 'number' }).notNull().unique(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** The refresh and preheat tasks handed to the edge; `id` is the task id the agents see. */
export const edgeCacheTasks = pgTable('edge_cache_tasks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  taskId: id('task_id')
    .notNull()
    .unique()
    .references(() => cacheTasks.id, { onDelete: 'cascade' }),
  type: text('type', { enum: ['refreshUrl', 'refreshDir', 'preheat'] }).notNull(),
  urls: jsonb('urls').$type<string[]>().notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  reportedBy: text('reported_by'),
  reportedAt: at('reported_at'),
});

/** Each node's latest report per domain. */
export const edgeNodeReports = pgTable(
  'edge_node_reports',
  {
    node: text('node').notNull(),
    domainId: bigint('domain_id', { mode: 'number' }).notNull(),
    version: integer('version').notNull(),
    result: text('result', { enum: ['applied', 'failed', 'removed'] }).notNull(),
    reason: text('reason'),
    reportedAt: at('reported_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.node, t.domainId] })],
);
