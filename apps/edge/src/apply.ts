import { execFileSync } from 'node:child_process';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { EdgeFile, EdgeRenderOptions, EdgeReport, EdgeSnapshot } from '@edgeward/edge-config';
import type { Logger } from './log';
import { blamedFiles, ConfigRefused, errorLines, type Nginx } from './nginx';
import { type SnapshotStore, writeFileAtomic } from './state';

/** The renderer of @edgeward/edge-config (tests may hand in another). */
export interface Renderer {
  renderMainConfig(options: EdgeRenderOptions): string;
  renderDomain(snapshot: EdgeSnapshot, options: EdgeRenderOptions): EdgeFile[];
}

/** Where a rendered file goes: the folder it names. */
function targetOf(file: EdgeFile, options: EdgeRenderOptions): string {
  return path.join(file.dir === 'certs' ? options.paths.certsDir : options.paths.domainsDir, file.path);
}

/** A file as it was before a change: its content, or null when it did not exist. */
interface Aside {
  file: string;
  content: Buffer | null;
  mode: number;
  gid: number;
}

interface Change {
  snapshot: EdgeSnapshot;
  aside: Aside[];
  /** The domain's agent-owned files before the change. */
  owned: string[];
  failed?: string;
}

/** How many times `nginx -t` runs in one batch, each after setting aside the domains it blamed. */
const MAX_TESTS = 10;

/**
 * Turns snapshots into files nginx serves: writes the changed domains' files with the previous versions kept
 * aside, reloads, and when nginx refuses them puts back (or removes) the files of each domain it blames and reloads
 * the rest; only then are the new versions the last good ones. What nginx serves is always a configuration that
 * passed.
 */
export class ConfigApplier {
  /** The last good snapshot of every domain the edge holds (disabled ones included: they have no files). */
  readonly good = new Map<number, EdgeSnapshot>();
  /** The files each domain has on disk, by absolute path. */
  private readonly files = new Map<number, string[]>();
  /** The files of each domain that the agent writes after the renderer created them (initialOnly). */
  private readonly agentOwned = new Map<number, string[]>();
  /** A version that failed is not tried again until the console sends a newer one. */
  private readonly failedVersions = new Map<number, number>();
  /** The group that may read the certificates folder (workerGroupOf). */
  private readonly certificateGroup: number | null;

  constructor(
    private readonly renderer: Renderer,
    private readonly options: EdgeRenderOptions,
    private readonly nginx: Nginx,
    private readonly store: SnapshotStore,
    private readonly log: Logger,
  ) {
    this.certificateGroup = workerGroupOf(options.user);
  }

  /**
   * Boot: the main file and every last good domain written afresh (files no domain owns are dropped: a crash
   * mid-batch may have left untested ones), tested, and nginx started or reloaded.
   */
  async boot(snapshots: Map<number, EdgeSnapshot>): Promise<void> {
    const { paths } = this.options;
    // nginx makes its temporary folders but not their parent.
    const folders = [paths.domainsDir, paths.cacheDir, path.dirname(paths.accessLog), `${paths.prefix}/temp`];
    for (const dir of folders) {
      fs.mkdirSync(dir, { recursive: true });
    }
    fs.mkdirSync(paths.certsDir, { recursive: true, mode: 0o700 });
    if (this.certificateGroup !== null) {
      fs.chownSync(paths.certsDir, 0, this.certificateGroup);
      fs.chmodSync(paths.certsDir, 0o750);
    }
    writeFileAtomic(this.nginx.paths.mainConfig, this.renderer.renderMainConfig(this.options));
    const changes: Change[] = [];
    for (const snapshot of snapshots.values()) {
      this.good.set(snapshot.domainId, snapshot);
      // What was on disk is not known to be good: a domain nginx refuses loses its files.
      const change = this.write(snapshot);
      change.aside = change.aside.map((aside) => ({ ...aside, content: null }));
      changes.push(change);
    }
    const owned = new Set([...this.files.values()].flat());
    for (const dir of [paths.domainsDir, paths.certsDir]) {
      for (const name of fs.readdirSync(dir)) {
        const file = path.join(dir, name);
        if (!owned.has(file)) fs.rmSync(file, { force: true, recursive: true });
      }
    }
    await this.testAndSetAside(changes);
    for (const change of changes) {
      if (!change.failed) continue;
      // A last good version that no longer passes (a newer agent renders it differently) is not served; its
      // snapshot stays stored for the next boot, and the console's next full answer sends it again.
      this.log.warn(`domain ${change.snapshot.domainId} v${change.snapshot.version} set aside: ${change.failed}`);
      this.good.delete(change.snapshot.domainId);
    }
    const how = await this.nginx.startOrReload();
    this.log.info(`nginx ${how} with ${this.files.size} domain(s) of ${this.good.size} held`);
  }

  /**
   * One feed answer: the reports of what changed. A full answer also drops every domain it does not list. Throws
   * only when nginx would not reload; the files are then as before and nothing is reported.
   *
   * The reload is the test: a master reads the files as `nginx -t` does and keeps serving its configuration when it
   * refuses them. Testing first would read ten thousand domains twice for every change (seconds each), so
   * `nginx -t` runs only after a refusal, to find the domains to blame.
   */
  async apply(snapshots: EdgeSnapshot[], full: boolean): Promise<EdgeReport[]> {
    const incoming = new Map<number, EdgeSnapshot>();
    for (const snapshot of snapshots) {
      const known = incoming.get(snapshot.domainId);
      if (!known || known.version < snapshot.version) incoming.set(snapshot.domainId, snapshot);
    }
    const changes: Change[] = [];
    if (full) {
      for (const held of this.good.values()) {
        if (!incoming.has(held.domainId)) changes.push(this.write({ ...held, state: 'removed', config: null }));
      }
    }
    for (const snapshot of incoming.values()) {
      const held = this.good.get(snapshot.domainId);
      if (held && held.version >= snapshot.version) continue;
      if (this.failedVersions.get(snapshot.domainId) === snapshot.version) continue;
      changes.push(this.write(snapshot));
    }
    if (changes.every((change) => change.aside.length === 0)) {
      // No file moved (removals of domains never served, disabled ones without files): no test, no reload.
      return this.settle(changes);
    }
    try {
      await this.nginx.reload();
    } catch (error) {
      if (!(error instanceof ConfigRefused)) return this.giveUp(changes, error);
      // Refused, nginx serves what it served: `nginx -t` finds whose files to put back, and the rest is reloaded.
      this.log.warn(`nginx refused the new files; testing them to find whose: ${errorLines(error.message)}`);
      await this.testAndSetAside(changes);
      if (changes.some((change) => !change.failed)) {
        await this.nginx.reload().catch((again: unknown) => this.giveUp(changes, again));
      }
    }
    return this.settle(changes);
  }

  /** A reload that failed however the files are: they are put back as they were, and nothing is reported. */
  private giveUp(changes: Change[], error: unknown): never {
    for (const change of changes) this.putBack(change);
    throw error;
  }

  /** The reports of a batch nginx now serves, and the new last good versions kept. */
  private settle(changes: Change[]): EdgeReport[] {
    const reports: EdgeReport[] = [];
    for (const { snapshot, failed } of changes) {
      const { domainId, version } = snapshot;
      if (failed) {
        this.failedVersions.set(domainId, version);
        reports.push({ domainId, version, result: 'failed', reason: failed.slice(0, 2000) });
        continue;
      }
      this.failedVersions.delete(domainId);
      if (snapshot.state === 'removed') {
        this.good.delete(domainId);
        this.store.remove(domainId);
        reports.push({ domainId, version, result: 'removed' });
      } else {
        this.good.set(domainId, snapshot);
        this.store.save(snapshot);
        reports.push({ domainId, version, result: 'applied' });
      }
    }
    return reports;
  }

  /** Writes (or removes) a domain's files, keeping what was there aside. */
  private write(snapshot: EdgeSnapshot): Change {
    const { domainId } = snapshot;
    const previous = this.files.get(domainId) ?? [];
    let rendered: EdgeFile[] = [];
    const change: Change = { snapshot, aside: [], owned: this.agentFiles(domainId) };
    if (snapshot.state === 'enabled') {
      try {
        rendered = this.renderer.renderDomain(snapshot, this.options);
      } catch (error) {
        change.failed = `the agent could not render it: ${(error as Error).message}`;
        return change;
      }
      const unusable = tlsProblem(rendered);
      if (unusable) {
        change.failed = unusable;
        return change;
      }
    }
    const targets = rendered.map((file) => targetOf(file, this.options));
    for (const file of new Set([...previous, ...targets])) change.aside.push(readAside(file));
    for (const file of previous) if (!targets.includes(file)) fs.rmSync(file, { force: true });
    rendered.forEach((file, i) => {
      const target = targets[i]!;
      if (file.initialOnly && fs.existsSync(target)) return;
      fs.mkdirSync(path.dirname(target), { recursive: true });
      const group = file.tls ? this.certificateGroup : null;
      writeFileAtomic(target, file.content, group === null ? (file.mode ?? 0o644) : 0o640, group);
    });
    if (targets.length > 0) this.files.set(domainId, targets);
    else this.files.delete(domainId);
    const owned = targets.filter((_, i) => rendered[i]!.initialOnly);
    if (owned.length > 0) this.agentOwned.set(domainId, owned);
    else this.agentOwned.delete(domainId);
    return change;
  }

  /** Domains whose newest version nginx refused (they serve their last good one, or nothing). */
  get failing(): number {
    return this.failedVersions.size;
  }

  /** The files of a domain the agent keeps up to date itself (the bandwidth watch's capped list). */
  agentFiles(domainId: number): string[] {
    return this.agentOwned.get(domainId) ?? [];
  }

  /** Restores a domain's files as they were before the change. */
  private putBack(change: Change): void {
    const { domainId } = change.snapshot;
    const restored: string[] = [];
    for (const aside of change.aside) {
      if (aside.content === null) {
        fs.rmSync(aside.file, { force: true });
      } else {
        writeFileAtomic(aside.file, aside.content, aside.mode, this.certificateGroup === null ? null : aside.gid);
        restored.push(aside.file);
      }
    }
    if (restored.length > 0) this.files.set(domainId, restored);
    else this.files.delete(domainId);
    if (change.owned.length > 0) this.agentOwned.set(domainId, change.owned);
    else this.agentOwned.delete(domainId);
  }

  /**
   * `nginx -t` until it passes: each time, the changed domains whose files it blames get their previous files back
   * and are marked failed with its message. When it blames nothing it can trace to a domain, every change goes.
   */
  private async testAndSetAside(changes: Change[]): Promise<void> {
    const owner = new Map<string, Change>();
    for (const change of changes) {
      for (const file of this.files.get(change.snapshot.domainId) ?? []) owner.set(file, change);
    }
    for (let attempt = 1; ; attempt++) {
      const result = await this.nginx.test();
      if (result.ok) return;
      const reason = errorLines(result.message) || result.message;
      const blamed = blamedFiles(result.message)
        .map((file) => owner.get(file))
        .filter((change): change is Change => change !== undefined && !change.failed);
      const culprits = blamed.length > 0 && attempt < MAX_TESTS ? blamed : changes.filter((change) => !change.failed);
      if (culprits.length === 0) throw new Error(`nginx -t fails with no change left to blame: ${reason}`);
      for (const change of culprits) {
        this.putBack(change);
        change.failed = reason;
        this.log.warn(`domain ${change.snapshot.domainId} v${change.snapshot.version} failed: ${reason}`);
      }
    }
  }
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
const PEM_PRIVATE_KEY = /-----BEGIN ([A-Z ]*)PRIVATE KEY-----[\s\S]+?-----END \1PRIVATE KEY-----/;

/**
 * nginx loads a domain's certificate and key at the handshake (edge-config, main.ts), so `nginx -t` no longer reads
 * them. The agent makes the checks nginx made when it loaded them: every certificate of the chain parses, the
 * private key parses without a passphrase, and it belongs to the first certificate. Null when they pass or the
 * domain has none.
 */
function tlsProblem(files: EdgeFile[]): string | null {
  const pair = files.find((file) => file.tls)?.content;
  if (pair === undefined) return null;
  try {
    const chain = (pair.match(PEM_CERTIFICATE) ?? []).map((pem) => new X509Certificate(pem));
    if (chain.length === 0) return 'the certificate holds no PEM certificate';
    const key = createPrivateKey(PEM_PRIVATE_KEY.exec(pair)?.[0] ?? '');
    if (!chain[0]!.checkPrivateKey(key)) return 'the certificate does not belong to its private key';
  } catch (error) {
    return `the certificate or its private key cannot be loaded: ${(error as Error).message}`;
  }
  return null;
}

/**
 * The group nginx's workers read certificates with. They load them at the handshake, and an agent running as root
 * runs them as another user (EDGE_NGINX_USER); null when the workers are the agent's own user.
 */
function workerGroupOf(user: string | undefined): number | null {
  if (!user || process.getuid?.() !== 0) return null;
  const ids = (flag: string) => {
    try {
      return Number(execFileSync('id', [flag, user], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    } catch {
      throw new Error(`EDGE_NGINX_USER names ${user}, which is not a user of this machine`);
    }
  };
  return ids('-u') === 0 ? null : ids('-g');
}

function readAside(file: string): Aside {
  try {
    const stat = fs.statSync(file);
    return { file, content: fs.readFileSync(file), mode: stat.mode & 0o777, gid: stat.gid };
  } catch {
    return { file, content: null, mode: 0o644, gid: 0 };
  }
}
