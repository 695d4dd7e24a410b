import type { z } from 'zod';

/** The wait before retry n (1-based): 1 s, 2 s, 4 s ... capped at 10 minutes. */
export function backoffMs(attempt: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempt - 1), 10 * 60_000);
}

/**
 * A kind of job: what its payload is, how often it is tried and how long a failure waits. Enqueuing goes through
 * it (the payload is checked before it is stored), and so does running (the stored payload is parsed again).
 * Services enqueue with the kind alone; the handler is bound where the area's dependencies exist (`handle`).
 */
export interface JobKind<Schema extends z.ZodType = z.ZodType> {
  readonly kind: string;
  readonly payload: Schema;
  readonly maxAttempts: number;
  /** The wait before retry n (1-based). */
  readonly backoff: (attempt: number) => number;
  /**
   * Jobs with the same key merge while they wait for their first run: enqueuing one updates the waiting job
   * (newest payload, earliest run time) instead of adding a row. Absent: every enqueue adds a job.
   */
  readonly mergeKey?: (payload: z.output<Schema>) => string;
}

export type PayloadOf<K extends JobKind> = z.output<K['payload']>;

export function defineJob<Schema extends z.ZodType>(definition: {
  kind: string;
  payload: Schema;
  maxAttempts?: number;
  backoff?: (attempt: number) => number;
  mergeKey?: (payload: z.output<Schema>) => string;
}): JobKind<Schema> {
  return { maxAttempts: 10, backoff: backoffMs, ...definition };
}

export interface Job<Payload = unknown> {
  id: number;
  kind: string;
  payload: Payload;
  /** 1 on the first run; counts runs that were claimed, including ones cut short by a crash. */
  attempts: number;
}

/** Handlers must be idempotent: a run that crashes after its work but before it is recorded is run again. */
export type JobHandler<Payload> = (payload: Payload, job: Job<Payload>) => Promise<void>;

/** A job kind with the function that does its work, as an area or provider hands it to the runner. */
export interface JobDefinition<K extends JobKind = JobKind> {
  readonly job: K;
  // Method syntax: a list of definitions of different kinds stays assignable to JobDefinition[].
  handler(payload: PayloadOf<K>, job: Job<PayloadOf<K>>): Promise<void>;
}

export function handle<K extends JobKind>(job: K, handler: JobHandler<PayloadOf<K>>): JobDefinition<K> {
  return { job, handler };
}
