import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, dbKinds, testClock } from '../../test/helpers';
import type { Database } from '../db/connect';
import { rowsOf } from '../db/migrate';
import { defineJob, handle } from './job';
import { createJobRunner } from './runner';
import { createScheduleRunner, defineSchedule } from './schedules';

const hour = 3600_000;

describe.each(dbKinds)('schedules on %s', (kind) => {
  let database: Database;
  const clock = testClock(new Date('2026-03-01T00:00:00Z'));
  const now = clock.read;
  const advance = clock.advance;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  /** One server process: its schedule runner and its job runner, counting the runs of `name`'s job. */
  function serverProcess(name: string, runs: { count: number }) {
    const job = defineJob({ kind: `test.${name}`, payload: z.object({}), mergeKey: () => 'all' });
    const schedule = defineSchedule({ name, everyMs: hour, job, payload: {} });
    const jobs = createJobRunner(database.db, { now });
    jobs.register(
      handle(job, async () => {
        runs.count++;
      }),
    );
    return { jobs, schedules: createScheduleRunner(database.db, [schedule], { now }) };
  }

  async function nextRunAt(name: string): Promise<number> {
    const rows = rowsOf<{ next_run_at: string | Date }>(
      await database.db.execute(sql`SELECT next_run_at FROM schedules WHERE name = ${name}`),
    );
    return new Date(rows[0]!.next_run_at).getTime();
  }

  it('runs a due schedule once when two processes tick it together, and again one interval later', async () => {
    const runs = { count: 0 };
    const a = serverProcess('test.twice', runs);
    const b = serverProcess('test.twice', runs);
    const ticks = await Promise.all([a.schedules.tick(), b.schedules.tick(), a.schedules.tick()]);
    expect(ticks.flat()).toEqual(['test.twice']);
    await Promise.all([a.jobs.runDue(), b.jobs.runDue()]);
    expect(runs.count).toBe(1);

    advance(hour - 1);
    expect([...(await a.schedules.tick()), ...(await b.schedules.tick())]).toEqual([]);
    advance(1);
    await Promise.all([a.schedules.tick(), b.schedules.tick()]);
    await Promise.all([a.jobs.runDue(), b.jobs.runDue()]);
    expect(runs.count).toBe(2);
  });

  it('resumes after a restart from the stored next run, once for the periods it missed', async () => {
    const runs = { count: 0 };
    const first = serverProcess('test.restart', runs);
    await first.schedules.tick();
    await first.jobs.runDue();
    expect(runs.count).toBe(1);
    const next = await nextRunAt('test.restart');
    expect(next).toBe(clock.now.getTime() + hour);

    // A new process half an hour later does not run it again before its time.
    advance(hour / 2);
    const second = serverProcess('test.restart', runs);
    expect(await second.schedules.tick()).toEqual([]);
    expect(await nextRunAt('test.restart')).toBe(next);

    // Down for three periods: one run, and the next one an interval after it.
    advance(3 * hour);
    expect(await second.schedules.tick()).toEqual(['test.restart']);
    await second.jobs.runDue();
    expect(runs.count).toBe(2);
    expect(await nextRunAt('test.restart')).toBe(clock.now.getTime() + hour);
  });
});
