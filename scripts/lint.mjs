// `npm run lint`: formatting and lint (Biome), the rooms and doors (dependency-cruiser, .dependency-cruiser.cjs),
// unused files, exports and dependencies (knip, knip.jsonc), and the size of the web's files. Side by side: two cores.
import { fileURLToPath } from 'node:url';
import { runInParallel } from './parallel.mjs';

export const lintChecks = [
  ['biome', 'npx', ['biome', 'check', '.']],
  [
    'dependency rules',
    'npx',
    [
      'depcruise',
      'apps',
      'packages',
      'e2e',
      'bench',
      'scripts',
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'err',
    ],
  ],
  [
    'no two areas both ways',
    'npx',
    ['depcruise', 'apps/server/src/modules', '--config', '.dependency-cruiser.areas.cjs', '--output-type', 'err'],
  ],
  ['unused code and dependencies', 'npx', ['knip', '--no-progress']],
  ['web file sizes', 'node', ['scripts/check-file-lines.mjs']],
];

if (fileURLToPath(import.meta.url) === process.argv[1]) {
  const results = await runInParallel(lintChecks);
  process.exit(results.every((result) => result.ok) ? 0 : 1);
}
