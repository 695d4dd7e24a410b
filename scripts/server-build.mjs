// Builds the server to JavaScript (apps/server/dist): production runs plain Node, not the TypeScript loader. The
// workspace packages' TypeScript (contract, edge-config) is bundled in; every other package stays an import of
// node_modules. The SQL migrations are copied beside the bundles, where the migration runner looks for them (no
// code splitting: each entry is one file, so import.meta.url points at dist/ wherever the code came from).
// `npm run build -w @edgeward/server` runs it; start.mjs and ops.mjs call ensureServerBuild() so that a stale build
// is never served.
import fs from 'node:fs';
import path from 'node:path';
import { ensureBuilt, root, runBuildScript, staleReason } from './build-state.mjs';

const serverDir = path.join(root, 'apps/server');
const outDir = path.join(serverDir, 'dist');
const sources = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/contract/src',
  'packages/edge-config/src',
  'scripts/server-build.mjs',
];

export const serverEntry = path.join(outDir, 'main.js');
export const opsEntry = path.join(outDir, 'ops.js');

export function serverBuildReason() {
  return staleReason('apps/server/dist/main.js', sources);
}

/** Builds into `into` (apps/server/dist by default) and returns esbuild's metafile: what went in, what stayed out. */
export async function buildServer(into = outDir) {
  const { build } = await import('esbuild');
  const pkg = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
  const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@edgeward/'));
  fs.rmSync(into, { recursive: true, force: true });
  const result = await build({
    // The log reading thread's code is loaded by its file name (modules/traffic/reading-threads.ts).
    entryPoints: {
      main: 'src/main.ts',
      ops: 'src/ops/main.ts',
      'log-reading-worker': 'src/modules/traffic/log-reading.worker.ts',
    },
    absWorkingDir: serverDir,
    outdir: into,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: 'linked',
    external,
    logLevel: 'warning',
    metafile: true,
  });
  fs.cpSync(path.join(serverDir, 'src/db/migrations'), path.join(into, 'migrations'), { recursive: true });
  return result.metafile;
}

/** Returns false when the build was needed and failed. */
export function ensureServerBuild() {
  return ensureBuilt('the server', serverBuildReason(), buildServer);
}

await runBuildScript(import.meta.url, buildServer, ensureServerBuild);
