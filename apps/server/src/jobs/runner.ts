import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/connect';
import { rowsOf } from '../db/migrate';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

export interface Job {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  /** 1 on the first run; counts runs that were claimed, including ones cut short by a crash. */
  attempts: number;
}

/** Handlers must be idempotent: a run that crashes after its work but before it is recorded is run again. */
export type JobHandler = (payload: Record<string, unknown>, job: Job) => Promise<void>;

export interface EnqueueOptions {
  /** Run no earlier than this long from now (the runner's clock). */
  delayMs?: number;
  maxAttempts?: number;
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
}

/** The wait before retry n (1-based): 1 s, 2 s, 4 s ... capped at 10 minutes. */
export function backoffMs(attempt: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempt - 1), 10 * 60_000);
}

/** Inserts a job; also usable where no runner exists (the operator CLI), with the database's or a given clock. */
export async function enqueueJob(
  executor: Executor,
  kind: string,
  payload: Record<string, unknown>,
  options: { runAt?: Date; maxAttempts?: number } = {},
): Promise<number> {
  const runAt = options.runAt ?? new Date();
  const result = await executor.execute(sql`
    INSERT INTO jobs (kind, payload, run_at, max_attempts)
    VALUES (${kind}, ${JSON.stringify(payload)}::jsonb, ${runAt.toISOString()}::timestamptz, ${options.maxAttempts ?? 10})
    RETURNING id`);
  return Number(rowsOf<{ id: number | string }>(result)[0]!.id);
}

/**
 * Durable background work kept in the jobs table. Any number of runners (processes) may share a database: a due
 * job is claimed with FOR UPDATE SKIP LOCKED and a lease (locked_until), so each run happens in one place, and a
 * job whose runner died is picked up again when the lease ends. Failures are retried with exponential backoff up
 * to max_attempts, then kept with failed_at and the last error for the operator.
 */
export function createJobRunner(db: Db, options: JobRunnerOptions = {}) {
  const now = options.now ?? (() => new Date());
  const pollMs = options.pollMs ?? 1000;
  const lockMs = options.lockMs ?? 60_000;
  const batch = options.batch ?? 10;
  const keepDoneMs = options.keepDoneMs ?? 7 * 24 * 3600_000;
  let lastPrune = 0;
  const handlers = new Map<string, JobHandler>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;

  async function claim(): Promise<Job[]> {
    if (handlers.size === 0) return [];
    const at = now();
    const kinds = sql.join(
      [...handlers.keys()].map((k) => sql`${k}`),
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
    return rowsOf<Job & { id: number | string; maxAttempts: number; payload: unknown }>(result)
      .map((r) => ({
        id: Number(r.id),
        kind: r.kind,
        payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as Record<string, unknown>,
        attempts: Number(r.attempts),
        maxAttempts: Number(r.maxAttempts),
      }))
      .sort((a, b) => a.id - b.id);
  }

  async function execute(job: Job & { maxAttempts: number }): Promise<void> {
    const handler = handlers.get(job.kind)!;
    try {
      await handler(job.payload, job);
      await db.execute(
        sql`UPDATE jobs SET done_at = ${now().toISOString()}::timestamptz, locked_until = NULL, last_error = NULL
             WHERE id = ${job.id}`,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      options.log?.error({ err: error, jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job failed');
      const at = now();
      if (job.attempts >= job.maxAttempts) {
        await db.execute(sql`UPDATE jobs SET failed_at = ${at.toISOString()}::timestamptz, locked_until = NULL,
                                  last_error = ${message.slice(0, 2000)} WHERE id = ${job.id}`);
      } else {
        const retryAt = new Date(at.getTime() + backoffMs(job.attempts));
        await db.execute(sql`UPDATE jobs SET run_at = ${retryAt.toISOString()}::timestamptz, locked_until = NULL,
                                  last_error = ${message.slice(0, 2000)} WHERE id = ${job.id}`);
      }
    }
  }

  async function drain(): Promise<number> {
    let count = 0;
    for (;;) {
      const claimed = (await claim()) as (Job & { maxAttempts: number })[];
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
    /** Registers the handler of one job kind; this runner claims only kinds it can handle. */
    handle(kind: string, handler: JobHandler): void {
      if (handlers.has(kind)) throw new Error(`job kind ${kind} already has a handler`);
      handlers.set(kind, handler);
    },

    enqueue(kind: string, payload: Record<string, unknown>, opts: EnqueueOptions = {}): Promise<number> {
      return enqueueJob(opts.executor ?? db, kind, payload, {
        runAt: new Date(now().getTime() + (opts.delayMs ?? 0)),
        maxAttempts: opts.maxAttempts,
      });
    },

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
