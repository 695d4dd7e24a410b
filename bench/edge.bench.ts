import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { promisify } from 'node:util';
import { type EdgeRenderOptions, type EdgeSnapshot, renderDomain, renderMainConfig } from '@edgeward/edge-config';
import { selfSignedCertificate } from '@edgeward/testkit';
import { ConfigApplier } from '../apps/edge/src/apply';
import { silentLogger } from '../apps/edge/src/log';
import { Nginx, nginxEnvironment } from '../apps/edge/src/nginx';
import { SnapshotStore } from '../apps/edge/src/state';
import { type Bench, percentile, versusTarget } from './bench';
import { benchSnapshot } from './edge-snapshots';

const execFileAsync = promisify(execFile);

/*
 * The nginx edge (issue 15): what a visitor gets from a cache HIT against the origin itself, what 10 000 domains cost
 * nginx to test, load and reload, and how long a customer's save takes to be served. Needs Debian's nginx and its
 * modules (as the edge tests) and wrk (`apt-get install -y wrk`) for the throughput part.
 */

process.env.EDGE_PORT_BASE ??= '18400';
const base = Number(process.env.EDGE_PORT_BASE);
const domainCount = Number(process.env.BENCH_EDGE_DOMAINS ?? 10_000);
const saves = Number(process.env.BENCH_EDGE_SAVES ?? 30);
const wrkSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const nginxBin = '/usr/sbin/nginx';

const ms = (n: number) => `${n.toFixed(0)} ms`;
const seconds = (n: number) => `${(n / 1000).toFixed(2)} s`;
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

function tempDir(name: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `edgeward-bench-${name}-`));
}

/** Options for an nginx of the bench's own under `dir`, with the bench's ports. */
function renderOptions(
  dir: string,
  ports: { http: number; https: number; internal: number; auth: number },
): EdgeRenderOptions {
  const paths = {
    prefix: path.join(dir, 'nginx'),
    domainsDir: path.join(dir, 'nginx/domains'),
    certsDir: path.join(dir, 'nginx/certs'),
    cacheDir: path.join(dir, 'cache'),
    accessLog: path.join(dir, 'logs/access.log'),
    errorLog: path.join(dir, 'logs/error.log'),
    authErrorLog: path.join(dir, 'logs/auth-error.log'),
    njsDir: path.join(dir, 'nginx/njs'),
  };
  for (const folder of Object.values(paths))
    fs.mkdirSync(folder.endsWith('.log') ? path.dirname(folder) : folder, { recursive: true });
  fs.mkdirSync(path.join(paths.prefix, 'temp'), { recursive: true });
  return {
    httpPort: ports.http,
    httpsPort: ports.https,
    internalPort: ports.internal,
    authPort: ports.auth,
    paths,
    workerProcesses: 2,
    cacheMaxSize: '1g',
    ...(process.getuid?.() === 0 ? { user: 'root' } : {}),
  };
}

/** Writes the main file and every domain's files; answers the nginx that runs them. */
function writeEdge(options: EdgeRenderOptions, snapshots: EdgeSnapshot[]): Nginx {
  const mainConfig = path.join(options.paths.prefix, 'nginx.conf');
  fs.writeFileSync(mainConfig, renderMainConfig(options));
  for (const snapshot of snapshots) writeDomain(options, snapshot);
  return new Nginx({ bin: nginxBin, prefix: options.paths.prefix, mainConfig, errorLog: options.paths.errorLog });
}

function writeDomain(options: EdgeRenderOptions, snapshot: EdgeSnapshot): void {
  for (const file of renderDomain(snapshot, options)) {
    const dir = file.dir === 'certs' ? options.paths.certsDir : options.paths.domainsDir;
    fs.writeFileSync(path.join(dir, file.path), file.content, { mode: file.mode ?? 0o644 });
  }
}

const titleOf = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
};

/** Waits until the master has its workers and none of the previous ones is still shutting down. */
async function settled(nginx: Nginx): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const titles = childrenOf(nginx).map(titleOf);
    const ready = titles.filter((t) => t.includes('worker process')).length >= 2;
    if ((ready && !titles.some((t) => t.includes('shutting down'))) || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function childrenOf(nginx: Nginx): number[] {
  const master = nginx.masterPid();
  if (master === null) return [];
  return fs
    .readFileSync(`/proc/${master}/task/${master}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
}

/** Proportional set size of the master and its workers (shared pages counted once), from /proc. */
function memoryOf(nginx: Nginx): { totalKb: number; processes: number } {
  const master = nginx.masterPid();
  if (master === null) return { totalKb: 0, processes: 0 };
  const children = childrenOf(nginx);
  let totalKb = 0;
  let processes = 0;
  for (const pid of [master, ...children]) {
    // The cache loader exits a moment after the start: a process gone since the listing is skipped.
    let rollup = '';
    try {
      rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    } catch {
      continue;
    }
    const pss = /^Pss:\s+(\d+) kB/m.exec(rollup)?.[1];
    if (pss === undefined) continue;
    totalKb += Number(pss);
    processes++;
  }
  return { totalKb, processes };
}

function get(
  port: number,
  host: string,
  pathName: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: pathName, headers: { host }, agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      })
      .on('error', reject);
  });
}

/**
 * TLS handshakes a second against the edge for 5 s, 4 at a time, each connection closed once the handshake is done:
 * full handshakes, or resumed with the session ticket the edge handed out on a first one (only those are counted).
 */
async function handshakesPerSecond(port: number, servername: string, resume: boolean): Promise<number> {
  const options = { host: '127.0.0.1', port, servername, rejectUnauthorized: false };
  let session: Buffer | undefined;
  if (resume) {
    session = await new Promise<Buffer>((resolve, reject) => {
      const socket = tls.connect(options);
      socket.once('session', (ticket: Buffer) => {
        socket.destroy();
        resolve(ticket);
      });
      socket.once('error', reject);
    });
  }
  const handshake = () =>
    new Promise<boolean>((resolve, reject) => {
      const socket = tls.connect({ ...options, ...(session ? { session } : {}) }, () => {
        const reused = socket.isSessionReused();
        socket.destroy();
        resolve(reused);
      });
      socket.once('error', reject);
    });
  let count = 0;
  const until = performance.now() + 5000;
  const loop = async () => {
    while (performance.now() < until) if ((await handshake()) === resume) count++;
  };
  await Promise.all([loop(), loop(), loop(), loop()]);
  return count / 5;
}

/** `nginx -t` three times: the median time and the largest resident size /usr/bin/time saw. */
async function timeTest(nginx: Nginx): Promise<{ medianMs: number; peakKb: number }> {
  const runs: { ms: number; kb: number }[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const { stderr } = await execFileAsync(
      '/usr/bin/time',
      [
        '-f',
        '%M',
        nginxBin,
        '-t',
        '-q',
        '-p',
        `${nginx.paths.prefix}/`,
        '-c',
        nginx.paths.mainConfig,
        '-e',
        nginx.paths.errorLog,
      ],
      { maxBuffer: 16 * 1024 * 1024, env: nginxEnvironment() },
    );
    runs.push({ ms: performance.now() - started, kb: Number(stderr.trim().split('\n').at(-1)) });
  }
  const sorted = runs.map((r) => r.ms).sort((a, b) => a - b);
  return { medianMs: sorted[1]!, peakKb: Math.max(...runs.map((r) => r.kb)) };
}

/**
 * The busy mix is the one the target is measured on (edge-snapshots.ts: a fifth on HTTPS, access rules, URL auth,
 * limits, edge-platform policy); the plain mix (origin and one cache rule each) shows what the features add.
 */
async function tenThousandDomains(mix: 'busy' | 'plain'): Promise<void> {
  console.log(`${mix} mix:`);
  const dir = tempDir('domains');
  const options = renderOptions(dir, { http: base + 20, https: base + 21, internal: base + 22, auth: base + 24 });
  const certificate = selfSignedCertificate('*.bench.example');
  const started = performance.now();
  const snapshots = Array.from({ length: domainCount }, (_, i) =>
    benchSnapshot(i + 1, certificate, base + 23, { plain: mix === 'plain' }),
  );
  const nginx = writeEdge(options, snapshots);
  const renderMs = performance.now() - started;
  const bytes = fs
    .readdirSync(options.paths.domainsDir)
    .reduce((sum, file) => sum + fs.statSync(path.join(options.paths.domainsDir, file)).size, 0);
  console.log(`${domainCount} domains rendered and written in ${ms(renderMs)} (${mb(bytes / 1024)} of .conf files)`);
  try {
    const test = await timeTest(nginx);
    console.log(
      `nginx -t (median of 3):          ${versusTarget(seconds(test.medianMs), test.medianMs < 3000, '< 3 s')}, peak ${mb(test.peakKb)} resident`,
    );
    const startedAt = performance.now();
    await nginx.startOrReload();
    console.log(`nginx start:                     ${seconds(performance.now() - startedAt)}`);
    await settled(nginx);
    const memory = memoryOf(nginx);
    console.log(
      `memory after start:              ${mb(memory.totalKb)} PSS over ${memory.processes} processes (master, workers, cache manager)`,
    );
    const https = snapshots.find((snapshot) => snapshot.config?.https === 'on');
    if (https) {
      // The price of loading certificates at the handshake: a new visitor's handshake reads and parses them.
      for (const resume of [false, true]) {
        const rate = await handshakesPerSecond(options.httpsPort, https.domainName, resume);
        console.log(
          `TLS handshakes (${resume ? 'resumed sessions' : 'full, new visitors'}): ${rate.toFixed(0)} per second (4 connections at a time, TLS 1.3)`,
        );
      }
    }
    const probe = snapshots[0]!;
    const reloadMs = await medianUntilServed(options, probe, 'X-Bench-Reload', async (changed) => {
      writeDomain(options, changed);
      await nginx.reload();
    });
    console.log(
      `reload until the change is served (median of 3): ${versusTarget(seconds(reloadMs), reloadMs < 3000, '< 3 s')}`,
    );
    // What a customer's save waits for at the edge: the agent renders and writes the domain, and reloads.
    const store = new SnapshotStore(path.join(dir, 'snapshots'));
    const applier = new ConfigApplier({ renderMainConfig, renderDomain }, options, nginx, store, silentLogger);
    await applier.boot(new Map(snapshots.map((snapshot) => [snapshot.domainId, snapshot])));
    const applyMs = await medianUntilServed(options, probe, 'X-Bench-Apply', async (changed) => {
      const [report] = await applier.apply([changed], false);
      if (report?.result !== 'applied') throw new Error(`the agent did not apply the change: ${report?.reason}`);
    });
    console.log(`a change applied by the agent until served (median of 3): ${seconds(applyMs)}`);
    // The comparison: the agent tested the files with `nginx -t` before every reload until the reload became the test.
    const testedMs = await medianUntilServed(options, probe, 'X-Bench-Tested', async (changed) => {
      writeDomain(options, changed);
      const test = await nginx.test();
      if (!test.ok) throw new Error(test.message);
      await nginx.reload();
    });
    console.log(`  the same with nginx -t before the reload (as before): ${seconds(testedMs)}`);
    await settled(nginx);
    const after = memoryOf(nginx);
    console.log(
      `memory after the reloads:        ${mb(after.totalKb)} PSS over ${after.processes} processes (old workers gone)`,
    );
  } finally {
    await nginx.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The median of three changes to `probe` (a response header `header` set to 1, 2, 3), each timed from `change` being
 * called until the edge answers with it.
 */
async function medianUntilServed(
  options: EdgeRenderOptions,
  probe: EdgeSnapshot,
  header: string,
  change: (changed: EdgeSnapshot) => Promise<void>,
): Promise<number> {
  const times: number[] = [];
  for (let i = 1; i <= 3; i++) {
    const changed = structuredClone(probe);
    changed.version += i;
    changed.config!.httpResponseHeader.headers = [{ name: header, value: String(i), action: 'set' }];
    const at = performance.now();
    await change(changed);
    for (;;) {
      const answer = await get(options.httpPort, probe.domainName, '/').catch(() => null);
      if (answer?.headers[header.toLowerCase()] === String(i)) break;
    }
    times.push(performance.now() - at);
  }
  return times.sort((a, b) => a - b)[1]!;
}

/** A plain origin for the throughput comparison: one 16 KB object, as a small static file. */
async function startOrigin(): Promise<{ port: number; close(): Promise<void> }> {
  const body = Buffer.alloc(16 * 1024, 'edgeward bench object\n');
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** wrk in a process of its own, while this process keeps serving the origin it may be measuring. */
async function wrk(url: string, host: string): Promise<number> {
  const { stdout } = await execFileAsync('wrk', ['-t2', '-c64', `-d${wrkSeconds}s`, '-H', `Host: ${host}`, url]);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1];
  if (non2xx) throw new Error(`wrk saw ${non2xx} error answers from ${url}`);
  return Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
}

async function cacheHitThroughput(): Promise<void> {
  if (spawnSync('wrk', ['--version']).error) {
    console.log('cache-hit throughput: skipped (wrk is not installed: apt-get install -y wrk)');
    return;
  }
  const origin = await startOrigin();
  const dir = tempDir('hits');
  const options = renderOptions(dir, { http: base + 30, https: base + 31, internal: base + 32, auth: base + 33 });
  const snapshot = benchSnapshot(1, null, origin.port, { plain: true });
  const nginx = writeEdge(options, [snapshot]);
  try {
    await nginx.startOrReload();
    const warm = await get(options.httpPort, snapshot.domainName, '/object.bin');
    const hit = await get(options.httpPort, snapshot.domainName, '/object.bin');
    if (warm.status !== 200 || hit.headers['x-cache-status'] !== 'HIT')
      throw new Error('the edge did not cache the object');
    const direct = await wrk(`http://127.0.0.1:${origin.port}/object.bin`, snapshot.domainName);
    const edge = await wrk(`http://127.0.0.1:${options.httpPort}/object.bin`, snapshot.domainName);
    console.log(
      `16 KB object, wrk -t2 -c64 -d${wrkSeconds}s on one 2-core machine (client, edge and origin share it):`,
    );
    console.log(`  origin directly (Node http):   ${direct.toFixed(0)} requests/s`);
    console.log(
      `  through the edge (cache HIT):  ${edge.toFixed(0)} requests/s (${(edge / direct).toFixed(1)}x the origin)`,
    );
  } finally {
    await nginx.stop();
    await origin.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function saveToServing(): Promise<void> {
  const { startEdgeStack } = await import('../e2e/edge/support/stack');
  const stack = await startEdgeStack();
  try {
    const host = 'www.save-bench.example';
    const domain = await stack.addDomain(host);
    const { edgeTest } = await import('../e2e/edge/support/ports');
    const times: number[] = [];
    for (let i = 1; i <= saves; i++) {
      const at = performance.now();
      await stack.customer.api('POST', `/domain/config/${domain.id}/response-header`, {
        headers: [{ name: 'X-Bench-Save', value: String(i), action: 'set' }],
      });
      for (;;) {
        const answer = await get(edgeTest.httpPort, host, '/').catch(() => null);
        if (answer?.headers['x-bench-save'] === String(i)) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      times.push(performance.now() - at);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 0.95);
    console.log(`save in the console until the edge serves it, ${saves} saves (client time, polling every 10 ms):`);
    console.log(
      `  p50 ${ms(percentile(times, 0.5))}, ${versusTarget(`p95 ${ms(p95)}`, p95 < 5000, 'p95 < 5 s')}, max ${ms(times.at(-1)!)}`,
    );
  } finally {
    await stack.close();
  }
}

const bench: Bench = {
  name: 'edge',
  description:
    'the nginx edge: cache-HIT throughput against the origin, nginx -t / reload / memory with 10 000 domains, save-to-served time',
  async run() {
    if (!fs.existsSync(nginxBin)) {
      console.log('skipped: nginx is not installed (see docs/edge.md, "Running an edge")');
      return;
    }
    await cacheHitThroughput();
    await tenThousandDomains('busy');
    await tenThousandDomains('plain');
    await saveToServing();
  },
};

export default bench;
