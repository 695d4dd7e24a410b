import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/connect';
import { packageExpiryReminders, userPackages } from '../../db/schema';
import { defineJob } from '../../jobs/job';
import { defineSchedule } from '../../jobs/schedules';
import { eventMessage, sendMessage } from '../message';

/** A package is reminded this long before it ends, once. */
export const EXPIRY_NOTICE_DAYS = 7;
const DAY_MS = 86_400_000;

export const remindExpiringPackagesJob = defineJob({
  kind: 'commerce.remind-expiring-packages',
  payload: z.object({}),
  maxAttempts: 3,
  mergeKey: () => 'all',
});

/** Hourly: a package entering its last 7 days gets its message within the hour. */
export const remindExpiringPackagesSchedule = defineSchedule({
  name: 'commerce.remind-expiring-packages',
  everyMs: 60 * 60_000,
  job: remindExpiringPackagesJob,
  payload: {},
});

/** Writes one message per active package within 7 days of its end and not yet reminded; answers how many. */
export async function remindExpiringPackages(db: Db, now: Date): Promise<number> {
  const due = await db
    .select({
      id: userPackages.id,
      userId: userPackages.userId,
      name: userPackages.name,
      nameZh: userPackages.nameZh,
      expiresAt: userPackages.expiresAt,
    })
    .from(userPackages)
    .leftJoin(packageExpiryReminders, eq(packageExpiryReminders.userPackageId, userPackages.id))
    .where(
      and(
        isNull(packageExpiryReminders.userPackageId),
        isNull(userPackages.revokedAt),
        gt(userPackages.expiresAt, now),
        lte(userPackages.expiresAt, new Date(now.getTime() + EXPIRY_NOTICE_DAYS * DAY_MS)),
      ),
    )
    .limit(500);
  for (const p of due) {
    await db.transaction(async (tx) => {
      // The reminder row first: a concurrent run that got here too writes nothing.
      const [claimed] = await tx
        .insert(packageExpiryReminders)
        .values({ userPackageId: p.id, sentAt: now })
        .onConflictDoNothing()
        .returning();
      if (!claimed) return;
      const date = p.expiresAt.toISOString().slice(0, 10);
      await sendMessage(
        tx,
        p.userId,
        eventMessage('package', 'package.expiring', { name: p.name, nameZh: p.nameZh, date }),
        now,
      );
    });
  }
  return due.length;
}
