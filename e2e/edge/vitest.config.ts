import { defineConfig } from 'vitest/config';

// The nginx edge end to end on loopback: the built console, a real edge agent and nginx, a local origin. One file,
// its tests in order (each builds on the domain the previous ones configured); nothing runs in parallel.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['*.test.ts'],
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 90_000,
    // The stack's start: the console (up to 120 s, support/console.ts), then the agent and nginx.
    hookTimeout: 180_000,
  },
});
