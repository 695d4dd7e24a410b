import type { NoticeListKind } from '@edgeward/contract';
import { and, count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { type MessageRow, messages, users } from '../../db/schema';

/* Every query is scoped by the caller's user id: a foreign message is a missing one. */

export type NewMessage = Pick<MessageRow, 'kind' | 'title' | 'content' | 'params'> & { createdAt: Date };

function ofKind(userId: number, kind: NoticeListKind): SQL | undefined {
  const mine = eq(messages.userId, userId);
  if (kind === 'unread') return and(mine, isNull(messages.readAt));
  if (kind === 'read') return and(mine, isNotNull(messages.readAt));
  return mine;
}

export async function insertMessage(ex: Executor, userId: number, message: NewMessage): Promise<MessageRow> {
  const [row] = await ex
    .insert(messages)
    .values({ userId, ...message })
    .returning();
  return row!;
}

/** One message to every account, written in batches. */
export async function insertForEveryone(ex: Executor, message: NewMessage): Promise<number> {
  const ids = await ex.select({ id: users.id }).from(users);
  for (let i = 0; i < ids.length; i += 500) {
    await ex.insert(messages).values(ids.slice(i, i + 500).map((u) => ({ userId: u.id, ...message })));
  }
  return ids.length;
}

export async function listOfUser(
  ex: Executor,
  userId: number,
  kind: NoticeListKind,
  page: { offset: number; limit: number },
): Promise<{ rows: MessageRow[]; total: number }> {
  const where = ofKind(userId, kind);
  const [rows, [total]] = await Promise.all([
    ex
      .select()
      .from(messages)
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(page.limit)
      .offset(page.offset),
    ex.select({ n: count() }).from(messages).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function unreadCount(ex: Executor, userId: number): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(messages).where(ofKind(userId, 'unread'));
  return row?.n ?? 0;
}

export async function findOfUser(ex: Executor, userId: number, id: number): Promise<MessageRow | undefined> {
  const [row] = await ex
    .select()
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.id, id)));
  return row;
}

/** Answers whether the message is the user's. */
export async function setRead(ex: Executor, userId: number, id: number, readAt: Date | null): Promise<boolean> {
  const rows = await ex
    .update(messages)
    .set({ readAt: readAt ? sql`COALESCE(${messages.readAt}, ${readAt.toISOString()}::timestamptz)` : null })
    .where(and(eq(messages.userId, userId), eq(messages.id, id)))
    .returning({ id: messages.id });
  return rows.length > 0;
}

export async function readAll(ex: Executor, userId: number, at: Date): Promise<void> {
  await ex
    .update(messages)
    .set({ readAt: at })
    .where(and(eq(messages.userId, userId), isNull(messages.readAt)));
}

export async function remove(ex: Executor, userId: number, id: number): Promise<boolean> {
  const rows = await ex
    .delete(messages)
    .where(and(eq(messages.userId, userId), eq(messages.id, id)))
    .returning({ id: messages.id });
  return rows.length > 0;
}

export async function removeAll(ex: Executor, userId: number): Promise<void> {
  await ex.delete(messages).where(eq(messages.userId, userId));
}
