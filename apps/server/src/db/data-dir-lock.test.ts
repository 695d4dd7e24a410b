import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { builtServer } from '../../test/built-server';
import { restoreCommand } from '../ops/commands/backup';
import { connect } from './connect';
import { DataDirLockedError, lockDataDir, lockFileName } from './data-dir-lock';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));

let built: string;
beforeAll(async () => {
  built = (await builtServer()).dir;
}, 60_000);
const entry = (name: 'main' | 'ops') => path.join(built, `${name}.js`);

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edgeward-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A data folder holding the run's migrated template database: what these tests hold open, without PGlite's initdb. */
async function migratedDataDir(): Promise<string> {
  const dir = tempDir();
  await restoreCommand.run([inject('templates').pgliteDump], { dataDir: dir }, () => undefined);
  return dir;
}

/** The pid of a process that has exited: what a lock left by kill -9 names. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

function run([name, ...args]: ['main' | 'ops', ...string[]], env: Record<string, string>) {
  const child = spawnSync(process.execPath, [entry(name), ...args], {
    cwd: serverRoot,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return { status: child.status, stdout: child.stdout, stderr: child.stderr };
}

function waitForOutput(child: ChildProcess, pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (pattern.test(seen)) resolve();
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code} before ${pattern}: ${seen}`)));
  });
}

// Creating a PGlite database on disk and starting the server in a child process take seconds, more on a busy machine.
describe('data folder lock', { timeout: 180_000 }, () => {
  it('refuses a second holder, naming the pid, until released', () => {
    const dir = tempDir();
    const lock = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, lockFileName), 'utf8').trim()).toBe(String(process.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`(pid ${process.pid})`);
    lock.release();
    expect(fs.existsSync(path.join(dir, lockFileName))).toBe(false);
    lockDataDir(dir).release();
  });

  it('takes over a lock whose holder is dead, or that names no pid', () => {
    const dir = tempDir();
    const file = path.join(dir, lockFileName);
    fs.writeFileSync(file, `${deadPid()}\n`);
    const lock = lockDataDir(dir);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    fs.writeFileSync(file, 'garbage');
    lockDataDir(dir).release();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('takes over a lock naming our own pid that this process does not hold (a previous run, pid reused)', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, lockFileName), `${process.pid}\n`);
    lockDataDir(dir).release();
  });

  it('is held by a PGlite database until it closes; an in-memory one takes none', async () => {
    const dir = await migratedDataDir();
    const database = await connect({ dataDir: dir });
    await expect(connect({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
    await database.close();
    const again = await connect({ dataDir: dir });
    await again.close();
    const memory = await connect({ dataDir: 'memory://' });
    await memory.close();
  });

  it('makes a second server and the operator command refuse to start while the database is open', async () => {
    const dir = await migratedDataDir();
    const database = await connect({ dataDir: dir });
    try {
      const env = { DATA_DIR: dir, DATABASE_URL: '', PORT: '0', DEMO: 'false', LOG_LEVEL: 'silent' };
      const server = run(['main'], env);
      expect(server.status).toBe(1);
      expect(server.stderr).toContain(
        `The data folder ${dir} is in use by another Edgeward process (pid ${process.pid})`,
      );
      expect(server.stderr).toContain('set DATABASE_URL to use PostgreSQL');
      const ops = run(['ops', 'user', 'list'], env);
      expect(ops.status).toBe(1);
      expect(ops.stderr).toContain(`(pid ${process.pid})`);
      expect(ops.stderr).toContain('It takes no operator commands');
    } finally {
      await database.close();
    }
  });

  it('hands operator commands to the server holding the folder, and does not block after it is killed with SIGKILL', async () => {
    const dir = await migratedDataDir();
    const server = spawn(process.execPath, [entry('main')], {
      cwd: serverRoot,
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1', DEMO: 'false' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((resolve) => server.on('exit', resolve));
    const holder = () => Number(fs.readFileSync(path.join(dir, lockFileName), 'utf8'));
    try {
      await waitForOutput(server, /Edgeward console at/);
      const env = { DATA_DIR: dir, DATABASE_URL: '' };
      const created = run(['ops', 'user', 'create', 'opsviasocket', 'ops@example.com', 'Edgeward-2026!'], env);
      expect(created.stderr).toBe('');
      expect(created.stdout).toMatch(/^Created user opsviasocket \(id \d+\)/);
      expect(run(['ops', 'user', 'list'], env).stdout).toContain('opsviasocket');
      // A backup of the running server's database, taken by the server between two statements.
      const backup = path.join(tempDir(), 'console.backup');
      expect(run(['ops', 'backup', backup], env).stdout).toMatch(/^Wrote .*console\.backup \(\d+ bytes\)/);
      expect(fs.statSync(backup).size).toBeGreaterThan(1000);
      const refused = run(['ops', 'user', 'list', 'extra'], env);
      expect(refused).toMatchObject({ status: 1, stderr: expect.stringContaining('takes no arguments') });
      expect(fs.statSync(path.join(dir, 'ops.sock')).mode & 0o777).toBe(0o600);
      process.kill(holder(), 'SIGKILL');
      await exited;
    } finally {
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    }
    const database = await connect({ dataDir: dir });
    await database.close();
  });
});
