import { and, asc, count, desc, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { rowsOf } from '../../db/migrate';
import { domains, type EdgeNodeRow, edgeNodeReports, edgeNodes, edgeSnapshots, users } from '../../db/schema';

/** How often a node's last-seen time is written at most: every feed poll and log post would otherwise write. */
const SEEN_EVERY_MS = 10_000;

export async function insertNode(ex: Executor, name: string, tokenSha256: string, at: Date): Promise<boolean> {
  const rows = await ex
    .insert(edgeNodes)
    .values({ name, tokenSha256, createdAt: at })
    .onConflictDoNothing()
    .returning({ id: edgeNodes.id });
  return rows.length > 0;
}

export async function findByTokenHash(ex: Executor, tokenSha256: string): Promise<EdgeNodeRow | null> {
  const [row] = await ex.select().from(edgeNodes).where(eq(edgeNodes.tokenSha256, tokenSha256));
  return row ?? null;
}

export async function markSeen(ex: Executor, id: number, at: Date): Promise<void> {
  await ex
    .update(edgeNodes)
    .set({ lastSeenAt: at })
    .where(
      and(
        eq(edgeNodes.id, id),
        or(isNull(edgeNodes.lastSeenAt), lt(edgeNodes.lastSeenAt, new Date(at.getTime() - SEEN_EVERY_MS))),
      ),
    );
}

export async function recordRegistration(
  ex: Executor,
  id: number,
  fields: { hostname: string; agentVersion: string; nginxVersion: string },
  at: Date,
): Promise<void> {
  await ex
    .update(edgeNodes)
    .set({ ...fields, lastSeenAt: at })
    .where(eq(edgeNodes.id, id));
}

export async function revokeNode(ex: Executor, name: string, at: Date): Promise<boolean> {
  const rows = await ex
    .update(edgeNodes)
    .set({ revokedAt: at })
    .where(and(eq(edgeNodes.name, name), isNull(edgeNodes.revokedAt)))
    .returning({ id: edgeNodes.id });
  return rows.length > 0;
}

export async function nodeExists(ex: Executor, name: string): Promise<boolean> {
  const [row] = await ex.select({ id: edgeNodes.id }).from(edgeNodes).where(eq(edgeNodes.name, name));
  return row !== undefined;
}

export function listNodes(ex: Executor): Promise<EdgeNodeRow[]> {
  return ex.select().from(edgeNodes).orderBy(asc(edgeNodes.name));
}

/**
 * How far each node (issued or configured, by name) is behind: the domains in the feed whose current version it has
 * not reported applied, and how many of those it reported failed. A node that never reported is behind on all.
 */
export async function lagOf(ex: Executor): Promise<(node: string) => { behind: number; failed: number }> {
  const result = await ex.execute(sql`
    SELECT n.node,
           count(s.domain_id) FILTER (WHERE r.result IS DISTINCT FROM 'applied' OR r.version < s.version) AS behind,
           count(s.domain_id) FILTER (WHERE r.result = 'failed' AND r.version = s.version) AS failed
      FROM (SELECT name AS node FROM edge_nodes UNION SELECT DISTINCT node FROM edge_node_reports) n
      CROSS JOIN edge_snapshots s
      LEFT JOIN edge_node_reports r ON r.node = n.node AND r.domain_id = s.domain_id
     WHERE s.state <> 'removed'
     GROUP BY n.node`);
  const rows = rowsOf<{ node: string; behind: string; failed: string }>(result);
  const lag = new Map(rows.map((r) => [r.node, { behind: Number(r.behind), failed: Number(r.failed) }]));
  const [held] = await ex.select({ n: count() }).from(edgeSnapshots).where(ne(edgeSnapshots.state, 'removed'));
  return (node) => lag.get(node) ?? { behind: held?.n ?? 0, failed: 0 };
}

export async function findReport(ex: Executor, node: string, domainId: number) {
  const [row] = await ex
    .select({ version: edgeNodeReports.version, result: edgeNodeReports.result })
    .from(edgeNodeReports)
    .where(and(eq(edgeNodeReports.node, node), eq(edgeNodeReports.domainId, domainId)));
  return row ?? null;
}

/** Keeps a node's latest report per domain: an older version never overwrites a newer one. */
export async function recordReport(
  ex: Executor,
  node: string,
  report: { domainId: number; version: number; result: 'applied' | 'failed' | 'removed'; reason: string | null },
  at: Date,
): Promise<void> {
  await ex
    .insert(edgeNodeReports)
    .values({ node, ...report, reportedAt: at })
    .onConflictDoUpdate({
      target: [edgeNodeReports.node, edgeNodeReports.domainId],
      set: { version: report.version, result: report.result, reason: report.reason, reportedAt: at },
      setWhere: sql`${edgeNodeReports.version} <= ${report.version}`,
    });
}

/** The newest failures the nodes reported, with the domain and its owner: what the operations staff look into. */
export async function listFailures(ex: Executor, max: number) {
  return ex
    .select({
      node: edgeNodeReports.node,
      domainId: edgeNodeReports.domainId,
      domainName: domains.domainName,
      userName: users.userName,
      version: edgeNodeReports.version,
      reason: edgeNodeReports.reason,
      reportedAt: edgeNodeReports.reportedAt,
    })
    .from(edgeNodeReports)
    .innerJoin(domains, eq(domains.id, edgeNodeReports.domainId))
    .innerJoin(users, eq(users.id, domains.userId))
    .where(eq(edgeNodeReports.result, 'failed'))
    .orderBy(desc(edgeNodeReports.reportedAt))
    .limit(max);
}
