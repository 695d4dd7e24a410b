// Builds the edge agent to JavaScript (apps/edge/dist/main.js), as server-build.mjs does for the server: the
// workspace packages (@edgeward/edge-config, @edgeward/contract) are bundled in, the agent's own dependencies stay
// imports of node_modules. `npm run edge` builds it when stale; the systemd unit runs the built file.
import fs from 'node:fs';
import path from 'node:path';
import { ensureBuilt, root, runBuildScript, staleReason } from './build-state.mjs';

const edgeDir = path.join(root, 'apps/edge');
const outDir = path.join(edgeDir, 'dist');
const sources = [
  'apps/edge/src',
  'apps/edge/package.json',
  'packages/edge-config/src',
  'packages/contract/src',
  'scripts/edge-build.mjs',
];

export const edgeEntry = path.join(outDir, 'main.js');

export async function buildEdge() {
  const { build } = await import('esbuild');
  const pkg = JSON.parse(fs.readFileSync(path.join(edgeDir, 'package.json'), 'utf8'));
  const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@edgeward/'));
  fs.rmSync(outDir, { recursive: true, force: true });
  await build({
    entryPoints: { main: 'src/main.ts' },
    absWorkingDir: edgeDir,
    outdir: outDir,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: 'linked',
    external,
    logLevel: 'warning',
  });
}

/** Returns false when the build was needed and failed. */
export function ensureEdgeBuild() {
  return ensureBuilt('the edge agent', staleReason('apps/edge/dist/main.js', sources), buildEdge);
}

await runBuildScript(import.meta.url, buildEdge, ensureEdgeBuild);
