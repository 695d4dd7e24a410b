// Builds the web app when apps/web/dist is missing or older than what it is built from. Imported by start.mjs and
// run directly (`node scripts/web-build.mjs`) by the benchmarks.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { root, staleReason } from './build-state.mjs';

export { root };

const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'apps/web/package.json',
  'packages/contract/src',
];

/** Why a build is needed, or undefined when apps/web/dist is up to date. */
export function webBuildReason() {
  return staleReason('apps/web/dist/index.html', sources);
}

/** Returns false when the build was needed and failed. */
export function ensureWebBuild() {
  const reason = webBuildReason();
  if (!reason) return true;
  console.log(`> building the web app (${reason}): npm run build -w @edgeward/web`);
  const result = spawnSync('npm', ['run', 'build', '-w', '@edgeward/web'], { cwd: root, stdio: 'inherit' });
  return result.status === 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(ensureWebBuild() ? 0 : 1);
}
