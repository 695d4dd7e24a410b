// The vitest configuration Stryker loads inside its sandbox (scripts/mutation.mjs). Stryker copies the repository
// into .stryker-tmp/ and links node_modules back to the real one, so `@edgeward/contract` would resolve through the
// workspace links to the original, unmutated sources: the aliases point each workspace package at the sandbox's copy.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import base, { databaseTemplates, nodeTests, webTests } from '../vitest.config';

const root = fileURLToPath(new URL('..', import.meta.url));
const source = (path: string) => `${root}${path}`;

export default defineConfig({
  ...base,
  root,
  cacheDir: source('.vite-mutation'),
  resolve: {
    alias: [
      { find: /^@edgeward\/contract$/, replacement: source('packages/contract/src/index.ts') },
      { find: /^@edgeward\/contract\/(.+)$/, replacement: source('packages/contract/src/$1.ts') },
      { find: /^@edgeward\/edge-config$/, replacement: source('packages/edge-config/src/index.ts') },
      { find: /^@edgeward\/edge-config\/njs\/(.+)$/, replacement: source('packages/edge-config/njs/$1') },
      { find: /^@edgeward\/testkit$/, replacement: source('packages/testkit/src/index.ts') },
    ],
  },
  test: {
    ...base.test,
    // One project, each file in a fresh worker: Stryker activates a static mutant by reloading the tests' modules.
    projects: undefined,
    isolate: true,
    // The area's own tests (set by scripts/mutation.mjs). Stryker's `testFiles` option would do the same, but with it
    // Stryker 9.6 activates a mutant of module-level code only after the module has loaded (stryker-js#6144), so such
    // mutants would all survive; limited here, a static mutant reloads the area's tests with the mutant active.
    include: process.env.MUTATION_TESTS ? process.env.MUTATION_TESTS.split(',') : [...nodeTests, ...webTests],
    // The database templates take a while to migrate; only the server's API tests copy them.
    globalSetup: process.env.MUTATION_DATABASE === '1' ? [databaseTemplates] : [],
  },
});
