import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/*
 * nginx as the agent runs it: always with its own prefix and main file (`-p <prefix> -c <conf>`), its error log
 * from the start (`-e`, so nothing goes to the system's /var/log/nginx), and signals to the master whose pid the
 * main file names. The agent starts nginx and leaves it running when it stops: an agent restart drops no traffic.
 */

export interface NginxPaths {
  bin: string;
  prefix: string;
  mainConfig: string;
  errorLog: string;
}

export type TestResult = { ok: true } | { ok: false; message: string };

/**
 * A reload the master refused: it could not load the files on disk and serves the configuration it had. The
 * message has nginx -t's form ("nginx: [emerg] ... in /path:line"), so blamedFiles and errorLines read it.
 */
export class ConfigRefused extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/*
 * glibc's allocator tuned for how nginx loads a configuration: hundreds of megabytes of small pool blocks with ten
 * thousand domains, kept until the next reload. A 64 MB top pad grows the heap in a few large steps instead of a
 * system call every 128 KB, and transparent huge pages (where the kernel offers them in `madvise` mode) spare most
 * of the page faults and TLB misses. Together they took `nginx -t` of the bench's 10 000 busy domains from about 8 s
 * to 4.5 s on a 2-core machine, measured before this round's other changes (docs/benchmarks.md). An operator's own
 * GLIBC_TUNABLES is left as it is; other C libraries ignore the variable.
 */
const MALLOC_TUNABLES = 'glibc.malloc.hugetlb=1:glibc.malloc.top_pad=67108864';

/** The environment nginx runs with (the agent's, with the allocator settings above). */
export function nginxEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, GLIBC_TUNABLES: env.GLIBC_TUNABLES ?? MALLOC_TUNABLES };
}

/** Told of every reload: how long it took and how it ended (the agent's metrics). */
export type ReloadObserver = (seconds: number, result: 'ok' | 'refused' | 'failed') => void;

export class Nginx {
  constructor(
    readonly paths: NginxPaths,
    private readonly onReload?: ReloadObserver,
  ) {}

  private args(...extra: string[]): string[] {
    const { prefix, mainConfig, errorLog } = this.paths;
    return ['-p', `${prefix}/`, '-c', mainConfig, '-e', errorLog, ...extra];
  }

  async version(): Promise<string> {
    try {
      const { stderr } = await execFileAsync(this.paths.bin, ['-v']);
      return /nginx\/([\w.]+)/.exec(stderr)?.[1] ?? '';
    } catch {
      return '';
    }
  }

  /** `nginx -t`: the configuration as it stands on disk. */
  async test(): Promise<TestResult> {
    try {
      await execFileAsync(this.paths.bin, this.args('-t', '-q'), {
        maxBuffer: 16 * 1024 * 1024,
        env: nginxEnvironment(),
      });
      return { ok: true };
    } catch (error) {
      const { stderr, message } = error as { stderr?: string; message: string };
      return { ok: false, message: (stderr || message).trim() };
    }
  }

  /** The pid file named in the main file (`pid ...;`), relative to the prefix like nginx reads it. */
  pidFile(): string {
    const text = fs.readFileSync(this.paths.mainConfig, 'utf8');
    const named = /^\s*pid\s+("[^"]+"|'[^']+'|[^;\s]+)\s*;/m.exec(text)?.[1]?.replace(/^["']|["']$/g, '');
    if (!named) throw new Error(`${this.paths.mainConfig} names no pid file`);
    return path.resolve(this.paths.prefix, named);
  }

  /** The running master's pid, or null when the pid file is absent or stale. */
  masterPid(): number | null {
    let pid: number;
    try {
      pid = Number(fs.readFileSync(this.pidFile(), 'utf8').trim());
    } catch {
      return null;
    }
    if (!Number.isSafeInteger(pid) || pid <= 0 || !isAlive(pid)) return null;
    return pid;
  }

  /** Starts the master (which goes to the background), or reloads it when one already runs from this prefix. */
  async startOrReload(): Promise<'started' | 'reloaded'> {
    if (this.masterPid() !== null) {
      await this.reload();
      return 'reloaded';
    }
    await execFileAsync(this.paths.bin, this.args(), { maxBuffer: 16 * 1024 * 1024, env: nginxEnvironment() });
    const started = Date.now();
    while (this.masterPid() === null) {
      if (Date.now() - started > 10_000) throw new Error('nginx started but wrote no pid file within 10 s');
      await sleep(20);
    }
    return 'started';
  }

  /**
   * HUP to the master, then waits until it serves the new files: new workers started and the old workers no longer
   * accepting (gone, or holding no listening socket). An old worker's title turns to "shutting down" just before it
   * closes its listening sockets, so a worker preempted between the two still takes connections and answers them
   * from the old files: the title alone is not enough. The master reads the whole configuration first, which takes
   * seconds with ten thousand domains, hence the long limit. A master that cannot load the files says why in its
   * error log and keeps the old ones: ConfigRefused.
   */
  async reload(timeoutMs = 60_000): Promise<void> {
    const started = performance.now();
    const took = () => (performance.now() - started) / 1000;
    try {
      await this.reloadAndWait(timeoutMs);
    } catch (error) {
      this.onReload?.(took(), error instanceof ConfigRefused ? 'refused' : 'failed');
      throw error;
    }
    this.onReload?.(took(), 'ok');
  }

  private async reloadAndWait(timeoutMs: number): Promise<void> {
    const pid = this.masterPid();
    if (pid === null) throw new Error('nginx is not running');
    const before = childrenOf(pid);
    const oldWorkers = before.filter((child) => titleOf(child).includes('worker process'));
    const log = new LogTail(this.paths.errorLog);
    process.kill(pid, 'SIGHUP');
    const started = Date.now();
    /** What the reload still waits for; '' once it is done. */
    const awaited = () => {
      const now = childrenOf(pid);
      if (!now.some((child) => !before.includes(child))) return 'new workers';
      const listening = listeningSockets(pid);
      const accepting = oldWorkers.filter((worker) => now.includes(worker) && acceptsOn(worker, listening));
      return accepting.length === 0 ? '' : `old workers ${accepting.join(', ')} to close their listening sockets`;
    };
    for (let waitingFor = awaited(); waitingFor !== ''; waitingFor = awaited()) {
      const refusal = masterEmergencies(log.read(), pid);
      if (refusal) throw new ConfigRefused(refusal);
      if (Date.now() - started > timeoutMs) {
        throw new Error(
          `nginx's reload did not end within ${timeoutMs / 1000} s: still waiting for ${waitingFor} (see ${this.paths.errorLog})`,
        );
      }
      if (!isAlive(pid)) throw new Error('nginx exited during the reload');
      await sleep(10);
    }
  }

  /** USR1: the master reopens its log files (after the agent renamed the access log). */
  reopenLogs(): void {
    const pid = this.masterPid();
    if (pid !== null) process.kill(pid, 'SIGUSR1');
  }

  /** QUIT: the workers finish their requests, then the master exits. */
  async stop(timeoutMs = 15_000): Promise<boolean> {
    const pid = this.masterPid();
    if (pid === null) return false;
    process.kill(pid, 'SIGQUIT');
    const started = Date.now();
    while (isAlive(pid)) {
      if (Date.now() - started > timeoutMs) {
        process.kill(pid, 'SIGTERM');
        break;
      }
      await sleep(20);
    }
    return true;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A process's title as nginx sets it ("nginx: worker process"), or '' once it is gone. */
function titleOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

/**
 * The inodes of the listening TCP sockets (IPv4 and IPv6) in the network namespace of process `pid` (nginx's master,
 * which may not share the agent's). Since Linux 4.4 the kernel lists the listening sockets before all others and
 * writes the table as it is read (a page at a time), so the reading stops at the first other line: a busy edge's
 * hundred thousand connections are never listed.
 */
function listeningSockets(pid: number): Set<string> {
  const inodes = new Set<string>();
  const chunk = Buffer.alloc(4096);
  for (const table of [`/proc/${pid}/net/tcp`, `/proc/${pid}/net/tcp6`]) {
    let fd: number;
    try {
      fd = fs.openSync(table, 'r');
    } catch {
      continue;
    }
    try {
      let rest = '';
      let header = true;
      reading: for (;;) {
        const read = fs.readSync(fd, chunk, 0, chunk.length, null);
        if (read === 0) break;
        const lines = (rest + chunk.toString('latin1', 0, read)).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) {
          if (header) {
            header = false;
            continue;
          }
          // "sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode", st 0A: LISTEN.
          const fields = line.trim().split(/\s+/);
          if (fields[3] !== '0A') break reading;
          inodes.add(fields[9]!);
        }
      }
    } finally {
      fs.closeSync(fd);
    }
  }
  return inodes;
}

/**
 * Whether process `pid` still holds one of the `listening` TCP sockets (false once it is gone). Its descriptors are
 * readable by the agent, which runs as the workers' user or as root; should they not be, its title is all there is.
 * An old worker may hold thousands of connections while it finishes them: the listening sockets, inherited from the
 * master, come among the first descriptors, and the look stops at the first one found.
 */
function acceptsOn(pid: number, listening: Set<string>): boolean {
  let descriptors: fs.Dir;
  try {
    descriptors = fs.opendirSync(`/proc/${pid}/fd`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    const title = titleOf(pid);
    return title !== '' && !title.includes('shutting down');
  }
  try {
    for (let entry = descriptors.readSync(); entry !== null; entry = descriptors.readSync()) {
      const inode = /^socket:\[(\d+)\]$/.exec(linkOf(`/proc/${pid}/fd/${entry.name}`))?.[1];
      if (inode !== undefined && listening.has(inode)) return true;
    }
    return false;
  } catch {
    // Gone while it was being read.
    return false;
  } finally {
    descriptors.closeSync();
  }
}

/** Where a descriptor's link points; '' once it is closed. */
function linkOf(file: string): string {
  try {
    return fs.readlinkSync(file);
  } catch {
    return '';
  }
}

/** The processes whose parent is `pid` (nginx's workers, cache manager and loader), from /proc. */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue;
    }
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid === pid) children.push(Number(name));
  }
  return children;
}

/** What a log file gains from the moment it is opened on: each read answers the lines written since the last. */
class LogTail {
  private offset: number;
  private partial = '';

  constructor(private readonly file: string) {
    this.offset = sizeOf(file);
  }

  read(): string {
    const size = sizeOf(this.file);
    // A log rotated away starts again from its beginning.
    if (size < this.offset) this.offset = 0;
    if (size === this.offset) return '';
    const buffer = Buffer.alloc(size - this.offset);
    const fd = fs.openSync(this.file, 'r');
    try {
      fs.readSync(fd, buffer, 0, buffer.length, this.offset);
    } finally {
      fs.closeSync(fd);
    }
    this.offset = size;
    const text = this.partial + buffer.toString('utf8');
    const end = text.lastIndexOf('\n') + 1;
    this.partial = text.slice(end);
    return text.slice(0, end);
  }
}

function sizeOf(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

/**
 * The [emerg] lines the master `pid` wrote (`2026/01/02 03:04:05 [emerg] 123#123: message`), in nginx -t's form
 * (`nginx: [emerg] message`); '' when there are none. Workers log under their own pids.
 */
export function masterEmergencies(lines: string, pid: number): string {
  const found: string[] = [];
  for (const match of lines.matchAll(/^\S+ \S+ \[emerg\] (\d+)#\d+: (.*)$/gm)) {
    if (Number(match[1]) === pid) found.push(`nginx: [emerg] ${match[2]}`);
  }
  return found.join('\n');
}

/**
 * The files `nginx -t` blames, in the order it names them: `... in /path/file.conf:12` and quoted paths such as
 * `cannot load certificate "/path/12.crt"`. The agent maps them back to the domains that own them.
 */
export function blamedFiles(message: string): string[] {
  const found: string[] = [];
  const add = (file: string) => {
    if (!found.includes(file)) found.push(file);
  };
  for (const match of message.matchAll(/ in (\/[^\s:]+):\d+/g)) add(match[1]!);
  for (const match of message.matchAll(/"(\/[^"]+)"/g)) add(match[1]!);
  return found;
}

/** nginx -t's own lines only ("nginx: [emerg] ..."), without the closing "test failed" line. */
export function errorLines(message: string): string {
  return message
    .split('\n')
    .filter((line) => /\[(emerg|alert|crit|error)\]/.test(line))
    .map((line) => line.replace(/^nginx: /, ''))
    .join('\n');
}
