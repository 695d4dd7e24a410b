import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One benchmark module: bench/<name>.bench.ts default-exports this and is listed in bench/run.ts. */
export interface Bench {
  name: string;
  description: string;
  run(): Promise<void>;
}

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The figure beside its target, marked so a reader sees at a glance which side of it we are on. */
export function versusTarget(figure: string, meets: boolean, target: string): string {
  return `${figure}  ${meets ? 'ok' : 'MISSES'} (target ${target})`;
}

/** Builds apps/web when dist is missing or stale, as `npm start` does. */
export function ensureWebBuild(): void {
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/web-build.mjs')], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('the web build failed');
}
