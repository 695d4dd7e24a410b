// The load generator of bench/load.bench.ts, forked so that autocannon does not share the server's event loop.
// It receives a LoadPlan over IPC, runs autocannon, and answers a LoadSummary.
import { createRequire } from 'node:module';

export interface Identity {
  token: string;
  domainId: number;
}

export interface LoadPlan {
  url: string;
  connections: number;
  seconds: number;
  timeoutSeconds: number;
  identities: Identity[];
}

export interface LoadSummary {
  responses: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  p999Ms: number;
  maxMs: number;
  timeouts: number;
  errors: number;
  non2xx: number;
}

interface AutocannonRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; p99_9: number; max: number };
  timeouts: number;
  errors: number;
  non2xx: number;
}

type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  requests: (Partial<AutocannonRequest> & {
    setupRequest?: (request: AutocannonRequest, context: { identity?: Identity }) => AutocannonRequest;
  })[];
}) => Promise<AutocannonResult>;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/**
 * One round of a console user: the profile, the domain list, one domain's settings, then a settings save (a write
 * that also queues an edge publish job). Each round takes the next signed-in user, round robin.
 */
function rounds(identities: Identity[]) {
  let next = 0;
  type Context = { identity?: Identity };
  const as = (path: (identity: Identity) => string, extra: Partial<AutocannonRequest> = {}) => ({
    setupRequest: (request: AutocannonRequest, context: Context) => {
      context.identity ??= identities[next++ % identities.length]!;
      return {
        ...request,
        ...extra,
        path: path(context.identity),
        headers: { ...extra.headers, authorization: context.identity.token },
      };
    },
  });
  return [
    { method: 'GET', ...as(() => '/api/user/profile') },
    { method: 'GET', ...as(() => '/api/domain/list?page=1&size=20') },
    { method: 'GET', ...as((identity) => `/api/domain/config/${identity.domainId}`) },
    {
      method: 'POST',
      ...as((identity) => `/api/domain/config/${identity.domainId}/compression`, {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ gzip: 'on', brotli: 'off' }),
      }),
    },
  ];
}

process.once('message', async (plan: LoadPlan) => {
  const result = await autocannon({
    url: plan.url,
    connections: plan.connections,
    duration: plan.seconds,
    timeout: plan.timeoutSeconds,
    requests: rounds(plan.identities),
  });
  const summary: LoadSummary = {
    responses: result.requests.total,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    p999Ms: result.latency.p99_9,
    maxMs: result.latency.max,
    timeouts: result.timeouts,
    errors: result.errors,
    non2xx: result.non2xx,
  };
  process.send!(summary, () => process.disconnect());
});
