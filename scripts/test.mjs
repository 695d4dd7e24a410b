// `npm test`: every check, stopping at the first step that fails. The quick static checks run side by side with the
// typecheck (two cores); with TEST_DATABASE_URL set, the API tests run on PostgreSQL as well as PGlite. The web and
// the server are built before the browser tests, which run against the built app.
import { lintChecks } from './lint.mjs';
import { runInParallel } from './parallel.mjs';

const steps = [
  ['typecheck and lint', [['typecheck', 'npm', ['run', 'typecheck']], ...lintChecks]],
  ['unit and API tests', [['vitest', 'npx', ['vitest', 'run']]]],
  ['build (web and server)', [['build', 'npm', ['run', 'build']]]],
  ['browser tests', [['playwright', 'npm', ['run', 'test:e2e']]]],
  ['edge tests (built console, edge agent and nginx on loopback)', [['edge', 'npm', ['run', 'test:edge']]]],
];

const databases = process.env.TEST_DATABASE_URL
  ? 'PGlite and PostgreSQL'
  : 'PGlite only (set TEST_DATABASE_URL to add PostgreSQL)';
console.log(`API tests database: ${databases}`);
const timings = [];
for (const [name, checks] of steps) {
  console.log(`\n=== ${name}`);
  const started = Date.now();
  const results = await runInParallel(checks, { stream: checks.length === 1 });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  timings.push(`${name} ${seconds}s`);
  const failed = results.filter((result) => !result.ok);
  if (failed.length > 0) {
    console.error(`\n=== FAILED: ${failed.map((result) => result.name).join(', ')} after ${seconds}s`);
    process.exit(1);
  }
}
console.log(`\n=== all checks passed: ${timings.join(', ')}`);
