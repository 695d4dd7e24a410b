import fs from 'node:fs';
import {
  cacheKeyMatcher,
  type EdgeFeed,
  type EdgeRegistration,
  renderDomain,
  renderMainConfig,
} from '@edgeward/edge-config';
import { ConfigApplier, type Renderer } from './apply';
import { BandwidthWatch, cappedFileContent } from './bandwidth-watch';
import { type CacheKeyMatcher, runCacheTask } from './cache-tasks';
import { type ConsoleClient, ConsoleError, createConsoleClient } from './console-client';
import { consoleLogger, type Logger } from './log';
import { LogShipper } from './log-shipper';
import { type AgentMetrics, createAgentMetrics, serveAgentMetrics } from './metrics';
import { Nginx } from './nginx';
import type { EdgeSettings } from './settings';
import { AuthSidecar } from './sidecar';
import { type AgentState, mergeReports, readState, SnapshotStore, writeFileAtomic, writeState } from './state';

export const AGENT_VERSION = '0.1.0';

/** The renderer and the cache key matcher of @edgeward/edge-config; tests may hand in their own. */
export type EdgeRenderer = Renderer & { cacheKeyMatcher: CacheKeyMatcher };

export interface EdgeAgentOptions {
  settings: EdgeSettings;
  renderer?: EdgeRenderer;
  log?: Logger;
}

const LOG_TICK_MS = 250;
/** How often the bandwidth watch compares its lists with the files nginx reads. */
const WATCH_MS = 1000;
const MAX_BACKOFF_MS = 30_000;
/** The protocol takes up to 20 000 reports a call; a fresh node's first full answer may hold more domains. */
const REPORTS_PER_CALL = 5000;

/**
 * The edge agent: boots nginx from the last good snapshots (the console may be down), registers, then follows the
 * console's feed (long poll, a full resync every resyncSeconds), applies snapshots, carries out cache tasks,
 * reports, and ships the access log. stop() ends the loops and leaves nginx serving.
 */
export class EdgeAgent {
  readonly nginx: Nginx;
  /** The URL authentication sidecar (a second nginx, loading the njs module). */
  readonly auth: AuthSidecar;
  private readonly settings: EdgeSettings;
  private readonly renderer: EdgeRenderer;
  private readonly log: Logger;
  private readonly abort = new AbortController();
  private readonly client: ConsoleClient;
  private readonly store: SnapshotStore;
  private readonly applier: ConfigApplier;
  private readonly shipper: LogShipper;
  private state: AgentState;
  private loops: Promise<void>[] = [];
  private registration: EdgeRegistration | null = null;
  private flushing: Promise<void> | null = null;
  private readonly watch = new BandwidthWatch();
  /** Applying a batch and rewriting capped lists both end in a reload: one at a time. */
  private nginxTurn: Promise<unknown> = Promise.resolve();
  private readonly metrics: AgentMetrics;
  private closeMetrics: (() => Promise<void>) | undefined;

  constructor(options: EdgeAgentOptions) {
    this.settings = options.settings;
    this.renderer = options.renderer ?? { renderMainConfig, renderDomain, cacheKeyMatcher };
    this.log = options.log ?? consoleLogger();
    const { layout, render } = this.settings;
    this.metrics = createAgentMetrics(
      {
        domains: () => ({ applied: this.applier.good.size, failed: this.applier.failing }),
        pendingReports: () => ({
          domain: this.state.pendingReports.length,
          cache: this.state.pendingCacheReports.length,
        }),
        logBytesWaiting: () => this.shipper.bytesWaiting(),
        internalPort: render.internalPort,
      },
      this.log,
    );
    this.nginx = new Nginx(
      {
        bin: this.settings.nginxBin,
        prefix: layout.prefix,
        mainConfig: layout.mainConfig,
        errorLog: render.paths.errorLog,
      },
      (seconds, result) => this.metrics.reloaded(seconds, result),
    );
    this.auth = new AuthSidecar(this.settings, this.log);
    this.client = createConsoleClient({
      baseUrl: this.settings.consoleUrl,
      token: this.settings.token,
      signal: this.abort.signal,
    });
    fs.mkdirSync(layout.stateDir, { recursive: true });
    this.state = readState(layout.stateFile);
    this.store = new SnapshotStore(layout.snapshotsDir);
    this.applier = new ConfigApplier(this.renderer, render, this.nginx, this.store, this.log);
    this.shipper = new LogShipper({
      accessLog: render.paths.accessLog,
      batchLines: this.settings.logBatchLines,
      batchMs: this.settings.logBatchMs,
      rotateBytes: this.settings.logRotateBytes,
      post: (gzipped, batchId) => this.client.postLogs(gzipped, batchId),
      reopen: () => this.nginx.reopenLogs(),
      load: () => this.state.log,
      save: (position) => this.saveState({ log: position }),
      log: this.log,
      onLines: (text) => {
        this.watch.add(text);
        this.metrics.shipped(text);
      },
    });
  }

  /** Runs `work` after the nginx work before it has finished. */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.nginxTurn.then(work, work);
    this.nginxTurn = run.catch(() => {});
    return run;
  }

  private get stopping(): boolean {
    return this.abort.signal.aborted;
  }

  /** Boots nginx from what the state folder holds and starts the loops; resolves once nginx serves. */
  async start(): Promise<void> {
    const { layout } = this.settings;
    const held = this.store.loadAll();
    this.log.info(`state ${layout.stateDir}: ${held.size} domain(s), cursor ${this.state.cursor}`);
    // Before the boot, which may take long with many domains: its reload is measured too.
    if (this.settings.metricsPort !== undefined) {
      this.closeMetrics = await serveAgentMetrics(this.metrics, this.settings.metricsPort, this.log);
    }
    // First: the main nginx sends every signed URL's check to it.
    await this.auth.ensure();
    await this.applier.boot(held);
    this.watch.configure(this.applier.good.values());
    this.loops = [this.followFeed(), this.shipLogs(), this.watchBandwidth()];
  }

  /** Ends the loops (calls in flight are aborted); nginx and the sidecar keep serving. */
  async stop(): Promise<void> {
    this.abort.abort();
    await Promise.allSettled(this.loops);
    await this.flushing?.catch(() => {});
    await this.closeMetrics?.();
    this.log.info('agent stopped; nginx keeps serving');
  }

  private saveState(change: Partial<AgentState>): void {
    this.state = { ...this.state, ...change };
    writeState(this.settings.layout.stateFile, this.state);
  }

  private async followFeed(): Promise<void> {
    const registration = await this.register();
    if (!registration) return;
    let lastFull = 0;
    let backoff = 1000;
    while (!this.stopping) {
      const full = Date.now() - lastFull >= registration.resyncSeconds * 1000;
      try {
        const feed = await this.client.feed(
          full ? 0 : this.state.cursor,
          this.state.tasksCursor,
          full ? 0 : registration.longPollSeconds,
        );
        if (this.stopping) return;
        await this.applyFeed(feed);
        if (full) lastFull = Date.now();
        backoff = 1000;
      } catch (error) {
        if (this.stopping) return;
        this.log.warn(`feed: ${(error as Error).message}; again in ${backoff / 1000} s`);
        await this.sleep(backoff);
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      }
    }
  }

  /** Registers until the console answers (nginx serves the last good snapshots meanwhile). */
  private async register(): Promise<EdgeRegistration | null> {
    const nginxVersion = await this.nginx.version();
    let backoff = 1000;
    while (!this.stopping) {
      try {
        this.registration = await this.client.register({
          hostname: this.settings.hostname,
          agentVersion: AGENT_VERSION,
          nginxVersion,
        });
        this.log.info(
          `registered as ${this.registration.node} (resync ${this.registration.resyncSeconds} s, long poll ${this.registration.longPollSeconds} s)`,
        );
        return this.registration;
      } catch (error) {
        if (this.stopping) break;
        this.log.warn(`register: ${(error as Error).message}; again in ${backoff / 1000} s`);
        await this.sleep(backoff);
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      }
    }
    return null;
  }

  private async applyFeed(feed: EdgeFeed): Promise<void> {
    if (feed.snapshots.length > 0 || feed.full) {
      const started = Date.now();
      const reports = await this.exclusive(() => this.applier.apply(feed.snapshots, feed.full));
      this.watch.configure(this.applier.good.values());
      this.metrics.updated(reports);
      if (reports.length > 0) {
        const failed = reports.filter((report) => report.result === 'failed').length;
        this.log.info(
          `applied ${reports.length - failed} change(s), ${failed} failed, in ${Date.now() - started} ms (cursor ${feed.cursor})`,
        );
      }
      this.saveState({ cursor: feed.cursor, pendingReports: mergeReports(this.state.pendingReports, reports) });
    } else if (feed.cursor !== this.state.cursor) {
      this.saveState({ cursor: feed.cursor });
    }
    for (const task of feed.tasks) {
      if (this.state.tasksCursor !== null && task.taskId <= this.state.tasksCursor) continue;
      const result = await runCacheTask(task, {
        internalPort: this.settings.render.internalPort,
        cacheDir: this.settings.render.paths.cacheDir,
        matcher: this.renderer.cacheKeyMatcher,
      });
      this.metrics.cacheTask(task.type, result.results);
      const failed = result.results.filter((r) => !r.ok).length;
      this.log.info(`cache task ${task.taskId} (${task.type}): ${task.urls.length - failed} ok, ${failed} failed`);
      this.saveState({
        tasksCursor: task.taskId,
        pendingCacheReports: [...this.state.pendingCacheReports, result],
      });
    }
    if (feed.tasksCursor !== this.state.tasksCursor) this.saveState({ tasksCursor: feed.tasksCursor });
    this.flushReports();
  }

  /**
   * Sends what the console has not accepted yet, retrying in the background until it does. An answer that refuses
   * the call for good (a 4xx other than 401, 408 or 429) drops it: sending it again would block every later one.
   */
  private flushReports(): void {
    if (this.flushing) return;
    this.flushing = (async () => {
      let backoff = 1000;
      while (!this.stopping) {
        const reports = this.state.pendingReports.slice(0, REPORTS_PER_CALL);
        const cacheReport = this.state.pendingCacheReports[0];
        try {
          if (reports.length > 0) {
            await this.deliver('reports', () => this.client.reports(reports));
            this.saveState({ pendingReports: this.state.pendingReports.filter((r) => !reports.includes(r)) });
          } else if (cacheReport) {
            await this.deliver(`cache report ${cacheReport.taskId}`, () => this.client.cacheReport(cacheReport));
            this.saveState({ pendingCacheReports: this.state.pendingCacheReports.filter((r) => r !== cacheReport) });
          } else {
            break;
          }
          backoff = 1000;
        } catch (error) {
          if (this.stopping) break;
          this.log.warn(`reports: ${(error as Error).message}; again in ${backoff / 1000} s`);
          await this.sleep(backoff);
          backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
        }
      }
    })().finally(() => {
      this.flushing = null;
    });
  }

  private async deliver(what: string, call: () => Promise<unknown>): Promise<void> {
    try {
      await call();
    } catch (error) {
      const status = error instanceof ConsoleError ? error.status : 0;
      if (status < 400 || status >= 500 || [401, 408, 429].includes(status)) throw error;
      this.log.warn(`${what} dropped, the console refuses it: ${(error as Error).message}`);
    }
  }

  private async shipLogs(): Promise<void> {
    while (!this.stopping) {
      await this.shipper.tick();
      await this.sleep(Math.min(LOG_TICK_MS, this.settings.logBatchMs));
    }
  }

  /** Keeps each watched domain's capped list as the access log says, reloading nginx when a list changes. */
  private async watchBandwidth(): Promise<void> {
    while (!this.stopping) {
      await this.sleep(WATCH_MS);
      if (this.watch.domains.length === 0) continue;
      try {
        await this.exclusive(async () => {
          const changed: string[] = [];
          for (const [domainId, addresses] of this.watch.capped(Date.now() / 1000)) {
            const file = this.applier.agentFiles(domainId).find((f) => f.endsWith('.geo'));
            if (!file) continue;
            const content = cappedFileContent(addresses);
            if (readOrEmpty(file) === content) continue;
            writeFileAtomic(file, content);
            changed.push(`domain ${domainId}: ${addresses.length} client(s) capped`);
          }
          if (changed.length === 0) return;
          await this.nginx.reload();
          this.log.info(`bandwidth watch: ${changed.join(', ')}`);
        });
      } catch (error) {
        this.log.warn(`bandwidth watch: ${(error as Error).message}`);
      }
    }
  }

  /** Waits, or less when the agent stops. */
  private sleep(ms: number): Promise<void> {
    const signal = this.abort.signal;
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
    });
  }
}

function readOrEmpty(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
