import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { selfSignedCertificate } from '@edgeward/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import { authPrefix } from './auth';
import { type GoldenCase, goldenCases } from './golden-cases';
import { type EdgeRenderOptions, renderAuthConfig, renderDomain, renderMainConfig } from './render';

/*
 * nginx -t over every golden case: the main file and the domain's files in a throwaway prefix (a fresh self-signed
 * certificate for HTTPS cases), then all cases together in one http{} (no name may collide).
 * The URL authentication sidecar's file with the real njs module.
 * Skipped where nginx is not installed, unless EDGE_NGINX_REQUIRED=1 (CI), which turns a missing nginx into a failure.
 */

const NGINX = '/usr/sbin/nginx';
const NJS_MODULE = join(dirname(fileURLToPath(import.meta.url)), '..', 'njs', 'edgeward.js');
const available = existsSync(NGINX) || process.env.EDGE_NGINX_REQUIRED === '1';
const roots: string[] = [];

afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function prefixFor(label: string): EdgeRenderOptions {
  const root = mkdtempSync(join(tmpdir(), `edgeward-nginx-${label}-`));
  roots.push(root);
  const options: EdgeRenderOptions = {
    // nginx -t binds nothing; the ports only have to be valid.
    httpPort: 18080,
    httpsPort: 18443,
    internalPort: 18089,
    authPort: 18090,
    paths: {
      prefix: root,
      domainsDir: join(root, 'domains'),
      certsDir: join(root, 'certs'),
      cacheDir: join(root, 'cache'),
      accessLog: join(root, 'logs', 'access.log'),
      errorLog: join(root, 'logs', 'error.log'),
      authErrorLog: join(root, 'logs', 'auth-error.log'),
      njsDir: join(root, 'njs'),
    },
  };
  for (const dir of ['domains', 'certs', 'cache', 'logs', 'njs', 'temp']) mkdirSync(join(root, dir));
  copyFileSync(NJS_MODULE, join(root, 'njs', 'edgeward.js'));
  writeFileSync(join(root, 'nginx.conf'), renderMainConfig(options));
  return options;
}

/** The domain's files; the golden snapshots carry placeholder PEM, replaced by a real pair. */
function writeDomain({ snapshot }: GoldenCase, options: EdgeRenderOptions): void {
  const files = renderDomain(snapshot, options);
  const pem = files.some((file) => file.tls) ? selfSignedCertificate(snapshot.domainName) : null;
  for (const file of files) {
    const dir = file.dir === 'certs' ? options.paths.certsDir : options.paths.domainsDir;
    const content = pem && file.tls ? `${pem.certificate}${pem.privateKey}` : file.content;
    writeFileSync(join(dir, file.path), content, { mode: file.mode ?? 0o644 });
  }
}

function nginxTest(options: EdgeRenderOptions): { ok: boolean; output: string } {
  const { prefix, errorLog } = options.paths;
  const result = spawnSync(NGINX, ['-t', '-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', errorLog], {
    encoding: 'utf8',
  });
  return { ok: result.status === 0, output: `${result.stderr ?? ''}${result.error?.message ?? ''}` };
}

describe.skipIf(!available)('nginx -t', () => {
  const cases = goldenCases();

  it.each(cases.map((c) => [c.name, c] as const))('accepts %s', (_name, goldenCase) => {
    const options = prefixFor('case');
    writeDomain(goldenCase, options);
    const result = nginxTest(options);
    expect(result.output).toContain('test is successful');
    expect(result.ok).toBe(true);
  });

  it('accepts the URL authentication sidecar (the njs module loaded)', () => {
    const options = prefixFor('auth');
    const prefix = authPrefix(options);
    mkdirSync(join(prefix, 'temp'), { recursive: true });
    writeFileSync(join(prefix, 'nginx.conf'), renderAuthConfig(options));
    const result = spawnSync(
      NGINX,
      ['-t', '-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', options.paths.authErrorLog],
      {
        encoding: 'utf8',
      },
    );
    expect(result.stderr).toContain('test is successful');
  });

  it('accepts every case together in one http{}', () => {
    const options = prefixFor('all');
    for (const goldenCase of cases) writeDomain(goldenCase, options);
    const result = nginxTest(options);
    expect(result.output).toContain('test is successful');
    expect(result.ok).toBe(true);
  });
});
