import type { CacheTaskListQuery, CacheTaskStatus, CacheTaskType } from '@edgeward/contract';
import { and, asc, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { type CacheTaskRow, cacheTasks, cacheTaskUrls } from '../../db/schema';

/* Every function a customer call reaches takes the caller's user id; ...System ones serve the edge's reports. */

export type CacheTaskUrlRow = typeof cacheTaskUrls.$inferSelect;

/** Lines submitted since `since`, by task type. */
export async function usedSince(ex: Executor, userId: number, since: Date): Promise<Record<CacheTaskType, number>> {
  const rows = await ex
    .select({ type: cacheTasks.type, n: sql`COALESCE(SUM(${cacheTasks.urlCount}), 0)`.mapWith(Number) })
    .from(cacheTasks)
    .where(and(eq(cacheTasks.userId, userId), gte(cacheTasks.createdAt, since)))
    .groupBy(cacheTasks.type);
  const used = { refreshUrl: 0, refreshDir: 0, preheat: 0 };
  for (const row of rows) used[row.type] = row.n;
  return used;
}

export async function insertTask(
  tx: Executor,
  values: {
    userId: number;
    type: CacheTaskType;
    urls: { url: string; domainId: number }[];
    resubmitOf?: number;
    at: Date;
  },
): Promise<CacheTaskRow> {
  const [task] = await tx
    .insert(cacheTasks)
    .values({
      userId: values.userId,
      type: values.type,
      status: 'processing',
      urlCount: values.urls.length,
      resubmitOf: values.resubmitOf,
      createdAt: values.at,
    })
    .returning();
  await tx.insert(cacheTaskUrls).values(
    values.urls.map((u, position) => ({
      taskId: task!.id,
      position,
      url: u.url,
      domainId: u.domainId,
      status: 'processing' as const,
    })),
  );
  return task!;
}

export async function listOfUser(
  ex: Executor,
  userId: number,
  query: CacheTaskListQuery,
): Promise<{ rows: (CacheTaskRow & { firstUrl: string })[]; total: number }> {
  const where = and(
    eq(cacheTasks.userId, userId),
    query.type ? eq(cacheTasks.type, query.type) : undefined,
    query.status ? eq(cacheTasks.status, query.status) : undefined,
    query.from !== undefined ? gte(cacheTasks.createdAt, new Date(query.from)) : undefined,
    query.to !== undefined ? lt(cacheTasks.createdAt, new Date(query.to)) : undefined,
  );
  const rows = await ex
    .select()
    .from(cacheTasks)
    .innerJoin(cacheTaskUrls, and(eq(cacheTaskUrls.taskId, cacheTasks.id), eq(cacheTaskUrls.position, 0)))
    .where(where)
    .orderBy(desc(cacheTasks.createdAt), desc(cacheTasks.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const [total] = await ex.select({ n: count() }).from(cacheTasks).where(where);
  return {
    rows: rows.map((r) => ({ ...r.cache_tasks, firstUrl: r.cache_task_urls.url })),
    total: Number(total!.n),
  };
}

export async function findOfUser(ex: Executor, userId: number, id: number): Promise<CacheTaskRow | null> {
  const [row] = await ex
    .select()
    .from(cacheTasks)
    .where(and(eq(cacheTasks.id, id), eq(cacheTasks.userId, userId)));
  return row ?? null;
}

export function urlsOf(ex: Executor, taskId: number, status?: CacheTaskStatus): Promise<CacheTaskUrlRow[]> {
  return ex
    .select()
    .from(cacheTaskUrls)
    .where(and(eq(cacheTaskUrls.taskId, taskId), status ? eq(cacheTaskUrls.status, status) : undefined))
    .orderBy(asc(cacheTaskUrls.position));
}

/** Any user's task; `lock` locks it until the transaction ends. */
export async function findSystem(
  ex: Executor,
  id: number,
  options: { lock?: boolean } = {},
): Promise<CacheTaskRow | null> {
  const select = ex.select().from(cacheTasks).where(eq(cacheTasks.id, id));
  const [row] = options.lock ? await select.for('update') : await select;
  return row ?? null;
}

export async function setUrlResultSystem(
  tx: Executor,
  taskId: number,
  position: number,
  result: { status: CacheTaskStatus; reason: string | null },
): Promise<void> {
  await tx
    .update(cacheTaskUrls)
    .set(result)
    .where(and(eq(cacheTaskUrls.taskId, taskId), eq(cacheTaskUrls.position, position)));
}

export async function finishSystem(
  tx: Executor,
  taskId: number,
  fields: { status: CacheTaskStatus; failedCount: number; at: Date },
): Promise<void> {
  await tx
    .update(cacheTasks)
    .set({ status: fields.status, failedCount: fields.failedCount, finishedAt: fields.at })
    .where(eq(cacheTasks.id, taskId));
}
