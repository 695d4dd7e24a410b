import { and, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { schedules as schedulesTable } from '../db/schema';
import type { JobKind, PayloadOf } from './job';
import { enqueueJob } from './runner';

/** Periodic work: every `everyMs`, one job of `job` with `payload` is enqueued, and the job runner runs it. */
export interface Schedule<K extends JobKind = JobKind> {
  readonly name: string;
  readonly everyMs: number;
  readonly job: K;
  readonly payload: PayloadOf<K>;
}

export function defineSchedule<K extends JobKind>(schedule: Schedule<K>): Schedule<K> {
  return schedule;
}

/**
 * The schedules table drives periodic work. A tick moves every due schedule's next_run_at one interval past now
 * and enqueues its job in the same transaction: the row update makes a second process wait and then see the
 * schedule as not due, so each period is enqueued once however many processes tick, and the job itself gets the
 * job runner's retries. next_run_at is stored, so a restart resumes where the last process left off; a process
 * that was down for several periods runs the work once, not once per missed period. A new schedule is due at once.
 */
export function createScheduleRunner(db: Db, schedules: readonly Schedule[], options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  const byName = new Map(schedules.map((s) => [s.name, s]));
  if (byName.size !== schedules.length) throw new Error('two schedules share a name');
  let known = false;

  async function ensureRows(at: Date): Promise<void> {
    // An existing schedule keeps its next run; a changed interval applies from the run after it.
    await db
      .insert(schedulesTable)
      .values(schedules.map((s) => ({ name: s.name, intervalMs: s.everyMs, nextRunAt: at })))
      .onConflictDoUpdate({ target: schedulesTable.name, set: { intervalMs: sql`excluded.interval_ms` } });
    known = true;
  }

  return {
    /** Enqueues the job of every schedule that is due; answers their names. */
    async tick(): Promise<string[]> {
      if (schedules.length === 0) return [];
      const at = now();
      if (!known) await ensureRows(at);
      return db.transaction(async (tx) => {
        const due = await tx
          .update(schedulesTable)
          .set({
            lastRunAt: at,
            // Each row moves by its own interval, so the next run is computed in the database.
            nextRunAt: sql`${at.toISOString()}::timestamptz + ${schedulesTable.intervalMs} * interval '1 millisecond'`,
          })
          .where(and(inArray(schedulesTable.name, [...byName.keys()]), lte(schedulesTable.nextRunAt, at)))
          .returning({ name: schedulesTable.name });
        const names = due.map((r) => r.name).sort();
        for (const name of names) {
          const schedule = byName.get(name)!;
          await enqueueJob(tx, schedule.job, schedule.payload, { runAt: at });
        }
        return names;
      });
    },
  };
}

export type ScheduleRunner = ReturnType<typeof createScheduleRunner>;
