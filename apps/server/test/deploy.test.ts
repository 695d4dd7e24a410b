import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { configVariables, loadConfig } from '../src/config';

const deploy = fileURLToPath(new URL('../../../deploy/', import.meta.url));
const nginx = '/usr/sbin/nginx';
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'edgeward-deploy-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** The examples an operator copies (docs/operations.md) must work as they are, once their secrets are filled in. */
describe('the deployment examples', () => {
  it('name only settings the server reads, and start a production configuration once the secrets are set', () => {
    const env = Object.fromEntries(
      fs
        .readFileSync(path.join(deploy, 'edgeward.env.example'), 'utf8')
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(Object.keys(env).filter((name) => !configVariables.includes(name))).toEqual([]);
    const unit = fs.readFileSync(path.join(deploy, 'edgeward@.service'), 'utf8');
    const fromUnit = [...unit.matchAll(/^Environment=([A-Z_]+)=/gm)].map((m) => m[1]!);
    expect(fromUnit.sort()).toEqual(['DATA_DIR', 'PORT']);
    const config = loadConfig({ ...env, ENCRYPTION_KEY: randomBytes(32).toString('base64'), PORT: '8101' });
    expect(config.env).toBe('production');
    expect(config.rateLimitRedis).toEqual({ url: 'redis://127.0.0.1:6379/0', keyPrefix: 'edgeward:' });
  });

  it.skipIf(!fs.existsSync(nginx) && !process.env.EDGE_NGINX_REQUIRED)(
    'has an nginx configuration for three processes that nginx accepts',
    () => {
      const key = path.join(scratch, 'console.key');
      const cert = path.join(scratch, 'console.crt');
      execFileSync(
        'openssl',
        ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'].concat([
          '-keyout',
          key,
          '-out',
          cert,
          '-subj',
          '/CN=console.example.com',
          '-days',
          '1',
        ]),
        { stdio: 'ignore' },
      );
      const site = fs
        .readFileSync(path.join(deploy, 'nginx-console.conf'), 'utf8')
        .replace('/etc/ssl/edgeward/console.crt', cert)
        .replace('/etc/ssl/edgeward/console.key', key);
      expect(site.match(/server 127\.0\.0\.1:81\d\d/g)).toHaveLength(3);
      fs.writeFileSync(path.join(scratch, 'site.conf'), site);
      fs.writeFileSync(
        path.join(scratch, 'nginx.conf'),
        `pid ${scratch}/nginx.pid;\nerror_log stderr;\nevents {}\nhttp { access_log off; include ${scratch}/site.conf; }\n`,
      );
      execFileSync(nginx, ['-t', '-q', '-p', scratch, '-c', path.join(scratch, 'nginx.conf')], { stdio: 'pipe' });
    },
  );
});
