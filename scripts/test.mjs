// `npm test`: every check, stopping at the first step that fails. The quick static checks run side by side with the
// typecheck (two cores), and the unit and API tests beside the rest of it; with TEST_DATABASE_URL set, the API tests
// run on PostgreSQL as well as PGlite. The web and the server are built before the browser tests, which run against
// the built app. With TEST_SECOND_NODE (the folder of another Node's binary) the unit and API tests also run under
// that Node on PGlite, side by side with the first run: CI's second Node version (docs/decisions/0016-ci-matrix.md).
import path from 'node:path';
import { lintChecks } from './lint.mjs';
import { runInParallel } from './parallel.mjs';

/**
 * The Node tests once more under the Node in `folder`, on PGlite, on ports apart from the first run's. The web's
 * component tests are left to the first run: their code runs in browsers, whatever Node the tests run under.
 */
function underSecondNode(folder) {
  const { TEST_DATABASE_URL: _postgres, ...env } = process.env;
  return [
    `vitest under ${folder} on PGlite (Node tests)`,
    'npx',
    ['vitest', 'run', '--project', 'node'],
    {
      ...env,
      PATH: `${path.resolve(folder)}${path.delimiter}${env.PATH}`,
      TEST_DATABASE_KINDS: 'pglite',
      EDGE_PORT_BASE: String(Number(env.EDGE_PORT_BASE ?? 18000) + 1000),
    },
  ];
}

const secondNode = process.env.TEST_SECOND_NODE;
const unitAndApiTests = [['vitest', 'npx', ['vitest', 'run']], ...(secondNode ? [underSecondNode(secondNode)] : [])];

/**
 * The typecheck outlasts the quick checks beside it: once they are done, the unit and API tests start beside what is
 * left of it, if those checks passed, and the step fails if any of them failed.
 */
async function typecheckLintAndTests() {
  const typecheck = runInParallel([['typecheck', 'npm', ['run', 'typecheck']]]);
  const lint = await runInParallel(lintChecks);
  const tests = lint.every((result) => result.ok)
    ? await runInParallel(unitAndApiTests, { stream: unitAndApiTests.length === 1 })
    : [];
  return [...(await typecheck), ...lint, ...tests];
}

const steps = [
  ['typecheck, lint, unit and API tests', typecheckLintAndTests],
  ['build (web and server)', [['build', 'npm', ['run', 'build']]]],
  // The edge tests (built console, edge agent and nginx on loopback, ports of their own) beside the browser tests:
  // those leave part of the CPU idle while they wait on the server and on timers.
  [
    'browser and edge tests',
    [
      ['playwright', 'npm', ['run', 'test:e2e']],
      ['edge', 'npm', ['run', 'test:edge']],
    ],
  ],
];

const databases = process.env.TEST_DATABASE_URL
  ? 'PGlite and PostgreSQL'
  : 'PGlite only (set TEST_DATABASE_URL to add PostgreSQL)';
console.log(`API tests database: ${databases}`);
const timings = [];
for (const [name, checks] of steps) {
  console.log(`\n=== ${name}`);
  const started = Date.now();
  const results =
    typeof checks === 'function' ? await checks() : await runInParallel(checks, { stream: checks.length === 1 });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  timings.push(`${name} ${seconds}s`);
  const failed = results.filter((result) => !result.ok);
  if (failed.length > 0) {
    console.error(`\n=== FAILED: ${failed.map((result) => result.name).join(', ')} after ${seconds}s`);
    process.exit(1);
  }
}
console.log(`\n=== all checks passed: ${timings.join(', ')}`);
