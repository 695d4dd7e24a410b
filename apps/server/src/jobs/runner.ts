import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/connect';
import { rowsOf } from '../db/migrate';
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
}

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
  const runAt = (options.runAt ?? new Date()).toISOString();
  const mergeKey = job.mergeKey?.(checked) ?? null;
  const result = await executor.execute(sql`
    INSERT INTO jobs (kind, payload, run_at, max_attempts, merge_key)
    VALUES (${job.kind}, ${JSON.stringify(checked)}::jsonb, ${runAt}::timestamptz, ${job.maxAttempts}, ${mergeKey})
    ON CONFLICT (kind, merge_key) WHERE merge_key IS NOT NULL AND attempts = 0
    DO UPDATE SET payload = EXCLUDED.payload, run_at = LEAST(jobs.run_at, EXCLUDED.run_at),
                  max_attempts = EXCLUDED.max_attempts
    RETURNING id`);
  return Number(rowsOf<{ id: number | string }>(result)[0]!.id);
}

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
    const kinds = sql.join(
      [...definitions.keys()].map((k) => sql`${k}`),
      sql`, `,
    );
    const result = await db.execute(sql`
      UPDATE jobs SET attempts = attempts + 1,
             locked_until = ${new Date(at.getTime() + lockMs).toISOString()}::timestamptz
       WHERE id IN (SELECT id FROM jobs
                     WHERE done_at IS NULL AND failed_at IS NULL AND kind IN (${kinds})
                       AND run_at <= ${at.toISOString()}::timestamptz
                       AND (locked_until IS NULL OR locked_until <= ${at.toISOString()}::timestamptz)
                     ORDER BY run_at, id
                     LIMIT ${batch}
                     FOR UPDATE SKIP LOCKED)
      RETURNING id, kind, payload, attempts, max_attempts AS "maxAttempts"`);
    return rowsOf<{ id: number | string; kind: string; payload: unknown; attempts: number; maxAttempts: number }>(
      result,
    )
      .map((r) => ({
        id: Number(r.id),
        kind: r.kind,
        payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
        attempts: Number(r.attempts),
        maxAttempts: Number(r.maxAttempts),
      }))
      .sort((a, b) => a.id - b.id);
  }

  async function fail(job: Claimed, message: string, retryAt?: Date): Promise<void> {
    const error = message.slice(0, 2000);
    await db.execute(
      retryAt
        ? sql`UPDATE jobs SET run_at = ${retryAt.toISOString()}::timestamptz, locked_until = NULL, last_error = ${error}
               WHERE id = ${job.id}`
        : sql`UPDATE jobs SET failed_at = ${now().toISOString()}::timestamptz, locked_until = NULL,
                              last_error = ${error} WHERE id = ${job.id}`,
    );
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
      await db.execute(
        sql`UPDATE jobs SET done_at = ${now().toISOString()}::timestamptz, locked_until = NULL, last_error = NULL
             WHERE id = ${job.id}`,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      options.log?.error({ err: error, jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job failed');
      const retry = job.attempts < job.maxAttempts;
      await fail(job, message, retry ? new Date(now().getTime() + definition.job.backoff(job.attempts)) : undefined);
    }
  }

  async function drain(): Promise<number> {
    let count = 0;
    for (;;) {
      const claimed = await claim();
      if (claimed.length === 0) return count;
      for (const job of claimed) {
        await execute(job);
        count++;
      }
    }
  }

  /**
   * Runs every job that is due now, including jobs those jobs enqueue for now, and returns how many ran. Tests
   * call it to run background work deterministically; the poll loop calls it too.
   */
  async function runDue(): Promise<number> {
    while (running) await running.catch(() => 0);
    const run = drain();
    running = run;
    try {
      return await run;
    } finally {
      if (running === run) running = undefined;
    }
  }

  /** Deletes jobs that finished more than keepDoneMs ago; answers how many. */
  async function prune(): Promise<number> {
    const before = new Date(now().getTime() - keepDoneMs).toISOString();
    const result = await db.execute(sql`DELETE FROM jobs WHERE done_at < ${before}::timestamptz RETURNING id`);
    return rowsOf(result).length;
  }

  async function poll(): Promise<void> {
    await options.beforePoll?.();
    await runDue();
    if (now().getTime() - lastPrune >= 3600_000) {
      lastPrune = now().getTime();
      await prune();
    }
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      poll()
        .catch((error) => options.log?.error({ err: error }, 'job runner poll failed'))
        .finally(schedule);
    }, pollMs);
    timer.unref();
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

    start(): void {
      if (!stopped) return;
      stopped = false;
      schedule();
    },

    /** Stops polling and waits for the jobs in hand to finish, so the database can close after it. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      while (running) await running.catch(() => 0);
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
