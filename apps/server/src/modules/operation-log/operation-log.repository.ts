import type { OperationLogExportQuery } from '@edgeward/contract';
import { and, count, desc, eq, gte, ilike, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { likePattern } from '../../db/like';
import { operationLog, users } from '../../db/schema';

export type NewOperation = typeof operationLog.$inferInsert;

export async function insert(ex: Executor, row: NewOperation): Promise<void> {
  await ex.insert(operationLog).values(row);
}

function listWhere(userId: number, query: OperationLogExportQuery) {
  return and(
    eq(operationLog.userId, userId),
    query.targetType ? eq(operationLog.targetType, query.targetType) : undefined,
    query.action ? eq(operationLog.action, query.action) : undefined,
    query.from !== undefined ? gte(operationLog.createdAt, new Date(query.from)) : undefined,
    query.to !== undefined ? lt(operationLog.createdAt, new Date(query.to)) : undefined,
    query.search
      ? or(ilike(operationLog.targetName, likePattern(query.search)), eq(operationLog.targetId, query.search))
      : undefined,
  );
}

const columns = {
  id: operationLog.id,
  createdAt: operationLog.createdAt,
  userName: users.userName,
  actor: operationLog.actor,
  sessionId: operationLog.sessionId,
  apiKeyId: operationLog.apiKeyId,
  address: operationLog.address,
  action: operationLog.action,
  targetType: operationLog.targetType,
  targetId: operationLog.targetId,
  targetName: operationLog.targetName,
  changes: operationLog.changes,
  sample: operationLog.sample,
};

export type OperationListRow = Awaited<ReturnType<typeof list>>['rows'][number];

/** The user's rows, newest first; without `page` every row (the CSV export). */
export async function list(
  db: Executor,
  userId: number,
  query: OperationLogExportQuery,
  page?: { limit: number; offset: number },
) {
  const where = listWhere(userId, query);
  const base = db
    .select(columns)
    .from(operationLog)
    .innerJoin(users, eq(users.id, operationLog.userId))
    .where(where)
    .orderBy(desc(operationLog.createdAt), desc(operationLog.id));
  const rows = page ? await base.limit(page.limit).offset(page.offset) : await base;
  const [total] = await db.select({ n: count() }).from(operationLog).where(where);
  return { rows, total: Number(total!.n) };
}
