import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/connect';
import { preparedQuery } from '../db/prepared';
import { jobs } from '../db/schema';
import type { Job, JobDefinition, JobKind, PayloadOf } from './job';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

export interface EnqueueOptions {
  /** Run no earlier than this long from now (the runner's clock). */
  delayMs?: number;
  /** An open transaction, so that the job exists exactly when the change that asked for it commits. */
  executor?: Executor;
}

export interface JobRunnerOptions {
  now?: () => Date;
  pollMs?: number;
  /** How long a claimed job stays invisible to other runners; a runner that dies frees its jobs after this. */
  lockMs?: number;
  batch?: number;
  /** Finished jobs are deleted this long after they finished (failed ones are kept for the operator). */
  keepDoneMs?: number;
  log?: { error(obj: object, msg: string): void };
  /** Runs before each poll's jobs: the schedules enqueue what has come due (jobs/schedules.ts). */
  beforePoll?: () => Promise<unknown>;
  /**
   * Subscribes to JOBS_CHANNEL (Database.listen): a job committed in this process or another then runs at once
   * instead of at the next poll. The poll stays, for delayed jobs and a lost connection.
   */
  listen?: (onNotify: () => void) => Promise<() => Promise<void>>;
}

/** The channel every enqueue notifies when its transaction commits. */
export const JOBS_CHANNEL = 'edgeward_jobs';

type Claimed = Job<unknown> & { maxAttempts: number };

/**
 * Inserts a job after checking its payload against the kind's schema (a ZodError otherwise); also usable where no
 * runner exists (the operator CLI, a service's transaction). A job with a merge key joins the job of the same
 * kind and key that waits for its first run, if there is one, and answers that job's id.
 */
export async function enqueueJob<K extends JobKind>(
  executor: Executor,
  job: K,
  payload: PayloadOf<K>,
  options: { runAt?: Date } = {},
): Promise<number> {
  const checked = job.payload.parse(payload) as PayloadOf<K>;
  const [row] = await executor
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: checked as Record<string, unknown>,
      runAt: options.runAt ?? new Date(),
      maxAttempts: job.maxAttempts,
      mergeKey: job.mergeKey?.(checked) ?? null,
    })
    .onConflictDoUpdate({
      target: [jobs.kind, jobs.mergeKey],
      targetWhere: sql`merge_key IS NOT NULL AND attempts = 0`,
      set: {
        payload: sql`excluded.payload`,
        runAt: sql`LEAST(${jobs.runAt}, excluded.run_at)`,
        maxAttempts: sql`excluded.max_attempts`,
      },
    })
    // The runners' wake-up rides on the insert (sent when the transaction commits): one statement, not two.
    .returning({ id: jobs.id, notified: sql`pg_notify(${JOBS_CHANNEL}, '')` });
  return row!.id;
}

// The two statements of every job's run, built once per database (db/prepared.ts): the claim was the costliest query to
// build of a settings save's whole path (about 0.15 ms on PGlite, where the server's thread runs the database too).
const claimQuery = preparedQuery((ex) => {
  const at = sql.placeholder('at');
  const due = ex
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        isNull(jobs.doneAt),
        isNull(jobs.failedAt),
        sql`${jobs.kind} = ANY(${sql.placeholder('kinds')}::text[])`,
        lte(jobs.runAt, at),
        or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, at)),
      ),
    )
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(sql.placeholder('batch'))
    .for('update', { skipLocked: true });
  return ex
    .update(jobs)
    .set({ attempts: sql`${jobs.attempts} + 1`, lockedUntil: sql`${sql.placeholder('lockedUntil')}` })
    .where(inArray(jobs.id, due))
    .returning({
      id: jobs.id,
      kind: jobs.kind,
      payload: jobs.payload,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
    })
    .prepare('jobs_claim');
});
const doneQuery = preparedQuery((ex) =>
  ex
    .update(jobs)
    .set({ doneAt: sql`${sql.placeholder('doneAt')}`, lockedUntil: null, lastError: null })
    .where(eq(jobs.id, sql.placeholder('id')))
    .prepare('jobs_done'),
);

/**
 * Durable background work kept in the jobs table. Any number of runners (processes) may share a database: a due
 * job is claimed with FOR UPDATE SKIP LOCKED and a lease (locked_until), so each run happens in one place, and a
 * job whose runner died is picked up again when the lease ends. Failures are retried after the kind's backoff up
 * to its maxAttempts, then kept with failed_at and the last error for the operator.
 */
export function createJobRunner(db: Db, options: JobRunnerOptions = {}) {
  const now = options.now ?? (() => new Date());
  const pollMs = options.pollMs ?? 1000;
  const lockMs = options.lockMs ?? 60_000;
  const batch = options.batch ?? 10;
  const keepDoneMs = options.keepDoneMs ?? 7 * 24 * 3600_000;
  let lastPrune = 0;
  const definitions = new Map<string, JobDefinition>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;

  async function claim(): Promise<Claimed[]> {
    if (definitions.size === 0) return [];
    const at = now();
    const claimed = await claimQuery(db).execute({
      at,
      kinds: [...definitions.keys()],
      batch,
      lockedUntil: new Date(at.getTime() + lockMs),
    });
    return claimed.sort((x, y) => x.id - y.id);
  }

  async function fail(job: Claimed, message: string, retryAt?: Date): Promise<void> {
    const lastError = message.slice(0, 2000);
    await db
      .update(jobs)
      .set(
        retryAt ? { runAt: retryAt, lockedUntil: null, lastError } : { failedAt: now(), lockedUntil: null, lastError },
      )
      .where(eq(jobs.id, job.id));
  }

  async function execute(job: Claimed): Promise<void> {
    const definition = definitions.get(job.kind)!;
    const payload = definition.job.payload.safeParse(job.payload);
    // A stored payload the schema no longer accepts fails the same way on every try: no retries.
    if (!payload.success) {
      options.log?.error({ jobId: job.id, kind: job.kind, issues: payload.error.issues }, 'job payload invalid');
      return fail(job, `invalid payload: ${payload.error.message}`);
    }
    try {
      await definition.handler(payload.data, { ...job, payload: payload.data });
      await doneQuery(db).execute({ doneAt: now(), id: job.id });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      options.log?.error({ err: error, jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job failed');
      const retry = job.attempts < job.maxAttempts;
      await fail(job, message, retry ? new Date(now().getTime() + definition.job.backoff(job.attempts)) : undefined);
    }
  }

  /** Claims and runs due jobs until none is left, or (`untilEmpty` false) until a claim comes back short of a batch. */
  async function drain(untilEmpty: boolean): Promise<number> {
    let count = 0;
    for (;;) {
      const claimed = await claim();
      for (const job of claimed) {
        await execute(job);
        count++;
      }
      if (claimed.length === 0 || (!untilEmpty && claimed.length < batch)) return count;
    }
  }

  /**
   * Runs every job that is due now, including jobs those jobs enqueue for now, and returns how many ran. Tests
   * call it to run background work deterministically; the poll loop calls it too.
   */
  async function runDue(untilEmpty = true): Promise<number> {
    while (running) await running.catch(() => 0);
    const run = drain(untilEmpty);
    running = run;
    try {
      return await run;
    } finally {
      if (running === run) running = undefined;
    }
  }

  /** Deletes jobs that finished more than keepDoneMs ago; answers how many. */
  async function prune(): Promise<number> {
    const before = new Date(now().getTime() - keepDoneMs);
    const deleted = await db.delete(jobs).where(lt(jobs.doneAt, before)).returning({ id: jobs.id });
    return deleted.length;
  }

  /** Listening for JOBS_CHANNEL works: every job committed anywhere nudges this runner. */
  let notified = false;
  let lastBeforePollAt = 0;

  async function poll(): Promise<void> {
    // Schedules come due by the clock: a poll nudged by a new job (one per save under load) leaves them to the
    // next poll of the timer when they were looked at less than an interval ago.
    if (Date.now() - lastBeforePollAt >= pollMs) {
      lastBeforePollAt = Date.now();
      await options.beforePoll?.();
    }
    // While notifications arrive, a job that a job enqueues nudges the runner itself: a short claim was all that
    // was due, and a last claim that finds nothing is saved. Without them the poll goes on until nothing is due.
    await runDue(!notified);
    if (now().getTime() - lastPrune >= 3600_000) {
      lastPrune = now().getTime();
      await prune();
    }
  }

  let polling = false;
  let nudged = false;
  /** When the last poll ended (the process's clock, not the test clock): a runner stuck or dead stops moving it. */
  let lastPollEndedAt = 0;
  let listening: Promise<(() => Promise<void>) | undefined> | undefined;
  /** The poll under way, with the prune after its jobs: a stop waits for it, so the database can close after it. */
  let pollUnderWay: Promise<void> | undefined;

  function schedule(delayMs = pollMs) {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      polling = true;
      nudged = false;
      pollUnderWay = poll()
        .catch((error) => options.log?.error({ err: error }, 'job runner poll failed'))
        .finally(() => {
          polling = false;
          lastPollEndedAt = Date.now();
          // A job committed while this poll ran may have missed its claim.
          schedule(nudged ? 0 : pollMs);
        });
    }, delayMs);
    timer.unref();
  }

  /** A job was committed: poll now, or right after the poll under way. */
  function nudge() {
    if (stopped) return;
    if (polling) {
      nudged = true;
      return;
    }
    clearTimeout(timer);
    schedule(0);
  }

  return {
    /** Registers one job kind with its handler; this runner claims only kinds registered here. */
    register<K extends JobKind>(definition: JobDefinition<K>): void {
      if (definitions.has(definition.job.kind)) throw new Error(`job kind ${definition.job.kind} is registered twice`);
      definitions.set(definition.job.kind, definition as unknown as JobDefinition);
    },

    enqueue<K extends JobKind>(job: K, payload: PayloadOf<K>, opts: EnqueueOptions = {}): Promise<number> {
      return enqueueJob(opts.executor ?? db, job, payload, {
        runAt: new Date(now().getTime() + (opts.delayMs ?? 0)),
      });
    },

    /** The runner's clock, for work that must agree with it (the schedules). */
    now,

    runDue,
    prune,

    /**
     * Started, and polling now or within the last 30 s (or ten polls): readiness reports a process whose runner has
     * stopped or hangs. A poll that runs long (a certificate's issuance) keeps it alive while it runs.
     */
    alive(): boolean {
      return !stopped && (polling || Date.now() - lastPollEndedAt <= Math.max(30_000, 10 * pollMs));
    },

    start(): void {
      if (!stopped) return;
      stopped = false;
      lastPollEndedAt = Date.now();
      listening = options.listen?.(nudge).then(
        (unlisten) => {
          notified = true;
          // A job committed before the LISTEN took effect sent its notification to no one.
          nudge();
          return unlisten;
        },
        (error) => {
          options.log?.error({ err: error }, 'job runner cannot listen for new jobs; it polls');
          return undefined;
        },
      );
      schedule();
    },

    /** Stops polling and listening and waits for the poll and the jobs in hand, so the database can close after it. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      const unlisten = await listening;
      listening = undefined;
      notified = false;
      await unlisten?.();
      await pollUnderWay;
      while (running) await running.catch(() => 0);
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
