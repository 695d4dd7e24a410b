import {
  type EdgeCacheReportBody,
  type EdgeFeed,
  EdgeSnapshotSchema,
  type EdgeSnapshot as FeedSnapshot,
} from '@edgeward/edge-config';
import { and, asc, eq, gt, isNull, max, ne, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/connect';
import { edgeCacheTasks, edgeSnapshots } from '../../db/schema';
import type { SecretBox } from '../../secrets/secret-box';
import {
  cnameFor,
  type EdgeCacheReportListener,
  type EdgeProvider,
  type EdgeReport,
  type EdgeReportListener,
} from './edge.provider';

export interface NginxEdgeOptions {
  db: Db;
  /** Seals each domain's configuration in the feed table: it holds the private key. */
  box: SecretBox;
  cnameZone: string;
  now: () => Date;
  /**
   * How often a waiting feed call looks at the database again. A change made in this process wakes it at once;
   * this is what makes a change made by another console process on the same PostgreSQL seen within seconds.
   */
  recheckMs?: number;
}

/** A domain's row in the feed, without its configuration: what a node's report is checked against. */
interface FeedEntry {
  domainId: number;
  domainName: string;
  cname: string;
  variant: 'cdn' | 'eo';
  version: number;
  state: 'enabled' | 'disabled' | 'removed';
}

export interface FeedQuery {
  since: number;
  tasksSince?: number;
  waitSeconds: number;
}

/**
 * The real edge as the console sees it: nginx nodes, each run by an edge agent (apps/edge) that pulls this feed
 * (packages/edge-config's protocol) and reports back through the edge area's routes, which hand the reports here.
 */
export interface NginxEdge extends EdgeProvider {
  readonly name: 'nginx';
  /** The changes past the cursors, waiting up to `waitSeconds` for one when there is none (until `signal`). */
  feed(query: FeedQuery, signal: AbortSignal): Promise<EdgeFeed>;
  entry(domainId: number): Promise<FeedEntry | null>;
  deliverReport(report: EdgeReport): Promise<void>;
  /** Hands the first report of a task to the listener; answers false for an unknown or already reported task. */
  deliverCacheReport(node: string, report: EdgeCacheReportBody): Promise<boolean>;
  /** Releases every waiting feed call (the server is shutting down). */
  releaseWaiters(): void;
}

export function isNginxEdge(edge: EdgeProvider): edge is NginxEdge {
  return edge.name === 'nginx';
}

// Writers of the feed take this lock for their transaction, so positions (the sequence, the tasks' ids) become
// visible in the order they were taken: a reader past position n never misses a write below n committed later.
const FEED_LOCK = 7263003;

const sealContext = (domainId: number) => `edge-snapshot:${domainId}`;

async function lockFeed(tx: Executor) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${FEED_LOCK})`);
}

/**
 * The feed of the nginx edge: one row per domain (its latest snapshot, the configuration sealed, and its position
 * in one sequence bumped by every change) and one row per cache task. Agents ask for what is past their cursors.
 * The sequence's value 1 is the cursor of an empty feed (0 asks for everything), so rows start at 2.
 */
export function createNginxEdge(options: NginxEdgeOptions): NginxEdge {
  const { db, box } = options;
  const recheckMs = options.recheckMs ?? 1000;
  let listener: EdgeReportListener | undefined;
  let cacheListener: EdgeCacheReportListener | undefined;
  const waiters = new Set<() => void>();
  let closing = false;

  function wake() {
    for (const waiter of [...waiters]) waiter();
  }

  /** Resolves after `ms`, on a change in this process, or when the call is abandoned, whichever comes first. */
  function pause(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        waiters.delete(done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      waiters.add(done);
      signal.addEventListener('abort', done);
    });
  }

  async function upsert(fields: Omit<typeof edgeSnapshots.$inferInsert, 'seq'>) {
    const row = { ...fields, seq: sql`nextval('edge_feed_seq')`, updatedAt: options.now() };
    await db.transaction(async (tx) => {
      await lockFeed(tx);
      const { domainId: _, ...changed } = row;
      await tx
        .insert(edgeSnapshots)
        .values(row)
        .onConflictDoUpdate({
          target: edgeSnapshots.domainId,
          set: changed,
          // A late publish of an older version never overwrites a newer one; the same one again is a no-op.
          setWhere: or(
            sql`${edgeSnapshots.version} < excluded.version`,
            and(sql`${edgeSnapshots.version} = excluded.version`, sql`${edgeSnapshots.state} <> excluded.state`),
          ),
        });
    });
    wake();
  }

  function snapshotOf(row: typeof edgeSnapshots.$inferSelect): FeedSnapshot {
    const config = row.sealedConfig === null ? null : JSON.parse(box.open(row.sealedConfig, sealContext(row.domainId)));
    return EdgeSnapshotSchema.parse({
      domainId: row.domainId,
      domainName: row.domainName,
      cname: row.cname,
      variant: row.variant,
      version: row.version,
      state: row.state,
      config,
    });
  }

  async function read(query: FeedQuery): Promise<{ feed: EdgeFeed; changed: boolean }> {
    const [top] = await db.select({ seq: max(edgeSnapshots.seq) }).from(edgeSnapshots);
    const newest = Math.max(Number(top?.seq ?? 1), 1);
    // A cursor ahead of the feed comes from another database (the console's was replaced): start over.
    const full = query.since === 0 || query.since > newest;
    const rows = full
      ? await db.select().from(edgeSnapshots).where(ne(edgeSnapshots.state, 'removed')).orderBy(asc(edgeSnapshots.seq))
      : await db.select().from(edgeSnapshots).where(gt(edgeSnapshots.seq, query.since)).orderBy(asc(edgeSnapshots.seq));
    const cursor = full ? newest : Math.max(query.since, ...rows.map((r) => r.seq));

    let tasks: EdgeFeed['tasks'] = [];
    let tasksCursor: number;
    if (query.tasksSince === undefined) {
      const [last] = await db.select({ id: max(edgeCacheTasks.id) }).from(edgeCacheTasks);
      tasksCursor = Number(last?.id ?? 0);
    } else {
      const taskRows = await db
        .select()
        .from(edgeCacheTasks)
        .where(gt(edgeCacheTasks.id, query.tasksSince))
        .orderBy(asc(edgeCacheTasks.id));
      tasks = taskRows.map((t) => ({ taskId: t.id, type: t.type, urls: t.urls }));
      tasksCursor = Math.max(query.tasksSince, ...taskRows.map((t) => t.id));
    }
    return {
      feed: { cursor, full, snapshots: rows.map(snapshotOf), tasksCursor, tasks },
      changed: full || rows.length > 0 || tasks.length > 0,
    };
  }

  return {
    name: 'nginx',

    async apply(snapshot) {
      await upsert({
        domainId: snapshot.domainId,
        domainName: snapshot.domainName,
        cname: snapshot.cname,
        variant: snapshot.variant,
        version: snapshot.version,
        state: snapshot.state,
        sealedConfig: box.seal(JSON.stringify(snapshot.config), sealContext(snapshot.domainId)),
      });
    },

    async remove({ domainId, domainName }) {
      const held = await this.entry(domainId);
      if (held?.state === 'removed') return;
      await upsert({
        domainId,
        domainName,
        cname: held?.cname ?? cnameFor(domainName, options.cnameZone),
        variant: held?.variant ?? 'cdn',
        // A removal is a change like any other: past every version the nodes may hold.
        version: (held?.version ?? 0) + 1,
        state: 'removed',
        sealedConfig: null,
      });
    },

    async runCacheTask(task) {
      await db.transaction(async (tx) => {
        await lockFeed(tx);
        await tx
          .insert(edgeCacheTasks)
          .values({ taskId: task.taskId, type: task.type, urls: [...task.urls] })
          .onConflictDoNothing({ target: edgeCacheTasks.taskId });
      });
      wake();
    },

    onReport(l) {
      listener = l;
    },

    onCacheReport(l) {
      cacheListener = l;
    },

    async feed(query, signal) {
      const deadline = Date.now() + query.waitSeconds * 1000;
      for (;;) {
        const { feed, changed } = await read(query);
        const left = deadline - Date.now();
        if (changed || left <= 0 || signal.aborted || closing) return feed;
        await pause(Math.min(recheckMs, left), signal);
      }
    },

    async entry(domainId) {
      const [row] = await db
        .select({
          domainId: edgeSnapshots.domainId,
          domainName: edgeSnapshots.domainName,
          cname: edgeSnapshots.cname,
          variant: edgeSnapshots.variant,
          version: edgeSnapshots.version,
          state: edgeSnapshots.state,
        })
        .from(edgeSnapshots)
        .where(eq(edgeSnapshots.domainId, domainId));
      return row ?? null;
    },

    async deliverReport(report) {
      if (!listener) throw new Error('the nginx edge has no report listener yet');
      await listener(report);
    },

    async deliverCacheReport(node, report) {
      const [task] = await db.select().from(edgeCacheTasks).where(eq(edgeCacheTasks.id, report.taskId));
      if (!task || task.reportedAt !== null) return false;
      if (!cacheListener) throw new Error('the nginx edge has no cache report listener yet');
      // In the task's order, whatever order the node answered in; a URL it left out failed.
      const byUrl = new Map(report.results.map((r) => [r.url, r]));
      await cacheListener({
        taskId: task.taskId,
        results: task.urls.map(
          (url) => byUrl.get(url) ?? { url, ok: false, reason: 'The edge node reported no result for this URL' },
        ),
      });
      const marked = await db
        .update(edgeCacheTasks)
        .set({ reportedBy: node, reportedAt: options.now() })
        .where(and(eq(edgeCacheTasks.id, task.id), isNull(edgeCacheTasks.reportedAt)))
        .returning({ id: edgeCacheTasks.id });
      return marked.length > 0;
    },

    releaseWaiters() {
      closing = true;
      wake();
    },
  };
}
