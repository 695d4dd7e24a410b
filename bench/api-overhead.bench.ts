import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from '../apps/server/src/db/connect';
import { rowsOf } from '../apps/server/src/db/migrate';
import { hashSecret } from '../apps/server/src/modules/session';
import { findActiveByTokenHash } from '../apps/server/src/modules/session/session.repository';
import { type Bench, type BenchDatabase, onEachDatabase, startApp, versusTarget } from './bench';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
/** Each target's seconds are cut into this many turns, taken alternately, so both see the machine's ups and downs. */
const turns = Number(process.env.BENCH_TURNS ?? 5);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const profilePath = '/api/user/profile';
const autocannon = createRequire(import.meta.url).resolve('autocannon');

/**
 * The reference: the same queries as the real route (session with user and permissions, then the profile) on a
 * bare Fastify, without validation, serialization schemas, security headers, logging or the envelope helpers.
 */
async function rawApp(database: Database): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.get(profilePath, async (request, reply) => {
    const token = request.headers.authorization;
    const session = token ? await findActiveByTokenHash(database.db, hashSecret(token)) : undefined;
    if (!session) return reply.code(401).send({ code: 401, message: 'Unauthorized', data: null });
    const [user] = rowsOf<Record<string, unknown>>(
      await database.db.execute(sql`
        SELECT id, user_name, email, phone, avatar, cdn_type, real_name_verified, created_at
          FROM users WHERE id = ${session.userId}`),
    );
    if (!user) return reply.code(404).send({ code: 404, message: 'Not found', data: null });
    return {
      code: 200,
      message: 'Success',
      data: {
        id: Number(user.id),
        userName: user.user_name,
        email: user.email,
        phone: user.phone,
        avatar: user.avatar,
        cdnType: user.cdn_type,
        realNameVerified: user.real_name_verified,
        roles: [{ roleId: 'customer', permissions: session.permissions }],
        createdAt: new Date(user.created_at as string).getTime(),
      },
    };
  });
  return app;
}

interface LoadResult {
  requests: number;
  seconds: number;
  /** CPU time of this process (both servers, idle one included) over the run. */
  cpuUs: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

/** autocannon in its own process, so the load generator does not share the servers' event loop. */
function load(url: string, token: string, duration: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const args = [autocannon, '-j', '-n', '-c', String(connections), '-d', String(duration)];
    const child = spawn(process.execPath, [...args, '-H', `authorization=${token}`, url], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const cpuBefore = process.cpuUsage();
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const cpu = process.cpuUsage(cpuBefore);
      const result = JSON.parse(out);
      resolve({
        requests: result.requests.total,
        seconds: result.duration,
        cpuUs: cpu.user + cpu.system,
        p99Ms: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
      });
    });
  });
}

/** One target's turns together: requests a second over all of them, CPU per request, the median turn's p99. */
function summed(results: LoadResult[]) {
  const requests = results.reduce((sum, r) => sum + r.requests, 0);
  const p99s = results.map((r) => r.p99Ms).sort((a, b) => a - b);
  return {
    requestsPerSecond: requests / results.reduce((sum, r) => sum + r.seconds, 0),
    cpuUsPerRequest: results.reduce((sum, r) => sum + r.cpuUs, 0) / requests,
    p99Ms: p99s[Math.floor(p99s.length / 2)]!,
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
  };
}

async function measure(bench: BenchDatabase): Promise<void> {
  const kind = bench.kind.padEnd(10);
  const { app: ours, url, user } = await startApp(bench);
  const reference = await rawApp(bench.database);
  try {
    const targets = [
      {
        name: 'bare Fastify, same SQL',
        url: `${await reference.listen({ host: '127.0.0.1', port: 0 })}${profilePath}`,
      },
      { name: 'Edgeward stack', url: `${url}${profilePath}` },
    ];
    for (const target of targets) {
      const response = await fetch(target.url, { headers: { authorization: user.token } });
      if (response.status !== 200) {
        console.log(`${kind} skipped: ${target.name} answers GET ${profilePath} with ${response.status}`);
        return;
      }
    }

    for (const target of targets) await load(target.url, user.token, warmupSeconds);
    const runs: LoadResult[][] = targets.map(() => []);
    for (let turn = 0; turn < turns; turn++) {
      for (const [i, target] of targets.entries()) runs[i]!.push(await load(target.url, user.token, seconds / turns));
    }
    const results = runs.map(summed);
    for (const [i, result] of results.entries()) {
      const problems = result.non2xx || result.errors ? `  (${result.non2xx} non-2xx, ${result.errors} errors)` : '';
      console.log(
        `${kind} ${targets[i]!.name.padEnd(24)} ${result.requestsPerSecond.toFixed(0).padStart(7)} req/s   p99 ${String(result.p99Ms).padStart(3)} ms   CPU ${result.cpuUsPerRequest.toFixed(0).padStart(5)} µs/request${problems}`,
      );
    }
    const [raw, edgeward] = results as [ReturnType<typeof summed>, ReturnType<typeof summed>];
    const throughput = edgeward.requestsPerSecond / raw.requestsPerSecond;
    const p99 = edgeward.p99Ms / raw.p99Ms;
    console.log(`${kind} throughput ${versusTarget(`${throughput.toFixed(2)}x`, throughput >= 0.9, '>= 0.9x')}`);
    console.log(`${kind} p99        ${versusTarget(`${p99.toFixed(2)}x`, p99 <= 1.2, '<= 1.2x')}`);
    // On a busy machine the two runs see different load; CPU per request does not depend on it as much.
    console.log(
      `${kind} CPU per request ${(edgeward.cpuUsPerRequest / raw.cpuUsPerRequest).toFixed(2)}x the bare route's`,
    );
  } finally {
    await reference.close();
    await ours.close();
  }
}

export default {
  name: 'api-overhead',
  description: `GET ${profilePath} through the whole stack vs a bare Fastify route with the same SQL (${connections} connections, ${warmupSeconds} s warm-up, ${seconds} s each in ${turns} alternating turns; metrics on)`,
  run: () => onEachDatabase(measure),
} satisfies Bench;
