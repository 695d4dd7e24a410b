import type { CdnType } from '@edgeward/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { users } from '../../db/schema';

/**
 * Sets which menus (and which routes) the account has: the CDN's, the edge platform's, or both. False when there is
 * no such user. The next request of any of its sessions sees the change.
 */
export async function setCdnType(db: Executor, userName: string, cdnType: CdnType, at: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ cdnType, updatedAt: at })
    .where(sql`lower(${users.userName}) = lower(${userName})`)
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function setCdnTypeById(db: Executor, userId: number, cdnType: CdnType, at: Date): Promise<void> {
  await db.update(users).set({ cdnType, updatedAt: at }).where(sql`${users.id} = ${userId}`);
}
