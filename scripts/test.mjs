// `npm test`: every check, in order, stopping at the first failure. With TEST_DATABASE_URL set, the API tests run on
// PostgreSQL as well as PGlite. The web and the server are built before the browser tests, which run against the built app.
import { spawnSync } from 'node:child_process';
import { root } from './web-build.mjs';

const steps = [
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  ['unit and API tests', 'npx', ['vitest', 'run']],
  ['build (web and server)', 'npm', ['run', 'build']],
  ['browser tests', 'npm', ['run', 'test:e2e']],
  ['edge tests (built console, edge agent and nginx on loopback)', 'npm', ['run', 'test:edge']],
];

const databases = process.env.TEST_DATABASE_URL
  ? 'PGlite and PostgreSQL'
  : 'PGlite only (set TEST_DATABASE_URL to add PostgreSQL)';
console.log(`API tests database: ${databases}`);
const timings = [];
for (const [name, command, args] of steps) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  timings.push(`${name} ${seconds}s`);
  if (result.status !== 0) {
    console.error(`\n=== FAILED: ${name} (exit ${result.status ?? result.signal}) after ${seconds}s`);
    process.exit(result.status || 1);
  }
}
console.log(`\n=== all checks passed: ${timings.join(', ')}`);
