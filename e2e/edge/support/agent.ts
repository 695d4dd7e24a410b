import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './console';
import { consoleUrl, edgeTest } from './ports';

const agentEntry = path.join(root, 'apps/edge/dist/main.js');

/**
 * The edge agent as an edge machine runs it (`node apps/edge/dist/main.js`, as its systemd unit does), with its own
 * state folder and loopback ports. Its output is kept for a failing test's message.
 */
export class Agent {
  private child: ChildProcess | undefined;
  output = '';

  constructor(private readonly token: string) {}

  private env(): NodeJS.ProcessEnv {
    return {
      PATH: process.env.PATH ?? '',
      EDGE_CONSOLE_URL: consoleUrl,
      EDGE_NODE_TOKEN: this.token,
      EDGE_STATE_DIR: edgeTest.stateDir,
      EDGE_HTTP_PORT: String(edgeTest.httpPort),
      EDGE_HTTPS_PORT: String(edgeTest.httpsPort),
      EDGE_INTERNAL_PORT: String(edgeTest.internalPort),
      EDGE_AUTH_PORT: String(edgeTest.authPort),
      EDGE_NGINX_USER: 'root',
      EDGE_WORKER_PROCESSES: '2',
      EDGE_CACHE_MAX_SIZE: '256m',
      EDGE_LOG_BATCH_SECONDS: '1',
    };
  }

  /** Starts the agent and waits until its nginx answers (from the last good snapshots, or empty). */
  async start(): Promise<void> {
    if (!fs.existsSync(agentEntry)) throw new Error(`${agentEntry} is missing: run \`npm run build\` first.`);
    const child = spawn(process.execPath, ['--enable-source-maps', agentEntry], {
      cwd: root,
      env: this.env(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-8000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the edge agent exited (${child.exitCode}):\n${this.output}`);
      const up = await fetch(`http://127.0.0.1:${edgeTest.httpPort}/`, { headers: { host: 'probe.invalid' } }).then(
        () => true,
        () => false,
      );
      if (up) return;
      if (Date.now() > deadline) throw new Error(`the edge's nginx did not answer:\n${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Stops the agent (SIGTERM); with `nginx`, stops its nginx too, as `npm run edge -- stop` does. */
  async stop({ nginx = false } = {}): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (nginx) {
      const stopped = spawnSync(process.execPath, [agentEntry, 'stop'], {
        cwd: root,
        env: this.env(),
        encoding: 'utf8',
      });
      if (stopped.status !== 0) throw new Error(`edge stop: ${stopped.stderr}${stopped.stdout}`);
    }
  }
}
