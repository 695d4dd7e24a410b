import { defineConfig } from 'vitest/config';

/** The server's, the edge agent's, the shared packages' and the scripts' tests: Node. */
export const nodeTests = [
  'packages/*/src/**/*.test.ts',
  'apps/server/{src,test}/**/*.test.ts',
  'apps/edge/{src,test}/**/*.test.ts',
  'scripts/**/*.test.ts',
];
/** The web's components, drawn in jsdom. */
export const webTests = ['apps/web/{src,build}/**/*.test.{ts,tsx}'];
export const databaseTemplates = 'apps/server/test/global-setup.ts';

// Two cores: two workers. Each server test file copies its own database from the run's migrated template
// (apps/server/test/global-setup.ts), so files run in parallel safely.
export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: nodeTests,
          globalSetup: [databaseTemplates],
          // A worker keeps the modules it has loaded from one file to the next: loading the server for each of 150
          // files was a third of the suite's time. Every file builds its own app and database, and no module keeps
          // state of its own between them (module-level caches are keyed by the app or the database).
          isolate: false,
        },
      },
      // As the Node tests, a worker keeps its modules from one file to the next (antd and the console imported once per
      // worker, not once per file: the web's tests 57 -> 35 CPU-s); jsdom is still new for each file, and
      // test/setup.ts sets up each file that draws into it.
      {
        extends: true,
        test: { name: 'web', include: webTests, isolate: false, setupFiles: ['apps/web/src/test/setup.ts'] },
      },
    ],
  },
});
