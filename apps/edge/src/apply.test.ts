import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderDomain, renderMainConfig } from '@edgeward/edge-config';
import { selfSignedCertificate } from '@edgeward/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { snapshotOf, withBrokenCertificate, withCertificate } from '../test/snapshots';
import { ConfigApplier } from './apply';
import { silentLogger } from './log';
import { ConfigRefused, type Nginx, type TestResult } from './nginx';
import { loadSettings } from './settings';
import { SnapshotStore } from './state';

/*
 * The applier with a scripted nginx: a reload is refused and `nginx -t` answers as the test says (blaming a file as
 * nginx would); reloads and tests are counted. The loopback tests run the same code against real nginx.
 */

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-apply-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function setup() {
  const settings = loadSettings({ EDGE_CONSOLE_URL: 'http://c', EDGE_NODE_TOKEN: 't', EDGE_STATE_DIR: dir });
  const { paths } = settings.render;
  const nginx = {
    paths: { mainConfig: settings.layout.mainConfig },
    tests: [] as TestResult[],
    refusals: [] as string[],
    tested: 0,
    reloads: 0,
    started: 0,
    async test() {
      this.tested++;
      return this.tests.shift() ?? { ok: true };
    },
    async reload() {
      this.reloads++;
      const refusal = this.refusals.shift();
      if (refusal !== undefined) throw new ConfigRefused(refusal);
    },
    async startOrReload() {
      this.started++;
      return 'started';
    },
  };
  fs.mkdirSync(settings.layout.prefix, { recursive: true });
  const store = new SnapshotStore(settings.layout.snapshotsDir);
  const applier = new ConfigApplier(
    { renderMainConfig, renderDomain },
    settings.render,
    nginx as unknown as Nginx,
    store,
    silentLogger,
  );
  const unknownDirective = (file: string) => `nginx: [emerg] unknown directive "x" in ${file}:3`;
  /** nginx refuses the files at the reload, then `nginx -t` blames `file`. */
  const blame = (file: string) => {
    nginx.refusals.push(unknownDirective(file));
    nginx.tests.push({
      ok: false,
      message: `${unknownDirective(file)}\nnginx: configuration file ${settings.layout.mainConfig} test failed`,
    });
  };
  return { paths, nginx, store, applier, blame };
}

const domain = (domainId: number, version: number) =>
  snapshotOf({ domainId, domainName: `d${domainId}.test`, version, originPort: 9000 + version });

describe('applying snapshots', () => {
  it('writes, reloads (nginx reads the files once: no test first), keeps the new versions and reports them', async () => {
    const { paths, nginx, store, applier } = setup();
    await applier.boot(new Map());
    expect(nginx.started).toBe(1);
    const testedAtBoot = nginx.tested;
    const reports = await applier.apply([domain(1, 1), domain(2, 1)], false);
    expect(reports).toEqual([
      { domainId: 1, version: 1, result: 'applied' },
      { domainId: 2, version: 1, result: 'applied' },
    ]);
    expect(nginx.reloads).toBe(1);
    expect(nginx.tested).toBe(testedAtBoot);
    expect(fs.readdirSync(paths.domainsDir).sort()).toEqual(['1.conf', '2.conf']);
    expect([...store.loadAll().keys()].sort()).toEqual([1, 2]);
    // The same versions again (a resync): nothing to do.
    expect(await applier.apply([domain(1, 1)], false)).toEqual([]);
    expect(nginx.reloads).toBe(1);
  });

  it('puts back the previous files of the domain nginx blames and applies the rest', async () => {
    const { paths, nginx, store, applier, blame } = setup();
    await applier.boot(new Map());
    await applier.apply([domain(1, 1)], false);
    const before = fs.readFileSync(path.join(paths.domainsDir, '1.conf'), 'utf8');
    const reloads = nginx.reloads;
    blame(path.join(paths.domainsDir, '1.conf'));
    const reports = await applier.apply([domain(1, 2), domain(2, 1)], false);
    expect(reports).toEqual([
      { domainId: 1, version: 2, result: 'failed', reason: expect.stringContaining('unknown directive "x"') },
      { domainId: 2, version: 1, result: 'applied' },
    ]);
    // Refused, tested, reloaded without domain 1's new files.
    expect(nginx.reloads).toBe(reloads + 2);
    expect(fs.readFileSync(path.join(paths.domainsDir, '1.conf'), 'utf8')).toBe(before);
    expect(store.loadAll().get(1)?.version).toBe(1);
    // The failed version is not tried again; a newer one is.
    expect(await applier.apply([domain(1, 2)], false)).toEqual([]);
    expect(await applier.apply([domain(1, 3)], false)).toEqual([{ domainId: 1, version: 3, result: 'applied' }]);
  });

  it('refuses a certificate nginx could not load at the handshake before writing any file', async () => {
    const { paths, nginx, applier } = setup();
    await applier.boot(new Map());
    const [report] = await applier.apply([withBrokenCertificate(domain(5, 1))], false);
    expect(report).toMatchObject({
      domainId: 5,
      result: 'failed',
      reason: expect.stringContaining('the certificate or its private key cannot be loaded'),
    });
    expect(fs.readdirSync(paths.domainsDir)).toEqual([]);
    expect(fs.readdirSync(paths.certsDir)).toEqual([]);
    expect(nginx.reloads).toBe(0);
  });

  it('refuses a certificate with the private key of another, and keeps the version it serves', async () => {
    const { paths, nginx, applier } = setup();
    await applier.boot(new Map());
    const served = withCertificate(domain(6, 1), selfSignedCertificate('d6.test'));
    expect(await applier.apply([served], false)).toEqual([{ domainId: 6, version: 1, result: 'applied' }]);
    const [one, another] = [selfSignedCertificate('d6.test'), selfSignedCertificate('d6.test')];
    const mismatched = withCertificate(domain(6, 2), { certificate: one.certificate, privateKey: another.privateKey });
    const [report] = await applier.apply([mismatched], false);
    expect(report).toMatchObject({ result: 'failed', reason: 'the certificate does not belong to its private key' });
    expect(fs.readFileSync(path.join(paths.certsDir, 'd6.test.pem'), 'utf8')).toContain(
      served.config!.httpsConfig.certificatePem!.trim(),
    );
    expect(nginx.reloads).toBe(1);
  });

  it.skipIf(process.getuid?.() !== 0)('refuses to start with a worker user the machine does not have', () => {
    const settings = loadSettings({
      EDGE_CONSOLE_URL: 'http://c',
      EDGE_NODE_TOKEN: 't',
      EDGE_STATE_DIR: dir,
      EDGE_NGINX_USER: 'edgeward-no-such-user',
    });
    expect(
      () =>
        new ConfigApplier(
          { renderMainConfig, renderDomain },
          settings.render,
          {} as Nginx,
          new SnapshotStore(settings.layout.snapshotsDir),
          silentLogger,
        ),
    ).toThrow('EDGE_NGINX_USER names edgeward-no-such-user, which is not a user of this machine');
  });

  it.skipIf(process.getuid?.() !== 0)(
    "lets nginx's workers (another user: root runs them as EDGE_NGINX_USER) read the certificates",
    async () => {
      const { paths, applier } = setup();
      await applier.boot(new Map());
      await applier.apply([withCertificate(domain(7, 1), selfSignedCertificate('d7.test'))], false);
      const group = Number(execFileSync('id', ['-g', 'www-data'], { encoding: 'utf8' }).trim());
      const folder = fs.statSync(paths.certsDir);
      const pair = fs.statSync(path.join(paths.certsDir, 'd7.test.pem'));
      expect({ gid: folder.gid, mode: folder.mode & 0o777 }).toEqual({ gid: group, mode: 0o750 });
      expect({ uid: pair.uid, gid: pair.gid, mode: pair.mode & 0o777 }).toEqual({ uid: 0, gid: group, mode: 0o640 });
    },
  );

  it('fails every change when nginx blames no file it can trace', async () => {
    const { paths, nginx, applier } = setup();
    await applier.boot(new Map());
    const message = 'nginx: [emerg] could not build server_names_hash';
    nginx.refusals.push(message);
    nginx.tests.push({ ok: false, message });
    const reports = await applier.apply([domain(1, 1), domain(2, 1)], false);
    expect(reports.map((r) => r.result)).toEqual(['failed', 'failed']);
    expect(nginx.reloads).toBe(1);
    expect(fs.readdirSync(paths.domainsDir)).toEqual([]);
  });

  it('puts every file back and reports nothing when nginx refuses files `nginx -t` passes', async () => {
    const { paths, nginx, applier } = setup();
    await applier.boot(new Map());
    await applier.apply([domain(1, 1)], false);
    const before = fs.readFileSync(path.join(paths.domainsDir, '1.conf'), 'utf8');
    const refusal = 'nginx: [emerg] bind() to 0.0.0.0:80 failed (98: Address already in use)';
    nginx.refusals.push(refusal, refusal);
    await expect(applier.apply([domain(1, 2), domain(2, 1)], false)).rejects.toThrow('Address already in use');
    expect(fs.readdirSync(paths.domainsDir)).toEqual(['1.conf']);
    expect(fs.readFileSync(path.join(paths.domainsDir, '1.conf'), 'utf8')).toBe(before);
    expect(applier.good.get(1)?.version).toBe(1);
    // Nothing was reported, so the console sends the versions again and they are tried again.
    expect(await applier.apply([domain(1, 2)], false)).toEqual([{ domainId: 1, version: 2, result: 'applied' }]);
  });

  it('drops disabled and removed domains, and on a full answer every domain it does not list', async () => {
    const { paths, store, applier } = setup();
    await applier.boot(new Map());
    await applier.apply([domain(1, 1), domain(2, 1), domain(3, 1)], false);
    const disabled = { ...domain(1, 2), state: 'disabled' as const };
    const removed = { ...domain(2, 2), state: 'removed' as const, config: null };
    expect(await applier.apply([disabled, removed], false)).toEqual([
      { domainId: 1, version: 2, result: 'applied' },
      { domainId: 2, version: 2, result: 'removed' },
    ]);
    expect(fs.readdirSync(paths.domainsDir)).toEqual(['3.conf']);
    expect(await applier.apply([disabled], true)).toEqual([{ domainId: 3, version: 1, result: 'removed' }]);
    expect(fs.readdirSync(paths.domainsDir)).toEqual([]);
    expect([...store.loadAll().keys()]).toEqual([1]);
  });

  it('boots from the last good snapshots and drops files no domain owns', async () => {
    const { paths, nginx, applier } = setup();
    fs.mkdirSync(paths.domainsDir, { recursive: true });
    fs.writeFileSync(path.join(paths.domainsDir, '9.conf'), 'left by a crash');
    await applier.boot(new Map([[1, domain(1, 4)]]));
    expect(fs.readdirSync(paths.domainsDir)).toEqual(['1.conf']);
    expect(nginx.started).toBe(1);
    expect(applier.good.get(1)?.version).toBe(4);
  });
});
