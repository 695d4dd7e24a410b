import { sql } from 'drizzle-orm';
import type { Executor } from '../db/connect';
import { users } from '../db/schema';

/**
 * The id of the account named `userName` (user names are unique regardless of case), for the operator commands of
 * any area; undefined when there is none.
 */
export async function userIdByName(db: Executor, userName: string): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.userName}) = lower(${userName})`);
  return row?.id;
}
