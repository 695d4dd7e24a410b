import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtServer } from './built-server';

const serverPackage = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** `pkg/sub/path` and `@scope/pkg/sub` -> the package name; node: builtins -> undefined. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('node:') || specifier.startsWith('.') || specifier.startsWith('/')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

describe('the production build of the server', () => {
  let outDir: string;
  let metafile: Metafile;

  beforeAll(async () => {
    ({ dir: outDir, metafile } = await builtServer());
  }, 60_000);

  it('imports at run time exactly the runtime dependencies it declares, and nothing test-only', () => {
    const imported = new Set<string>();
    for (const output of Object.values(metafile.outputs)) {
      for (const entry of output.imports) {
        const name = entry.external ? packageOf(entry.path) : undefined;
        if (name) imported.add(name);
      }
    }
    const declared = Object.keys(serverPackage.dependencies).filter((name) => !name.startsWith('@edgeward/'));
    expect([...imported].sort()).toEqual(declared.sort());
    for (const devOnly of Object.keys(serverPackage.devDependencies)) expect(imported).not.toContain(devOnly);
  });

  it('starts with plain Node, applies the migrations it carries and answers', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edgeward-build-data-'));
    const token = 'build-test-node-token-0123456789';
    const child = spawn(process.execPath, [path.join(outDir, 'main.js')], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        DEMO: 'false',
        EDGE_NODE_TOKENS: `edge-1:${token}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    try {
      const address = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (match) resolve(match[1]!);
        });
        child.stderr.on('data', (chunk: Buffer) => {
          out += chunk.toString();
        });
        child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
      });
      const response = await fetch(`${address}/api/health`);
      expect(await response.json()).toMatchObject({ code: 200, data: { status: 'ok', database: 'pglite' } });
      // A batch big enough to be read in parts: the reading thread's own bundle loads and reads its part.
      const line = JSON.stringify({ time: 1_790_000_000, host: 'nobody.test', status: 200, bytes_sent: 1, url: '/x' });
      const batch = await fetch(`${address}/api/edge/logs`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-ndjson' },
        body: [...Array.from({ length: 20_000 }, () => line), 'not json'].join('\n'),
      });
      expect(await batch.json()).toMatchObject({ data: { lines: 20_001, unknownHost: 20_000, rejected: 1 } });
      expect(out).not.toContain('reading thread');
    } finally {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
