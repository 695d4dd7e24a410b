// Builds the web app when apps/web/dist is missing or older than what it is built from. Imported by start.mjs and
// run directly (`node scripts/web-build.mjs`) by the benchmarks.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'apps/web/package.json',
  'packages/contract/src',
].map((p) => path.join(root, p));

function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Why a build is needed, or undefined when apps/web/dist is up to date. */
export function webBuildReason() {
  if (!fs.existsSync(builtIndex)) return 'apps/web/dist/index.html is missing';
  const builtAt = fs.statSync(builtIndex).mtimeMs;
  const changed = sources.find((source) => newestMtime(source) > builtAt);
  return changed ? `${path.relative(root, changed)} changed since the last build` : undefined;
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
