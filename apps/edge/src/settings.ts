import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EdgeRenderOptions } from '@edgeward/edge-config';
import { z } from 'zod';

const port = z.coerce.number().int().min(1).max(65535);

const EnvSchema = z.object({
  EDGE_CONSOLE_URL: z.url({
    protocol: /^https?$/,
    error: 'EDGE_CONSOLE_URL must be the console address, http(s)://host[:port]',
  }),
  EDGE_NODE_TOKEN: z.string().optional(),
  EDGE_NODE_TOKEN_FILE: z.string().optional(),
  EDGE_STATE_DIR: z.string().default('./data/edge'),
  EDGE_HTTP_PORT: port.default(80),
  EDGE_HTTPS_PORT: port.default(443),
  EDGE_INTERNAL_PORT: port.default(8089),
  EDGE_AUTH_PORT: port.default(8090),
  NGINX_BIN: z.string().default('/usr/sbin/nginx'),
  NGINX_MODULES_DIR: z.string().default('/usr/lib/nginx/modules'),
  /** The worker processes' user when the agent (and so nginx's master) runs as root. */
  EDGE_NGINX_USER: z.string().default('www-data'),
  EDGE_WORKER_PROCESSES: z.union([z.literal('auto'), z.coerce.number().int().min(1)]).default('auto'),
  EDGE_CACHE_MAX_SIZE: z
    .string()
    .regex(/^\d+[kmg]?$/i, 'EDGE_CACHE_MAX_SIZE is a size such as 10g')
    .default('10g'),
  EDGE_LOG_BATCH_LINES: z.coerce.number().int().min(1).max(100_000).default(5000),
  EDGE_LOG_BATCH_SECONDS: z.coerce.number().min(0.1).default(2),
  EDGE_LOG_ROTATE_MB: z.coerce.number().positive().default(256),
  EDGE_HOSTNAME: z.string().optional(),
  /** The CA bundle an HTTPS origin's certificate is checked against, for domains that verify it. */
  EDGE_ORIGIN_CA_FILE: z.string().default('/etc/ssl/certs/ca-certificates.crt'),
  /** Prometheus metrics on 127.0.0.1 at this port; none without it. */
  EDGE_METRICS_PORT: z.literal('').or(port).optional(),
});

/** Where the agent keeps everything: all under the state folder (docs/operations.md, "Running a real edge (nginx)"). */
export interface EdgeLayout {
  stateDir: string;
  /** state.json: cursors, the access log's read position, reports not yet accepted. */
  stateFile: string;
  /** One JSON file per domain: its last good snapshot (private key included, so 0600 in a 0700 folder). */
  snapshotsDir: string;
  /** nginx's prefix: nginx.conf, nginx.pid, temp folders; domains/, certs/, njs/ and auth/ beneath it. */
  prefix: string;
  mainConfig: string;
  /** The URL authentication sidecar's prefix (<prefix>/auth, as edge-config's authPrefix) and nginx.conf. */
  authPrefix: string;
  authConfig: string;
}

export interface EdgeSettings {
  consoleUrl: string;
  token: string;
  hostname: string;
  nginxBin: string;
  logBatchLines: number;
  logBatchMs: number;
  logRotateBytes: number;
  /** Where the agent serves its metrics on loopback (EDGE_METRICS_PORT); none when absent. */
  metricsPort?: number;
  layout: EdgeLayout;
  render: EdgeRenderOptions;
}

export class SettingsError extends Error {}

/** The agent's settings from its environment; every problem is named in one message. */
export function loadSettings(env: NodeJS.ProcessEnv = process.env): EdgeSettings {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new SettingsError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`).join('\n'),
    );
  }
  const e = parsed.data;
  const token = tokenOf(e.EDGE_NODE_TOKEN, e.EDGE_NODE_TOKEN_FILE);
  const layout = layoutOf(e.EDGE_STATE_DIR);
  const { stateDir, prefix } = layout;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return {
    consoleUrl: e.EDGE_CONSOLE_URL.replace(/\/+$/, ''),
    token,
    hostname: e.EDGE_HOSTNAME ?? os.hostname(),
    nginxBin: e.NGINX_BIN,
    logBatchLines: e.EDGE_LOG_BATCH_LINES,
    logBatchMs: Math.round(e.EDGE_LOG_BATCH_SECONDS * 1000),
    logRotateBytes: Math.round(e.EDGE_LOG_ROTATE_MB * 1024 * 1024),
    metricsPort: e.EDGE_METRICS_PORT || undefined,
    layout,
    render: {
      httpPort: e.EDGE_HTTP_PORT,
      httpsPort: e.EDGE_HTTPS_PORT,
      internalPort: e.EDGE_INTERNAL_PORT,
      authPort: e.EDGE_AUTH_PORT,
      paths: {
        prefix,
        domainsDir: path.join(prefix, 'domains'),
        certsDir: path.join(prefix, 'certs'),
        cacheDir: path.join(stateDir, 'cache'),
        accessLog: path.join(stateDir, 'logs', 'access.log'),
        errorLog: nginxPathsOf({ EDGE_STATE_DIR: stateDir }).errorLog,
        authErrorLog: authNginxPathsOf({ EDGE_STATE_DIR: stateDir }).errorLog,
        njsDir: path.join(prefix, 'njs'),
      },
      ...(isRoot ? { user: e.EDGE_NGINX_USER } : {}),
      workerProcesses: e.EDGE_WORKER_PROCESSES,
      cacheMaxSize: e.EDGE_CACHE_MAX_SIZE,
      modulesDir: e.NGINX_MODULES_DIR,
      originTrustedCertificates: e.EDGE_ORIGIN_CA_FILE,
    },
  };
}

function layoutOf(stateDir: string): EdgeLayout {
  const dir = path.resolve(stateDir);
  const prefix = path.join(dir, 'nginx');
  return {
    stateDir: dir,
    stateFile: path.join(dir, 'state.json'),
    snapshotsDir: path.join(dir, 'snapshots'),
    prefix,
    mainConfig: path.join(prefix, 'nginx.conf'),
    authPrefix: path.join(prefix, 'auth'),
    authConfig: path.join(prefix, 'auth', 'nginx.conf'),
  };
}

/** What `edge stop` needs: nginx as the agent ran it, without the console settings. */
export function nginxPathsOf(env: NodeJS.ProcessEnv = process.env) {
  const layout = layoutOf(env.EDGE_STATE_DIR || './data/edge');
  return {
    bin: env.NGINX_BIN || '/usr/sbin/nginx',
    prefix: layout.prefix,
    mainConfig: layout.mainConfig,
    errorLog: path.join(layout.stateDir, 'logs', 'error.log'),
  };
}

/** The URL authentication sidecar as the agent runs it (a second nginx beside the main one). */
export function authNginxPathsOf(env: NodeJS.ProcessEnv = process.env) {
  const layout = layoutOf(env.EDGE_STATE_DIR || './data/edge');
  return {
    bin: env.NGINX_BIN || '/usr/sbin/nginx',
    prefix: layout.authPrefix,
    mainConfig: layout.authConfig,
    errorLog: path.join(layout.stateDir, 'logs', 'auth-error.log'),
  };
}

function tokenOf(value: string | undefined, file: string | undefined): string {
  if (value && file) throw new SettingsError('set EDGE_NODE_TOKEN or EDGE_NODE_TOKEN_FILE, not both');
  if (file) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (error) {
      throw new SettingsError(`EDGE_NODE_TOKEN_FILE: cannot read ${file} (${(error as Error).message})`);
    }
    const token = text.trim();
    if (!token) throw new SettingsError(`EDGE_NODE_TOKEN_FILE: ${file} is empty`);
    return token;
  }
  if (!value) {
    throw new SettingsError(
      'EDGE_NODE_TOKEN (or EDGE_NODE_TOKEN_FILE) is required: the token `npm run ops -- edge node add` printed',
    );
  }
  return value.trim();
}
