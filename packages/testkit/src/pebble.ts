import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { closedPort } from './origin';

export interface TestPebble {
  /** The ACME directory, for ACME_DIRECTORY_URL. */
  directoryUrl: string;
  /** The CA that signed Pebble's own HTTPS certificate, for ACME_CA_FILE. */
  caFile: string;
  close(): Promise<void>;
}

/** Where Pebble listens; free loopback ports when not given (a test run that fixes its ports gives them). */
export interface PebblePorts {
  listen: number;
  management: number;
  http: number;
  tls: number;
}

export interface PebbleOptions {
  /** The DNS server (host:port) Pebble validates DNS-01 challenges through: the test DNS. */
  dnsServer: string;
  ports?: PebblePorts;
  /** Its certificates and configuration; a fresh temporary directory, removed on close, when not given. */
  dir?: string;
  /**
   * The percentage of valid authorizations Pebble reuses (PEBBLE_AUTHZREUSE), 100 when not given: 0 makes every
   * order ask for new records, as a renewal after Let's Encrypt's 30 days of reuse does.
   */
  authzReuse?: number;
}

/**
 * The CA file ACME_CA_FILE names, with Pebble's own HTTPS certificate and key beside it in `dir`, made with openssl
 * under a throw-away CA unless they are there already (the package ships none). Synchronous, so that a
 * configuration can name the CA file before the server that reads it starts.
 */
export function pebbleCertificates(dir: string): { caFile: string; certificate: string; privateKey: string } {
  const files = {
    caFile: path.join(dir, 'ca.pem'),
    certificate: path.join(dir, 'cert.pem'),
    privateKey: path.join(dir, 'key.pem'),
  };
  if (Object.values(files).every((file) => fs.existsSync(file))) return files;
  fs.mkdirSync(dir, { recursive: true });
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2'];
  run('req', '-x509', ...ec, '-subj', '/CN=Pebble test CA', '-keyout', 'ca.key', '-out', 'ca.pem');
  run(
    'req',
    '-x509',
    ...ec,
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-keyout',
    'key.pem',
    '-out',
    'cert.pem',
  );
  return files;
}

async function freePorts(): Promise<PebblePorts> {
  return {
    listen: await closedPort(),
    management: await closedPort(),
    http: await closedPort(),
    tls: await closedPort(),
  };
}

/**
 * Debian's Pebble (ACME test server, `apt install pebble`) on loopback, validating DNS-01 challenges through the
 * test DNS. PEBBLE_VA_NOSLEEP skips its random validation delay, PEBBLE_WFE_NONCEREJECT=0 its deliberate bad
 * nonces, and PEBBLE_AUTHZREUSE=100 (unless `authzReuse` says otherwise) reuses valid authorizations (as Let's
 * Encrypt does within 30 days), so a renewal needs no new record.
 */
export async function startPebble({
  dnsServer,
  ports,
  dir: given,
  authzReuse = 100,
}: PebbleOptions): Promise<TestPebble> {
  const dir = given ?? fs.mkdtempSync(path.join(os.tmpdir(), 'edgeward-pebble-'));
  const files = pebbleCertificates(dir);
  const { listen, management, http, tls } = ports ?? (await freePorts());
  fs.writeFileSync(
    path.join(dir, 'config.json'),
    JSON.stringify({
      pebble: {
        listenAddress: `127.0.0.1:${listen}`,
        managementListenAddress: `127.0.0.1:${management}`,
        certificate: files.certificate,
        privateKey: files.privateKey,
        httpPort: http,
        tlsPort: tls,
        ocspResponderURL: '',
        externalAccountBindingRequired: false,
      },
    }),
  );
  const child: ChildProcess = spawn('/usr/bin/pebble', ['-config', 'config.json', '-dnsserver', dnsServer], {
    cwd: dir,
    env: {
      ...process.env,
      PEBBLE_VA_NOSLEEP: '1',
      PEBBLE_WFE_NONCEREJECT: '0',
      PEBBLE_AUTHZREUSE: String(authzReuse),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const directoryUrl = pebbleDirectoryUrl(listen);
  const ca = fs.readFileSync(files.caFile);
  await waitUntilServing(directoryUrl, ca, child, () => output);
  return {
    directoryUrl,
    caFile: files.caFile,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill();
        await exited;
      }
      if (!given) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The ACME directory of a Pebble listening on `port`. */
export function pebbleDirectoryUrl(port: number): string {
  return `https://127.0.0.1:${port}/dir`;
}

function getOnce(url: string, ca: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    https.get(url, { ca }, (res) => resolve(res.statusCode ?? 0)).on('error', reject);
  });
}

/** Polls the directory until Pebble answers; fails with its output when it exits first. */
async function waitUntilServing(url: string, ca: Buffer, child: ChildProcess, output: () => string): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    if (child.exitCode !== null) throw new Error(`pebble exited: ${output()}`);
    try {
      if ((await getOnce(url, ca)) === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`pebble did not start: ${output()}`);
}
