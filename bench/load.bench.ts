import { fork } from 'node:child_process';
import { createHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { domains } from '../apps/server/src/db/schema';
import { bulkInsertDomains } from '../apps/server/src/modules/domain/domain.bench-support';
import { createTestUser } from '../apps/server/test/fixtures/users';
import { type Bench, type BenchDatabase, onEachDatabase, startApp, versusTarget } from './bench';
import type { Identity, LoadPlan, LoadSummary } from './load-client';

const seconds = Number(process.env.BENCH_SECONDS ?? 25);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 200);
const users = Number(process.env.BENCH_USERS ?? 20);
/** As the issue's measurement: a request unanswered this long counts as a timeout. */
const timeoutSeconds = 20;

/** Signed-in customers, each with a few domains; one identity per domain, so saves spread over them. */
async function signIn(bench: BenchDatabase, app: Parameters<typeof createTestUser>[0]['app']): Promise<Identity[]> {
  const identities: Identity[] = [];
  const domainsEach = Math.max(1, Math.ceil(connections / users));
  for (let i = 0; i < users; i++) {
    const user = await createTestUser({ app, database: bench.database }, { name: `load${i}` });
    await bulkInsertDomains(bench.database, user.id, domainsEach);
    const owned = await bench.database.db.select({ id: domains.id }).from(domains).where(eq(domains.userId, user.id));
    for (const { id } of owned) identities.push({ token: user.token, domainId: id });
  }
  return identities;
}

function runLoad(plan: LoadPlan): Promise<LoadSummary> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./load-client.ts', import.meta.url), { stdio: 'inherit' });
    child.once('message', (summary) => resolve(summary as LoadSummary));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the load generator exited with ${code}`));
    });
    child.send(plan);
  });
}

const ms = (ns: number) => ns / 1e6;

async function measure(bench: BenchDatabase): Promise<void> {
  const kind = bench.kind.padEnd(10);
  // The server's own view: time from request to response as Fastify measures it, in microseconds.
  const serverTime = createHistogram();
  const server = await startApp(bench, {
    background: true,
    configure: (app) =>
      app.addHook('onResponse', async (_request, reply) => {
        serverTime.record(Math.max(1, Math.round(reply.elapsedTime * 1000)));
      }),
  });
  try {
    const identities = await signIn(bench, server.app);
    serverTime.reset();
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const load = await runLoad({ url: server.url, connections, seconds, timeoutSeconds, identities });
    loopDelay.disable();

    const answered = load.responses;
    // autocannon counts a timeout as an error too.
    const failed = load.errors;
    // autocannon leaves timed-out requests out of its latencies; more than 0.1 % of them puts p99.9 at the timeout.
    const p999 = failed > (answered + failed) / 1000 ? timeoutSeconds * 1000 : load.p999Ms;
    const loopP99 = ms(loopDelay.percentile(99));
    console.log(
      `${kind} ${load.requestsPerSecond.toFixed(0)} req/s, ${answered} answered, ${load.errors} errors (${load.timeouts} of them timeouts), ${load.non2xx} non-2xx`,
    );
    console.log(
      `${kind} latency p50 ${load.p50Ms} ms  p99 ${load.p99Ms} ms  p99.9 ${versusTarget(`${p999} ms`, p999 <= 1000, '<= 1000 ms')}  max ${load.maxMs} ms`,
    );
    console.log(
      `${kind} server's own time p99 ${(serverTime.percentile(99) / 1000).toFixed(0)} ms  max ${(serverTime.max / 1000).toFixed(0)} ms`,
    );
    console.log(
      `${kind} event-loop delay p99 ${versusTarget(`${loopP99.toFixed(0)} ms`, loopP99 <= 50, '<= 50 ms')}  max ${ms(loopDelay.max).toFixed(0)} ms`,
    );
  } finally {
    await server.stop();
  }
}

export default {
  name: 'load',
  description: `${connections} connections for ${seconds} s of profile, domain list, domain settings and a settings save, ${users} customers`,
  run: () => onEachDatabase(measure),
} satisfies Bench;
