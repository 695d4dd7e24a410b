import {
  type EdgeCacheReportBody,
  type EdgeFeed,
  EdgeFeedSchema,
  type EdgeRegistration,
  EdgeRegistrationSchema,
  type EdgeReport,
  edgeAgentRoutes,
} from '@edgeward/edge-config';
import { z } from 'zod';

/** A call that did not succeed: the console's error envelope (code, error id, message) or a network failure. */
export class ConsoleError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when no answer came. */
    readonly status: number,
  ) {
    super(message);
  }
}

export interface ConsoleClientOptions {
  baseUrl: string;
  token: string;
  /** Aborts every call in flight (the agent stopping). */
  signal?: AbortSignal;
}

export interface RegisterInput {
  hostname: string;
  agentVersion: string;
  nginxVersion: string;
}

/** The console's routes are mounted under /api (apps/server/src/app.ts). */
const api = (path: string) => `/api${path}`;

/** The agent's side of packages/edge-config/src/protocol.ts and of the traffic area's log intake. */
export function createConsoleClient({ baseUrl, token, signal }: ConsoleClientOptions) {
  const authorization = `Bearer ${token}`;

  async function call<T>(
    path: string,
    init: { method: string; body?: unknown; timeoutMs: number },
    data: z.ZodType<T>,
  ): Promise<T> {
    const timeout = AbortSignal.timeout(init.timeoutMs);
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${api(path)}`, {
        method: init.method,
        headers: {
          authorization,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      throw new ConsoleError(`${init.method} ${path}: ${describeFailure(error)}`, 0);
    }
    return unwrap(path, response, data);
  }

  return {
    register: (input: RegisterInput): Promise<EdgeRegistration> =>
      call(edgeAgentRoutes.register.path, { method: 'POST', body: input, timeoutMs: 15_000 }, EdgeRegistrationSchema),

    /** Long poll: waits up to waitSeconds for a change; the timeout leaves room for the console's answer. */
    feed: (since: number, tasksSince: number | null, waitSeconds: number): Promise<EdgeFeed> => {
      const query = new URLSearchParams({ since: String(since), waitSeconds: String(waitSeconds) });
      if (tasksSince !== null) query.set('tasksSince', String(tasksSince));
      return call(
        `${edgeAgentRoutes.feed.path}?${query}`,
        { method: 'GET', timeoutMs: (waitSeconds + 30) * 1000 },
        EdgeFeedSchema,
      );
    },

    reports: (reports: EdgeReport[]) =>
      call(
        edgeAgentRoutes.reports.path,
        { method: 'POST', body: { reports }, timeoutMs: 30_000 },
        z.object({ accepted: z.number() }),
      ),

    cacheReport: (body: EdgeCacheReportBody) =>
      call(
        edgeAgentRoutes.cacheReport.path,
        { method: 'POST', body, timeoutMs: 30_000 },
        z.object({ recorded: z.boolean() }),
      ),

    /** One batch of access-log lines, gzip; the batch id makes a repeated post count once. */
    async postLogs(gzipped: Buffer, batchId: string): Promise<void> {
      const timeout = AbortSignal.timeout(60_000);
      let response: Response;
      try {
        response = await fetch(`${baseUrl}${api('/edge/logs')}`, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-ndjson',
            'content-encoding': 'gzip',
            'x-batch-id': batchId,
          },
          body: gzipped,
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (error) {
        throw new ConsoleError(`POST /edge/logs: ${describeFailure(error)}`, 0);
      }
      await unwrap('/edge/logs', response, z.unknown());
    },
  };
}

export type ConsoleClient = ReturnType<typeof createConsoleClient>;

const EnvelopeSchema = z.object({
  code: z.number(),
  message: z.string(),
  data: z.unknown(),
  error: z.string().optional(),
});

/** The envelope of every answer: code 200 carries the data; anything else names the error. */
async function unwrap<T>(path: string, response: Response, data: z.ZodType<T>): Promise<T> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ConsoleError(`${path}: HTTP ${response.status}, not JSON: ${text.slice(0, 200)}`, response.status);
  }
  const envelope = EnvelopeSchema.safeParse(body);
  if (!envelope.success) {
    throw new ConsoleError(`${path}: HTTP ${response.status}, not the console's envelope`, response.status);
  }
  const { code, message, error } = envelope.data;
  if (!response.ok || code !== 200) {
    throw new ConsoleError(`${path}: ${error ?? code} ${message}`, response.status);
  }
  const parsed = data.safeParse(envelope.data.data);
  if (!parsed.success) {
    throw new ConsoleError(`${path}: unexpected answer: ${parsed.error.issues[0]?.message}`, response.status);
  }
  return parsed.data;
}

function describeFailure(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    if (error.name === 'TimeoutError') return 'timed out';
    if (error.name === 'AbortError') return 'aborted';
    return cause?.code ?? cause?.message ?? error.message;
  }
  return String(error);
}
