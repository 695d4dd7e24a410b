import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSettings } from './settings';

const base = { EDGE_CONSOLE_URL: 'http://console.test:8080/', EDGE_NODE_TOKEN: 'secret-token' };

describe('edge settings', () => {
  it('fills the defaults and puts everything under the state folder', () => {
    const settings = loadSettings({ ...base, EDGE_STATE_DIR: '/var/lib/edgeward-edge' });
    expect(settings.consoleUrl).toBe('http://console.test:8080');
    expect(settings.render).toMatchObject({ httpPort: 80, httpsPort: 443, internalPort: 8089, authPort: 8090 });
    expect(settings.render.paths).toMatchObject({
      prefix: '/var/lib/edgeward-edge/nginx',
      domainsDir: '/var/lib/edgeward-edge/nginx/domains',
      cacheDir: '/var/lib/edgeward-edge/cache',
      accessLog: '/var/lib/edgeward-edge/logs/access.log',
      authErrorLog: '/var/lib/edgeward-edge/logs/auth-error.log',
    });
    expect(settings.layout.authConfig).toBe('/var/lib/edgeward-edge/nginx/auth/nginx.conf');
    expect(settings.layout.snapshotsDir).toBe('/var/lib/edgeward-edge/snapshots');
    expect(settings).toMatchObject({ nginxBin: '/usr/sbin/nginx', logBatchLines: 5000, logBatchMs: 2000 });
  });

  it('names every problem in one message', () => {
    expect(() => loadSettings({ EDGE_CONSOLE_URL: 'console', EDGE_NODE_TOKEN: 't', EDGE_HTTP_PORT: '0' })).toThrow(
      /EDGE_CONSOLE_URL: .*\n.*EDGE_HTTP_PORT/s,
    );
    expect(() => loadSettings({ EDGE_CONSOLE_URL: 'http://c' })).toThrow(/EDGE_NODE_TOKEN .*is required/);
  });

  it('reads the token from a file, and not from both', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-settings-'));
    const file = path.join(dir, 'token');
    fs.writeFileSync(file, 'from-file\n');
    try {
      expect(loadSettings({ EDGE_CONSOLE_URL: 'http://c', EDGE_NODE_TOKEN_FILE: file }).token).toBe('from-file');
      expect(() => loadSettings({ ...base, EDGE_NODE_TOKEN_FILE: file })).toThrow(/not both/);
      expect(() => loadSettings({ EDGE_CONSOLE_URL: 'http://c', EDGE_NODE_TOKEN_FILE: `${file}.x` })).toThrow(
        /cannot read/,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
