import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite opens its files from one process only: a second process on the same folder loses acknowledged writes and
 * can leave the database unopenable. This lock makes a second process refuse to start instead. Node has no
 * portable OS file lock, so the lock is a file naming the holder's pid, created atomically (link() fails when it
 * exists); a lock whose holder is no longer alive (a kill -9, a crash) is taken over.
 */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dir} is in use by another Edgeward process (pid ${pid}). ` +
        'The embedded PGlite database admits one process at a time.',
    );
  }
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

export const lockFileName = 'pglite.lock';

/** Lock files this process holds: a lock naming our own pid but not in here is a previous run's (pid reused). */
const heldHere = new Set<string>();

function isAlive(pid: number, file: string): boolean {
  if (pid === process.pid) return heldHere.has(file);
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return errnoOf(error) === 'EPERM';
  }
  return !isZombie(pid);
}

/** A killed process not yet reaped by its parent still answers kill(pid, 0), but holds no files any more (Linux). */
function isZombie(pid: number): boolean {
  try {
    return /^\d+ \(.*\) Z/s.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function errnoOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

/** Takes the lock of `dir` for this process, or throws DataDirLockedError naming the live holder. */
export function lockDataDir(dir: string): DataDirLock {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, lockFileName);
  const draft = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(draft, `${process.pid}\n`);
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        fs.linkSync(draft, file);
        return lockHandle(file);
      } catch (error) {
        if (errnoOf(error) !== 'EEXIST') throw error;
      }
      const holder = readPid(file);
      if (holder === undefined) continue;
      if (holder && isAlive(holder, file)) throw new DataDirLockedError(dir, holder);
      takeOverStale(file, holder);
    }
    throw new Error(`Could not take the lock ${file}`);
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

/**
 * Moves a dead holder's lock aside. Renaming is atomic, so of two processes taking over at once only one moves the
 * stale file; if what was moved turns out to be a newer lock (another process took over in between), it goes back.
 */
function takeOverStale(file: string, stalePid: number): void {
  const aside = `${file}.${process.pid}.stale`;
  try {
    fs.renameSync(file, aside);
  } catch (error) {
    if (errnoOf(error) === 'ENOENT') return;
    throw error;
  }
  if (readPid(aside) !== stalePid) {
    try {
      fs.linkSync(aside, file);
    } catch (error) {
      if (errnoOf(error) !== 'EEXIST') throw error;
    }
  }
  fs.rmSync(aside, { force: true });
}

function lockHandle(file: string): DataDirLock {
  heldHere.add(file);
  const release = () => {
    if (!heldHere.delete(file)) return;
    process.off('exit', release);
    // Only our own lock is removed: never one another process took over.
    if (readPid(file) === process.pid) fs.rmSync(file, { force: true });
  };
  // process.exit() skips asynchronous cleanup; the lock still goes with the process.
  process.on('exit', release);
  return { file, release };
}
