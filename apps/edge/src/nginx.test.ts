import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blamedFiles, errorLines, masterEmergencies, Nginx, nginxEnvironment } from './nginx';

// Messages as nginx 1.22 writes them for `nginx -t -q`.
const unknownDirective = `nginx: [emerg] unknown directive "proxy_cach" in /var/lib/edge/nginx/domains/12.conf:7
nginx: configuration file /var/lib/edge/nginx/nginx.conf test failed`;
const badCertificate = `nginx: [emerg] cannot load certificate "/var/lib/edge/nginx/certs/4.crt": PEM_read_bio_X509_AUX() failed (SSL: error:0480006C:PEM routines::no start line:Expecting: TRUSTED CERTIFICATE)
nginx: configuration file /var/lib/edge/nginx/nginx.conf test failed`;

describe('nginx -t messages', () => {
  it('names the file and line of a directive error', () => {
    expect(blamedFiles(unknownDirective)).toEqual(['/var/lib/edge/nginx/domains/12.conf']);
  });

  it('names a certificate nginx cannot load', () => {
    expect(blamedFiles(badCertificate)).toEqual(['/var/lib/edge/nginx/certs/4.crt']);
  });

  it('names nothing when the message holds no path of a file', () => {
    expect(blamedFiles('nginx: [emerg] bind() to 0.0.0.0:80 failed (98: Address already in use)')).toEqual([]);
  });

  it('keeps nginx error lines only, without the closing line', () => {
    expect(errorLines(unknownDirective)).toBe(
      '[emerg] unknown directive "proxy_cach" in /var/lib/edge/nginx/domains/12.conf:7',
    );
    expect(errorLines('nginx: [warn] conflicting server name "a" on 0.0.0.0:80, ignored')).toBe('');
  });
});

describe('a reload the master refused', () => {
  const log = [
    '2026/11/26 02:59:39 [emerg] 2116#2116: host not found in upstream "o.invalid:80" in /var/lib/edge/nginx/domains/4.conf:3',
    "2026/11/26 02:59:39 [emerg] 2200#2200: a worker's own trouble",
    '2026/11/26 02:59:40 [warn] 2116#2116: conflicting server name "a" on 0.0.0.0:80, ignored',
    '',
  ].join('\n');

  it("reads the master's [emerg] lines of its error log as nginx -t words them", () => {
    const message = masterEmergencies(log, 2116);
    expect(message).toBe(
      'nginx: [emerg] host not found in upstream "o.invalid:80" in /var/lib/edge/nginx/domains/4.conf:3',
    );
    expect(blamedFiles(message)).toEqual(['/var/lib/edge/nginx/domains/4.conf']);
  });

  it("finds nothing in other processes' lines or below [emerg]", () => {
    expect(masterEmergencies(log, 9)).toBe('');
  });
});

describe('a reload', () => {
  /** Waits for `check` to hold, five seconds at most. */
  async function until(check: () => boolean, what: string): Promise<void> {
    const started = Date.now();
    while (!check()) {
      if (Date.now() - started > 5000) throw new Error(`no ${what} within 5 s`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('ends once the old workers have closed their listening sockets, not when their titles say they are shutting down', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-reload-'));
    const mainConfig = path.join(dir, 'nginx.conf');
    const pidFile = path.join(dir, 'nginx.pid');
    fs.writeFileSync(mainConfig, `pid ${pidFile};\n`);
    const fixture = path.join(import.meta.dirname, '../test/fixtures/fake-nginx-master.mjs');
    const master = spawn(process.execPath, [fixture, 'master', pidFile], { stdio: 'inherit' });
    const nginx = new Nginx({ bin: '/nonexistent', prefix: dir, mainConfig, errorLog: path.join(dir, 'e.log') });
    try {
      await until(() => nginx.masterPid() !== null, 'master');
      let ended = false;
      const reloading = nginx.reload(10_000).finally(() => {
        ended = true;
      });
      await until(() => fs.existsSync(`${pidFile}.shutting-down`), 'old worker shutting down');
      // Ten of the reload's looks at the workers, with the old one titled "shutting down" but still listening.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(ended).toBe(false);
      fs.writeFileSync(`${pidFile}.close`, '');
      await reloading;
    } finally {
      master.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the pid file', () => {
  it('is the one the main file names, quoted or not, relative to the prefix', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-pid-'));
    const mainConfig = path.join(dir, 'nginx.conf');
    const nginx = new Nginx({ bin: '/usr/sbin/nginx', prefix: dir, mainConfig, errorLog: path.join(dir, 'e.log') });
    try {
      fs.writeFileSync(mainConfig, 'worker_processes 1;\npid "/run/edge x/nginx.pid";\nevents {}\n');
      expect(nginx.pidFile()).toBe('/run/edge x/nginx.pid');
      fs.writeFileSync(mainConfig, 'pid logs/nginx.pid;\n');
      expect(nginx.pidFile()).toBe(path.join(dir, 'logs/nginx.pid'));
      expect(nginx.masterPid()).toBeNull();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the environment nginx runs with', () => {
  it("tunes glibc's allocator unless the operator set GLIBC_TUNABLES", () => {
    expect(nginxEnvironment({ PATH: '/usr/bin' })).toEqual({
      PATH: '/usr/bin',
      GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1:glibc.malloc.top_pad=67108864',
    });
    expect(nginxEnvironment({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' }).GLIBC_TUNABLES).toBe(
      'glibc.malloc.arena_max=2',
    );
  });
});
