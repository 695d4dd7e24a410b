import { defineConfig } from 'vitest/config';

// Two cores: two workers. Each server test file copies its own database from the run's migrated template
// (apps/server/test/global-setup.ts), so files run in parallel safely.
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/{src,test}/**/*.test.ts',
      'apps/edge/{src,test}/**/*.test.ts',
      'apps/web/{src,build}/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
    ],
    globalSetup: ['apps/server/test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
