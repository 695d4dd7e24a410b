import { and, asc, count, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { apiKeyNonces, apiKeys, users } from '../../db/schema';
import { signedInUserColumns } from '../../lib/signed-in-user';

const columns = {
  id: apiKeys.id,
  secretId: apiKeys.secretId,
  note: apiKeys.note,
  readOnly: apiKeys.readOnly,
  enabled: apiKeys.enabled,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  lastUsedIp: apiKeys.lastUsedIp,
  sample: apiKeys.sample,
};

export type ApiKeyRow = {
  id: number;
  secretId: string;
  note: string;
  readOnly: boolean;
  enabled: boolean;
  createdAt: Date;
  lastUsedAt: Date | null;
  lastUsedIp: string | null;
  sample: boolean;
};

export function listOfUser(db: Executor, userId: number): Promise<ApiKeyRow[]> {
  return db.select(columns).from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(asc(apiKeys.id));
}

/** Locks the user's row: creations of one user take turns, so two at once cannot both pass the limit. */
export async function lockUser(db: Executor, userId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function countOfUser(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(apiKeys).where(eq(apiKeys.userId, userId));
  return row?.n ?? 0;
}

export async function insert(
  db: Executor,
  values: {
    userId: number;
    secretId: string;
    secretKeySealed: string;
    note: string;
    readOnly: boolean;
    createdAt: Date;
    enabled?: boolean;
    lastUsedAt?: Date;
    lastUsedIp?: string;
    sample?: boolean;
  },
): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning(columns);
  return row!;
}

/** One of the user's keys; undefined when the id is not theirs. */
export async function findOfUser(db: Executor, userId: number, id: number): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)));
  return row;
}

/** Changes one of the user's keys; undefined when the id is not theirs. */
export async function update(
  db: Executor,
  userId: number,
  id: number,
  set: Partial<{ note: string; enabled: boolean }>,
): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set(set)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
    .returning(columns);
  return row;
}

export async function remove(db: Executor, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/** One round trip for a signed call: the key, its user and the user's permission list. */
export async function findForSignature(db: Executor, secretId: string) {
  const [row] = await db
    .select({
      keyId: apiKeys.id,
      secretKeySealed: apiKeys.secretKeySealed,
      readOnly: apiKeys.readOnly,
      enabled: apiKeys.enabled,
      lastUsedAt: apiKeys.lastUsedAt,
      lastUsedIp: apiKeys.lastUsedIp,
      ...signedInUserColumns,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.secretId, secretId));
  return row;
}

/** Records a nonce; false when the key already used it (the primary key decides, even between racing copies). */
export async function claimNonce(
  db: Executor,
  values: { apiKeyId: number; nonce: string; expiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(apiKeyNonces)
    .values(values)
    .onConflictDoNothing()
    .returning({ nonce: apiKeyNonces.nonce });
  return rows.length > 0;
}

export async function touch(db: Executor, id: number, at: Date, ip: string): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: at, lastUsedIp: ip }).where(eq(apiKeys.id, id));
}

export async function purgeNonces(db: Executor, now: Date): Promise<number> {
  const rows = await db.delete(apiKeyNonces).where(lt(apiKeyNonces.expiresAt, now)).returning({ one: sql<number>`1` });
  return rows.length;
}
