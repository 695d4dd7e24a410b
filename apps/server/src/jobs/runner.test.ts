import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, dbKinds, testClock } from '../../test/helpers';
import type { Database } from '../db/connect';
import { rowsOf } from '../db/migrate';
import { backoffMs, defineJob, handle, type JobKind, type PayloadOf } from './job';
import { createJobRunner, enqueueJob, JOBS_CHANNEL, type JobRunner, type JobRunnerOptions } from './runner';

interface JobRow {
  id: number;
  attempts: number;
  done_at: string | null;
  failed_at: string | null;
  last_error: string | null;
}

const numbered = (
  kind: string,
  extra: { maxAttempts?: number; backoff?: (attempt: number) => number; mergeKey?: (p: { n: number }) => string } = {},
) => defineJob({ kind, payload: z.object({ n: z.number().int() }), ...extra });
const empty = (kind: string, extra: { maxAttempts?: number } = {}) =>
  defineJob({ kind, payload: z.object({ fail: z.boolean().optional(), step: z.string().optional() }), ...extra });

function on<K extends JobKind>(runner: JobRunner, job: K, handler: (payload: PayloadOf<K>, id: number) => unknown) {
  runner.register(
    handle(job, async (payload, j) => {
      await handler(payload, j.id);
    }),
  );
}

/** A handler waits on `held` until the test calls `release`. */
function gate() {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { held, release };
}

/** Whether `promise` has settled by the event loop's next turn, when every reaction due by then has run. */
async function settledByNextTurn(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  const mark = () => {
    settled = true;
  };
  void promise.then(mark, mark);
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
}

describe.each(dbKinds)('durable jobs on %s', (kind) => {
  let database: Database;
  const clock = testClock(new Date('2026-01-01T00:00:00Z'));
  const now = clock.read;
  const advance = clock.advance;

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
    const echo = numbered('test.echo');
    on(runner, echo, (payload) => seen.push(payload));
    const due = await runner.enqueue(echo, { n: 1 });
    const later = await runner.enqueue(echo, { n: 2 }, { delayMs: 5000 });
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
    const flaky = empty('test.flaky', { maxAttempts: 3 });
    on(runner, flaky, () => {
      calls++;
      throw new Error(`boom ${calls}`);
    });
    const id = await runner.enqueue(flaky, {});
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
    const restart = empty('test.restart');
    on(first, restart, async (_payload, id) => {
      started.push(id);
      // The process dies in the middle of the work: the promise never settles and nothing is recorded.
      await new Promise(() => {});
    });
    const id = await first.enqueue(restart, { step: 'x' });
    void first.runDue();
    await expect.poll(() => started.length).toBe(1);

    const second = createJobRunner(database.db, { now, lockMs: 30_000 });
    const done: unknown[] = [];
    on(second, restart, (payload) => done.push(payload));
    expect(await second.runDue()).toBe(0);
    advance(30_000);
    expect(await second.runDue()).toBe(1);
    expect(done).toEqual([{ step: 'x' }]);
    expect(await job(id)).toMatchObject({ attempts: 2, failed_at: null });
    expect((await job(id)).done_at).not.toBeNull();
  });

  it('runs each job exactly once when two runners drain the same table together', async () => {
    const counts = new Map<number, number>();
    const shared = numbered('test.shared');
    const make = () => {
      const runner = createJobRunner(database.db, { now, batch: 3 });
      on(runner, shared, ({ n }) => counts.set(n, (counts.get(n) ?? 0) + 1));
      return runner;
    };
    const a = make();
    const b = make();
    for (let n = 0; n < 20; n++) await a.enqueue(shared, { n });
    const [ra, rb] = await Promise.all([a.runDue(), b.runDue()]);
    expect(ra + rb).toBe(20);
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
    expect(counts.size).toBe(20);
  });

  it('runs the jobs of one claim in the order they were enqueued, not the order they came due', async () => {
    const runner = createJobRunner(database.db, { now, batch: 10 });
    const ran: number[] = [];
    const ordered = numbered('test.ordered');
    on(runner, ordered, (payload) => ran.push(payload.n));
    // The first enqueued comes due last. The claim picks jobs by due time and its update meets them in the order of
    // a hash of their ids (PostgreSQL's plan): what it hands over is put back in the order of the ids.
    const numbers = [1, 2, 3, 4, 5, 6, 7, 8];
    for (const n of numbers) await runner.enqueue(ordered, { n }, { delayMs: (numbers.length - n) * 100 });
    advance(1000);
    expect(await runner.runDue()).toBe(numbers.length);
    expect(ran).toEqual(numbers);
  });

  it('claims only the kinds it has handlers for', async () => {
    const runner = createJobRunner(database.db, { now });
    on(runner, empty('test.mine'), () => {});
    const other = await runner.enqueue(empty('test.not-mine'), {});
    expect(await runner.runDue()).toBe(0);
    expect(await job(other)).toMatchObject({ attempts: 0, done_at: null });
  });

  it('deletes finished jobs after a week and keeps failed ones', async () => {
    const runner = createJobRunner(database.db, { now });
    const prune = empty('test.prune', { maxAttempts: 1 });
    on(runner, prune, (payload) => {
      if (payload.fail) throw new Error('no');
    });
    const ok = await runner.enqueue(prune, {});
    const bad = await runner.enqueue(prune, { fail: true });
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
    const poll = numbered('test.poll');
    on(realRunner, poll, ({ n }) => seen.push(n));
    await realRunner.enqueue(poll, { n: 7 });
    realRunner.start();
    try {
      await expect.poll(() => seen, { timeout: 5000 }).toEqual([7]);
    } finally {
      await realRunner.stop();
    }
  });

  /** A runner whose polls are counted (its schedules' hook). */
  function countingPolls(options: JobRunnerOptions) {
    let polls = 0;
    const runner = createJobRunner(database.db, {
      ...options,
      beforePoll: async () => {
        polls++;
      },
    });
    return { runner, polls: () => polls };
  }

  /**
   * A runner woken by the database's notifications, whose timer would first poll ten minutes after the start; the
   * subscription resolves once its LISTEN is in place.
   */
  function listeningRunner(options: Pick<JobRunnerOptions, 'beforePoll'> = {}) {
    let subscribed: () => void = () => {};
    const subscription = new Promise<void>((resolve) => {
      subscribed = resolve;
    });
    const runner = createJobRunner(database.db, {
      ...options,
      pollMs: 600_000,
      listen: async (onNotify) => {
        const unlisten = await database.listen(JOBS_CHANNEL, onNotify);
        subscribed();
        return unlisten;
      },
    });
    return { runner, subscription };
  }

  it('runs a job as soon as the transaction that enqueued it commits, long before its next poll', async () => {
    const { runner: listening, subscription } = listeningRunner();
    const seen: number[] = [];
    const prompt = numbered('test.prompt');
    on(listening, prompt, ({ n }) => seen.push(n));
    listening.start();
    try {
      // The first poll would come ten minutes after the start.
      await subscription;
      await database.db.transaction(async (tx) => {
        await enqueueJob(tx, prompt, { n: 8 });
      });
      await expect.poll(() => seen, { timeout: 5000 }).toEqual([8]);
    } finally {
      await listening.stop();
    }
  });

  it('while listening, runs what a job enqueues at once, and looks at the schedules once an interval, not once a job', async () => {
    let ticks = 0;
    const { runner: listening, subscription } = listeningRunner({
      beforePoll: async () => {
        ticks++;
      },
    });
    const seen: number[] = [];
    const chain = numbered('test.chain');
    on(listening, chain, async ({ n }) => {
      seen.push(n);
      if (n < 3) await listening.enqueue(chain, { n: n + 1 });
    });
    listening.start();
    try {
      await subscription;
      await listening.enqueue(chain, { n: 1 });
      // Each job's follow-up is found by the poll its notification starts: none waits ten minutes for the timer.
      await expect.poll(() => seen, { timeout: 5000 }).toEqual([1, 2, 3]);
      // The poll at the start looked at the schedules; the three polls nudged by jobs within the interval did not.
      expect(ticks).toBe(1);
    } finally {
      await listening.stop();
    }
  });

  it('merges a job into the waiting one with the same key, but never into one already claimed', async () => {
    const runner = createJobRunner(database.db, { now });
    const seen: number[] = [];
    const merging = numbered('test.merge', { mergeKey: () => 'one' });
    let release: () => void = () => {};
    on(runner, merging, async ({ n }) => {
      seen.push(n);
      if (n === 10) await new Promise<void>((resolve) => (release = resolve));
    });
    const ids = new Set<number>();
    for (let n = 1; n <= 10; n++) ids.add(await runner.enqueue(merging, { n }, { delayMs: 10 - n }));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    const rows = rowsOf<{ n: number }>(
      await database.db.execute(sql`SELECT count(*)::int AS n FROM jobs WHERE kind = 'test.merge'`),
    );
    expect(rows[0]!.n).toBe(1);
    // The newest payload and the earliest time win: due now, carrying n = 10.
    const running = runner.runDue();
    await expect.poll(() => seen).toEqual([10]);
    const next = await runner.enqueue(merging, { n: 11 });
    expect(next).not.toBe(id);
    release();
    await running;
    expect(seen).toEqual([10, 11]);
  });

  it('refuses a payload its kind does not accept, and fails a stored one at once without retrying', async () => {
    const logged: { obj: object; msg: string }[] = [];
    const runner = createJobRunner(database.db, { now, log: { error: (obj, msg) => logged.push({ obj, msg }) } });
    const strict = numbered('test.strict');
    let calls = 0;
    on(runner, strict, () => calls++);
    await expect(runner.enqueue(strict, { n: 'x' } as unknown as { n: number })).rejects.toThrow(z.ZodError);
    expect(rowsOf(await database.db.execute(sql`SELECT id FROM jobs WHERE kind = 'test.strict'`))).toHaveLength(0);
    const stored = rowsOf<{ id: number }>(
      await database.db.execute(
        sql`INSERT INTO jobs (kind, payload, run_at) VALUES ('test.strict', '{"n":"x"}', ${now().toISOString()}::timestamptz)
            RETURNING id`,
      ),
    );
    const id = Number(stored[0]!.id);
    expect(await runner.runDue()).toBe(1);
    const row = await job(id);
    expect(row.failed_at).not.toBeNull();
    expect(row.last_error).toMatch(/^invalid payload/);
    expect(calls).toBe(0);
    expect(logged).toEqual([
      {
        obj: { jobId: id, kind: 'test.strict', issues: [expect.objectContaining({ path: ['n'] })] },
        msg: 'job payload invalid',
      },
    ]);
  });

  it("waits the kind's own backoff between tries", async () => {
    const runner = createJobRunner(database.db, { now });
    const tries: number[] = [];
    const slow = numbered('test.backoff', { maxAttempts: 3, backoff: (attempt) => attempt * 60_000 });
    on(runner, slow, () => {
      tries.push(clock.now.getTime());
      throw new Error('again');
    });
    await runner.enqueue(slow, { n: 1 });
    const start = clock.now.getTime();
    await runner.runDue();
    advance(60_000 - 1);
    expect(await runner.runDue()).toBe(0);
    advance(1);
    await runner.runDue();
    advance(120_000);
    await runner.runDue();
    expect(tries.map((t) => t - start)).toEqual([0, 60_000, 180_000]);
  });

  it('refuses a kind registered twice', () => {
    const runner = createJobRunner(database.db, { now });
    on(runner, empty('test.twice'), () => {});
    expect(() => on(runner, empty('test.twice'), () => {})).toThrow('job kind test.twice is registered twice');
  });

  it('hands its handler the claimed job, logs a failure and keeps its first 2,000 characters', async () => {
    const logged: { obj: object; msg: string }[] = [];
    const runner = createJobRunner(database.db, { now, log: { error: (obj, msg) => logged.push({ obj, msg }) } });
    const claimed: unknown[] = [];
    const long = numbered('test.long-error', { maxAttempts: 1 });
    runner.register(
      handle(long, async (_payload, job) => {
        claimed.push(job);
        throw new Error(`${'x'.repeat(2000)}y`);
      }),
    );
    const id = await runner.enqueue(long, { n: 4 });
    await runner.runDue();
    expect(claimed).toEqual([expect.objectContaining({ id, kind: 'test.long-error', payload: { n: 4 }, attempts: 1 })]);
    expect((await job(id)).last_error).toBe('x'.repeat(2000));
    expect(logged).toEqual([
      {
        obj: { err: expect.any(Error), jobId: id, kind: 'test.long-error', attempt: 1 },
        msg: 'job failed',
      },
    ]);
  });

  it('runs one claim at a time, even when asked twice at once', async () => {
    const runner = createJobRunner(database.db, { now, batch: 1 });
    let inHand = 0;
    let most = 0;
    const slow = numbered('test.one-at-a-time');
    on(runner, slow, async () => {
      inHand++;
      most = Math.max(most, inHand);
      await new Promise((resolve) => setTimeout(resolve, 20));
      inHand--;
    });
    await runner.enqueue(slow, { n: 1 });
    await runner.enqueue(slow, { n: 2 });
    expect(await Promise.all([runner.runDue(), runner.runDue()])).toEqual([2, 0]);
    expect(most).toBe(1);
  });

  it('asked for one round, claims again only after a full batch; asked to empty the queue, until nothing is due', async () => {
    const runner = createJobRunner(database.db, { now, batch: 2 });
    const seen: number[] = [];
    const chain = numbered('test.rounds');
    on(runner, chain, async ({ n }) => {
      seen.push(n);
      if (n < 10) await runner.enqueue(chain, { n: n + 10 });
    });
    await runner.enqueue(chain, { n: 1 });
    await runner.enqueue(chain, { n: 2 });
    // A full batch, then the two follow-ups (a full batch again), then nothing.
    expect(await runner.runDue(false)).toBe(4);
    expect(seen).toEqual([1, 2, 11, 12]);
    await runner.enqueue(chain, { n: 3 });
    // One job is a short claim: the round ends, and its follow-up waits.
    expect(await runner.runDue(false)).toBe(1);
    expect(seen).toEqual([1, 2, 11, 12, 3]);
    expect(await runner.runDue()).toBe(1);
    expect(seen).toEqual([1, 2, 11, 12, 3, 13]);
  });

  it('prunes on its first poll, then once an hour of its clock', async () => {
    const { runner, polls } = countingPolls({ now, pollMs: 10, keepDoneMs: 1000 });
    const pruned = empty('test.pruned-by-poll');
    on(runner, pruned, () => {});
    const first = await runner.enqueue(pruned, {});
    await runner.runDue();
    advance(1001);
    runner.start();
    try {
      await expect.poll(() => job(first), { timeout: 5000 }).toBeUndefined();
      const second = await runner.enqueue(pruned, {});
      await expect.poll(async () => (await job(second))?.done_at, { timeout: 5000 }).not.toBeNull();
      advance(1001);
      const seen = polls();
      await expect.poll(polls, { timeout: 5000 }).toBeGreaterThan(seen + 2);
      expect(await job(second)).toBeDefined();
      // An hour to the millisecond after the first prune.
      advance(3600_000 - 1001);
      await expect.poll(() => job(second), { timeout: 5000 }).toBeUndefined();
    } finally {
      await runner.stop();
    }
  });

  it('logs a poll that failed and polls again', async () => {
    const logged: { obj: object; msg: string }[] = [];
    let polls = 0;
    const runner = createJobRunner(database.db, {
      pollMs: 10,
      log: { error: (obj, msg) => logged.push({ obj, msg }) },
      beforePoll: async () => {
        if (++polls === 1) throw new Error('schedules unreachable');
      },
    });
    const seen: number[] = [];
    const after = numbered('test.after-failed-poll');
    on(runner, after, ({ n }) => seen.push(n));
    await runner.enqueue(after, { n: 6 });
    runner.start();
    try {
      await expect.poll(() => seen, { timeout: 5000 }).toEqual([6]);
      expect(logged).toEqual([
        { obj: { err: expect.objectContaining({ message: 'schedules unreachable' }) }, msg: 'job runner poll failed' },
      ]);
    } finally {
      await runner.stop();
    }
  });

  it('polls without schedules or a subscription, and says why it cannot listen', async () => {
    const logged: { obj: object; msg: string }[] = [];
    const runner = createJobRunner(database.db, {
      pollMs: 10,
      log: { error: (obj, msg) => logged.push({ obj, msg }) },
      listen: async () => {
        throw new Error('no LISTEN here');
      },
    });
    const seen: number[] = [];
    const unheard = numbered('test.unheard');
    on(runner, unheard, ({ n }) => seen.push(n));
    await runner.enqueue(unheard, { n: 5 });
    runner.start();
    try {
      await expect.poll(() => seen, { timeout: 5000 }).toEqual([5]);
      expect(logged).toEqual([
        {
          obj: { err: expect.objectContaining({ message: 'no LISTEN here' }) },
          msg: 'job runner cannot listen for new jobs; it polls',
        },
      ]);
    } finally {
      await runner.stop();
    }
  });

  it('starts once: a second start does not subscribe again', async () => {
    let subscriptions = 0;
    const runner = createJobRunner(database.db, {
      now,
      pollMs: 600_000,
      listen: async () => {
        subscriptions++;
        return async () => {};
      },
    });
    runner.start();
    runner.start();
    await runner.stop();
    expect(subscriptions).toBe(1);
  });

  it('stops once the poll under way has ended, the prune after its jobs included: the database can close at once', async () => {
    // A database of its own, closed by the test. PGlite met the prune after it closed (logged as a failed poll);
    // PostgreSQL's pool lets the query in hand end.
    const own = await createTestDatabase(kind);
    const logged: string[] = [];
    const runner = createJobRunner(own.db, {
      now,
      pollMs: 10,
      keepDoneMs: 1000,
      log: { error: (_obj, msg) => logged.push(msg) },
    });
    const { held, release } = gate();
    let inHand = false;
    const gated = empty('test.before-prune');
    on(runner, gated, async ({ step }) => {
      if (step !== 'hold') return;
      inHand = true;
      await held;
    });
    try {
      await runner.enqueue(gated, {});
      await runner.runDue();
      // Finished long enough ago for the first poll's prune to delete it.
      advance(1001);
      await runner.enqueue(gated, { step: 'hold' });
      runner.start();
      await expect.poll(() => inHand, { timeout: 5000 }).toBe(true);
      const stopping = runner.stop();
      release();
      await stopping;
    } finally {
      await own.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(logged).toEqual([]);
  });

  it('stops after the jobs of a run asked for directly, too', async () => {
    const runner = createJobRunner(database.db, { now });
    const { held, release } = gate();
    let inHand = false;
    let finished = false;
    const direct = empty('test.direct-run');
    on(runner, direct, async () => {
      inHand = true;
      await held;
      finished = true;
    });
    await runner.enqueue(direct, {});
    const run = runner.runDue();
    await expect.poll(() => inHand, { timeout: 5000 }).toBe(true);
    const stopping = runner.stop();
    expect(await settledByNextTurn(stopping)).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(true);
    expect(await run).toBe(1);
  });

  it('stops after the job in hand and polls no more', async () => {
    const runner = createJobRunner(database.db, { pollMs: 10 });
    const { held, release } = gate();
    const started: number[] = [];
    const finished: number[] = [];
    const heldJob = numbered('test.held');
    on(runner, heldJob, async ({ n }) => {
      started.push(n);
      if (n === 1) await held;
      finished.push(n);
    });
    await runner.enqueue(heldJob, { n: 1 });
    runner.start();
    await expect.poll(() => started, { timeout: 5000 }).toEqual([1]);
    const stopping = runner.stop();
    expect(await settledByNextTurn(stopping)).toBe(false);
    release();
    await stopping;
    expect(finished).toEqual([1]);
    await runner.enqueue(heldJob, { n: 2 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(started).toEqual([1]);
  });

  it('is alive from its start to its stop while its polls keep coming: not once ten intervals (at least 30 s) pass without one', async () => {
    const runner = createJobRunner(database.db, { now, pollMs: 5000 });
    expect(runner.alive()).toBe(false);
    // Date alone is faked (and stands still): the first poll's real timer is five seconds away.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      runner.start();
      expect(runner.alive()).toBe(true);
      vi.setSystemTime(Date.now() + 50_000);
      expect(runner.alive()).toBe(true);
      vi.setSystemTime(Date.now() + 1);
      expect(runner.alive()).toBe(false);
    } finally {
      vi.useRealTimers();
      await runner.stop();
    }
    expect(runner.alive()).toBe(false);
    // Ten intervals of 10 ms: the 30 s floor holds.
    const quick = createJobRunner(database.db, { now, pollMs: 10 });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      quick.start();
      vi.setSystemTime(Date.now() + 30_000);
      expect(quick.alive()).toBe(true);
      vi.setSystemTime(Date.now() + 1);
      expect(quick.alive()).toBe(false);
    } finally {
      vi.useRealTimers();
      await quick.stop();
    }
  });

  it('without a log, passes over an invalid payload, a failed poll and a refused subscription quietly', async () => {
    let polls = 0;
    const runner = createJobRunner(database.db, {
      pollMs: 10,
      beforePoll: async () => {
        if (++polls === 1) throw new Error('schedules unreachable');
      },
      listen: async () => {
        throw new Error('no LISTEN here');
      },
    });
    const seen: number[] = [];
    const quiet = numbered('test.quiet');
    on(runner, quiet, ({ n }) => seen.push(n));
    const stored = rowsOf<{ id: number }>(
      await database.db.execute(
        sql`INSERT INTO jobs (kind, payload, run_at) VALUES ('test.quiet', '{"n":"x"}', ${new Date().toISOString()}::timestamptz)
            RETURNING id`,
      ),
    );
    await runner.enqueue(quiet, { n: 9 });
    runner.start();
    try {
      await expect.poll(() => seen, { timeout: 5000 }).toEqual([9]);
      expect((await job(Number(stored[0]!.id))).failed_at).not.toBeNull();
    } finally {
      await runner.stop();
    }
  });

  it('without a subscription, runs in one poll what the jobs of that poll enqueue', async () => {
    const { runner, polls } = countingPolls({ pollMs: 50 });
    const ranInPoll: number[] = [];
    const chain = numbered('test.chain-in-one-poll');
    on(runner, chain, async ({ n }) => {
      ranInPoll.push(polls());
      if (n < 3) await runner.enqueue(chain, { n: n + 1 });
    });
    await runner.enqueue(chain, { n: 1 });
    runner.start();
    try {
      await expect.poll(() => ranInPoll.length, { timeout: 5000 }).toBe(3);
      expect(ranInPoll).toEqual([1, 1, 1]);
    } finally {
      await runner.stop();
    }
  });

  it('runs at once a job committed before its subscription took effect', async () => {
    const { runner: listening, subscription } = listeningRunner();
    const seen: number[] = [];
    const early = numbered('test.before-listen');
    on(listening, early, ({ n }) => seen.push(n));
    await listening.enqueue(early, { n: 4 });
    listening.start();
    try {
      await subscription;
      // Its notification went to no one and the timer's first poll is ten minutes away.
      await expect.poll(() => seen, { timeout: 5000 }).toEqual([4]);
    } finally {
      await listening.stop();
    }
  });

  it('stopped between two polls, cancels the next', async () => {
    const { runner, polls } = countingPolls({ pollMs: 200 });
    const seen: number[] = [];
    const late = numbered('test.after-stop');
    on(runner, late, ({ n }) => seen.push(n));
    runner.start();
    await expect.poll(polls, { timeout: 5000 }).toBeGreaterThan(0);
    // The first poll's few queries end well within this; the next is due 200 ms after it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await runner.stop();
    const pollsWhenStopped = polls();
    await runner.enqueue(late, { n: 1 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(seen).toEqual([]);
    expect(polls()).toBe(pollsWhenStopped);
  });
});
