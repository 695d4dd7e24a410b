import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dbKinds } from '../../test/helpers';
import type { Database } from '../db/connect';
import { rowsOf } from '../db/migrate';
import { backoffMs, createJobRunner } from './runner';

interface JobRow {
  id: number;
  attempts: number;
  done_at: string | null;
  failed_at: string | null;
  last_error: string | null;
}

describe.each(dbKinds)('durable jobs on %s', (kind) => {
  let database: Database;
  const clock = { now: new Date('2026-01-01T00:00:00Z') };
  const now = () => clock.now;
  const advance = (ms: number) => {
    clock.now = new Date(clock.now.getTime() + ms);
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  async function job(id: number): Promise<JobRow> {
    const rows = rowsOf<JobRow>(
      await database.db.execute(sql`SELECT id, attempts, done_at, failed_at, last_error FROM jobs WHERE id = ${id}`),
    );
    return rows[0]!;
  }

  it('runs a due job once and records it done; a delayed job waits for its time', async () => {
    const runner = createJobRunner(database.db, { now });
    const seen: unknown[] = [];
    runner.handle('test.echo', async (payload) => {
      seen.push(payload);
    });
    const due = await runner.enqueue('test.echo', { n: 1 });
    const later = await runner.enqueue('test.echo', { n: 2 }, { delayMs: 5000 });
    expect(await runner.runDue()).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);
    expect((await job(due)).done_at).not.toBeNull();
    expect(await runner.runDue()).toBe(0);
    advance(5000);
    expect(await runner.runDue()).toBe(1);
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
    expect((await job(later)).done_at).not.toBeNull();
  });

  it('retries a failing job with backoff and gives up after max attempts, keeping the last error', async () => {
    const runner = createJobRunner(database.db, { now });
    let calls = 0;
    runner.handle('test.flaky', async () => {
      calls++;
      throw new Error(`boom ${calls}`);
    });
    const id = await runner.enqueue('test.flaky', {}, { maxAttempts: 3 });
    expect(await runner.runDue()).toBe(1);
    expect(await job(id)).toMatchObject({ attempts: 1, done_at: null, failed_at: null, last_error: 'boom 1' });
    advance(backoffMs(1) - 1);
    expect(await runner.runDue()).toBe(0);
    advance(1);
    expect(await runner.runDue()).toBe(1);
    advance(backoffMs(2));
    expect(await runner.runDue()).toBe(1);
    const row = await job(id);
    expect(row).toMatchObject({ attempts: 3, done_at: null, last_error: 'boom 3' });
    expect(row.failed_at).not.toBeNull();
    advance(60 * 60_000);
    expect(await runner.runDue()).toBe(0);
    expect(calls).toBe(3);
  });

  it('resumes after a restart: a job left by a runner that died is run by the next one once its lease ends', async () => {
    const first = createJobRunner(database.db, { now, lockMs: 30_000 });
    const started: number[] = [];
    first.handle('test.restart', async (_payload, j) => {
      started.push(j.id);
      // The process dies in the middle of the work: the promise never settles and nothing is recorded.
      await new Promise(() => {});
    });
    const id = await first.enqueue('test.restart', { step: 'x' });
    void first.runDue();
    await expect.poll(() => started.length).toBe(1);

    const second = createJobRunner(database.db, { now, lockMs: 30_000 });
    const done: unknown[] = [];
    second.handle('test.restart', async (payload) => {
      done.push(payload);
    });
    expect(await second.runDue()).toBe(0);
    advance(30_000);
    expect(await second.runDue()).toBe(1);
    expect(done).toEqual([{ step: 'x' }]);
    expect(await job(id)).toMatchObject({ attempts: 2, failed_at: null });
    expect((await job(id)).done_at).not.toBeNull();
  });

  it('runs each job exactly once when two runners drain the same table together', async () => {
    const counts = new Map<number, number>();
    const make = () => {
      const runner = createJobRunner(database.db, { now, batch: 3 });
      runner.handle('test.shared', async (payload) => {
        const n = Number(payload.n);
        counts.set(n, (counts.get(n) ?? 0) + 1);
      });
      return runner;
    };
    const a = make();
    const b = make();
    for (let n = 0; n < 20; n++) await a.enqueue('test.shared', { n });
    const [ra, rb] = await Promise.all([a.runDue(), b.runDue()]);
    expect(ra + rb).toBe(20);
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
    expect(counts.size).toBe(20);
  });

  it('claims only the kinds it has handlers for', async () => {
    const runner = createJobRunner(database.db, { now });
    runner.handle('test.mine', async () => {});
    const other = await runner.enqueue('test.not-mine', {});
    expect(await runner.runDue()).toBe(0);
    expect(await job(other)).toMatchObject({ attempts: 0, done_at: null });
  });

  it('deletes finished jobs after a week and keeps failed ones', async () => {
    const runner = createJobRunner(database.db, { now });
    runner.handle('test.prune', async (payload) => {
      if (payload.fail) throw new Error('no');
    });
    const ok = await runner.enqueue('test.prune', {});
    const bad = await runner.enqueue('test.prune', { fail: true }, { maxAttempts: 1 });
    await runner.runDue();
    advance(7 * 24 * 3600_000 - 1);
    await runner.prune();
    expect(await job(ok)).toBeDefined();
    advance(2);
    await runner.prune();
    expect(await job(ok)).toBeUndefined();
    expect((await job(bad)).failed_at).not.toBeNull();
  });

  it('polls in the background once started and stops cleanly', async () => {
    const realRunner = createJobRunner(database.db, { pollMs: 10 });
    const seen: number[] = [];
    realRunner.handle('test.poll', async (payload) => {
      seen.push(Number(payload.n));
    });
    await realRunner.enqueue('test.poll', { n: 7 });
    realRunner.start();
    await expect.poll(() => seen, { timeout: 5000 }).toEqual([7]);
    await realRunner.stop();
  });
});
