// When is a build stale: shared by the web and server builds, which `npm start`, `npm run ops` and the benchmarks
// make on demand.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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

/** Why `output` must be rebuilt from `sources` (paths relative to the root), or undefined when it is up to date. */
export function staleReason(output, sources) {
  const built = path.join(root, output);
  if (!fs.existsSync(built)) return `${output} is missing`;
  const builtAt = fs.statSync(built).mtimeMs;
  const changed = sources.find((source) => newestMtime(path.join(root, source)) > builtAt);
  return changed ? `${changed} changed since the last build` : undefined;
}

/**
 * Builds when `reason` says the output is stale, naming `what` and why; answers false when the build was needed and
 * failed (its error printed), so callers exit instead of running a stale or missing bundle.
 */
export async function ensureBuilt(what, reason, build) {
  if (!reason) return true;
  console.log(`> building ${what} (${reason})`);
  try {
    await build();
    return true;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return false;
  }
}

/** The command-line use of a build script: `--force` always builds, otherwise only when stale. */
export async function runBuildScript(scriptUrl, build, ensure) {
  if (process.argv[1] !== fileURLToPath(scriptUrl)) return;
  const built = process.argv.includes('--force') ? await build().then(() => true) : await ensure();
  process.exit(built ? 0 : 1);
}
