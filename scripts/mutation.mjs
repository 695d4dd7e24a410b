// `npm run mutation [area...] [-- --force --concurrency=2]`: StrykerJS mutation testing of the code where a slip
// costs money, access or data, one area at a time. Each area mutates its own files and runs only its own tests (an
// explicit list: vitest's related-file search would pull in the whole server through app.ts). Runs are incremental:
// Stryker keeps each area's last result in reports/mutation/incremental/ and retests only the mutants whose code or
// tests changed. That result is committed, gzipped, in mutation/ with the area's summary (score and survivors), so a
// fresh clone starts from the last measured run instead of hours of retesting; --force retests everything. The API
// tests run on PGlite. Not part of `npm test` or .ci/run.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { Stryker } from '@stryker-mutator/core';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = 'reports/mutation';
const committed = 'mutation';

const server = 'apps/server/src';
/** An area's own files and tests, and the shared helpers of lib/ that moved out of it with their tests. */
const moduleArea = (name, lib = { mutate: [], tests: [] }) => ({
  mutate: [`${server}/modules/${name}/**/*.ts`, ...lib.mutate.map((file) => `${server}/lib/${file}`)],
  tests: [`${server}/modules/${name}/**/*.test.ts`, ...lib.tests.map((file) => `${server}/lib/${file}`)],
  database: true,
});

/** mutate: the files mutated; tests: the test files run against them; database: the tests need the DB templates. */
const areas = {
  commerce: moduleArea('commerce'),
  apikey: moduleArea('apikey'),
  identity: moduleArea('identity'),
  support: moduleArea('support'),
  certificate: moduleArea('certificate', {
    mutate: ['certificate-check.ts'],
    tests: ['certificate-check.test.ts'],
  }),
  message: moduleArea('message'),
  // Access-log ingestion and the statistics: what a customer is billed and shown.
  traffic: moduleArea('traffic'),
  // Its reading and summing alone (a big batch in parts on the reading threads): 15 minutes, not traffic's hour.
  'traffic-reading': {
    mutate: ['batch-reading', 'reading-threads', 'log-reader', 'host-sums', 'rollup', 'log-reading.worker'].map(
      (file) => `${server}/modules/traffic/${file}.ts`,
    ),
    tests: [`${server}/modules/traffic/**/*.test.ts`],
    database: true,
  },
  // A settings save, the domain read it and the settings calls make, and the publish job's read (the statements a
  // save takes): the domain area whole is hours.
  'domain-save': {
    mutate: [
      `${server}/modules/domain/domain-config.service.ts:93-145`,
      `${server}/modules/domain/domain.repository.ts:110-153`,
      `${server}/modules/domain/domain.repository.ts:170-245`,
      `${server}/modules/domain/edge-rollout.service.ts:20-54`,
    ],
    tests: [
      ...['domain-config', 'domain.repository', 'domain.jobs'].map(
        (file) => `${server}/modules/domain/${file}.test.ts`,
      ),
      // Across variants, the edge feed's snapshots, the operation log's rows and the pasted certificate.
      ...['eo/eo', 'edge/edge', 'operation-log/operation-log', 'certificate/certificate'].map(
        (file) => `${server}/modules/${file}.test.ts`,
      ),
    ],
    database: true,
  },
  // The operator console's staff: sign-in, sessions, roles and the audit log, with the guard of the staff routes.
  staff: {
    mutate: [
      `${server}/modules/staff/**/*.ts`,
      `${server}/lib/staff-audit.ts`,
      `${server}/http/staff-auth.ts`,
      `${server}/http/staff-address.ts`,
      'packages/contract/src/staff-permissions.ts',
    ],
    tests: [`${server}/modules/staff/**/*.test.ts`],
    database: true,
  },
  'operation-log': moduleArea('operation-log', { mutate: ['actor.ts'], tests: [] }),
  // The sandbox gateways' callbacks (payment and face check) are checked in sandbox-callback.ts.
  'payment-provider': {
    mutate: [`${server}/providers/payment/**/*.ts`, `${server}/providers/sandbox-callback.ts`],
    tests: [
      `${server}/modules/commerce/**/*.test.ts`,
      `${server}/providers/sandbox-callback.test.ts`,
      'apps/server/test/sandbox-live.test.ts',
    ],
    database: true,
  },
  'identity-provider': {
    mutate: [`${server}/providers/identity/**/*.ts`],
    tests: [`${server}/modules/identity/**/*.test.ts`, 'apps/server/test/sandbox-live.test.ts'],
    database: true,
  },
  // The permission guard is requireUser (auth.ts) with the contract's hasPermission.
  'http-auth': {
    mutate: [`${server}/http/auth.ts`, 'packages/contract/src/permissions.ts'],
    tests: [
      'packages/contract/src/permissions.test.ts',
      `${server}/http/auth.test.ts`,
      'apps/server/test/http-security.test.ts',
      `${server}/modules/apikey/**/*.test.ts`,
    ],
    database: true,
  },
  'contract-schemas': {
    mutate: ['packages/contract/src/schemas/**/*.ts'],
    tests: ['packages/contract/src/schemas/**/*.test.ts'],
  },
  // The reads every signed-in call makes (the session with its user, the profile), built once per database.
  'signed-in-reads': {
    mutate: [
      `${server}/modules/session/session.repository.ts:7-26`,
      `${server}/modules/account/account.repository.ts:81-93`,
    ],
    tests: [`${server}/http/auth.test.ts`, `${server}/modules/account/account.test.ts`],
    database: true,
  },
  // The durable jobs' runner: enqueue, the claim with its lease, retries and failures, the poll (against the jobs'
  // and the schedules' tests).
  'job-runner': {
    mutate: [`${server}/jobs/runner.ts`],
    tests: [`${server}/jobs/**/*.test.ts`],
    database: true,
  },
  // How every query reaches PGlite (named statements), and the queries built once per database.
  'database-client': {
    mutate: [`${server}/db/pglite-statements.ts`, `${server}/db/prepared.ts`],
    tests: ['pglite-statements', 'prepared', 'pglite-turns'].map((file) => `${server}/db/${file}.test.ts`),
  },
  'contract-crypto': {
    mutate: ['packages/contract/src/crypto/**/*.ts'],
    tests: ['packages/contract/src/crypto/**/*.test.ts'],
  },
  'contract-net': {
    mutate: ['packages/contract/src/net/**/*.ts'],
    tests: ['packages/contract/src/net/**/*.test.ts'],
  },
  'edge-config': {
    mutate: ['packages/edge-config/src/**/*.ts', '!packages/edge-config/src/golden-cases.ts'],
    tests: ['packages/edge-config/src/**/*.test.ts'],
  },
};

const args = process.argv.slice(2);
const force = args.includes('--force');
const concurrencyArg = args.find((arg) => arg.startsWith('--concurrency='));
// Two cores: one test runner leaves the other for the machine; --concurrency=2 when it is free.
const concurrency = concurrencyArg ? Number(concurrencyArg.split('=')[1]) : 1;
const requested = args.filter((arg) => !arg.startsWith('--'));
const unknown = requested.filter((name) => !(name in areas));
if (unknown.length > 0 || !Number.isInteger(concurrency) || concurrency < 1) {
  console.error(
    `usage: npm run mutation [area...] [-- --force --concurrency=N]\nareas: ${Object.keys(areas).join(', ')}`,
  );
  process.exit(2);
}
const selected = requested.length > 0 ? requested : Object.keys(areas);

/** Stryker's score: detected (killed or timed out) over every mutant that ran or had no test; errors do not count. */
function summarize(name, area, report, seconds) {
  const counts = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, RuntimeError: 0, CompileError: 0, Ignored: 0 };
  const perFile = [];
  const survivors = [];
  const uncovered = [];
  for (const [file, { mutants }] of Object.entries(report.files)) {
    const fileCounts = { detected: 0, survived: 0, noCoverage: 0 };
    for (const mutant of mutants) {
      counts[mutant.status] = (counts[mutant.status] ?? 0) + 1;
      if (mutant.status === 'Killed' || mutant.status === 'Timeout') fileCounts.detected++;
      const { line, column } = mutant.location.start;
      const replacement = (mutant.replacement ?? '').replace(/\s+/g, ' ').slice(0, 100);
      const entry = `  ${file}:${line}:${column}  ${mutant.mutatorName}  ${replacement}`;
      if (mutant.status === 'Survived') {
        fileCounts.survived++;
        survivors.push(entry);
      }
      if (mutant.status === 'NoCoverage') {
        fileCounts.noCoverage++;
        uncovered.push(entry);
      }
    }
    const valid = fileCounts.detected + fileCounts.survived + fileCounts.noCoverage;
    if (valid > 0) perFile.push({ file, valid, ...fileCounts });
  }
  const detected = counts.Killed + counts.Timeout;
  const valid = detected + counts.Survived + counts.NoCoverage;
  const score = valid === 0 ? 100 : (100 * detected) / valid;
  const percent = (part, whole) => (whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)} %`);
  const lines = [
    `Mutation testing: ${name}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${(seconds / 60).toFixed(1)} min, StrykerJS ${strykerVersion}`,
    `Mutated: ${area.mutate.join(' ')}`,
    `Tests:   ${area.tests.join(' ')}`,
    `Score: ${score.toFixed(1)} %  killed ${counts.Killed}, timeout ${counts.Timeout}, survived ${counts.Survived}, no coverage ${counts.NoCoverage} (not counted: runtime error ${counts.RuntimeError}, compile error ${counts.CompileError}, ignored ${counts.Ignored})`,
    '',
    'Per file (score, detected/valid, survived, no coverage):',
    ...perFile.map(
      (f) =>
        `  ${percent(f.detected, f.valid).padStart(7)}  ${`${f.detected}/${f.valid}`.padStart(9)}  ${String(f.survived).padStart(3)}  ${String(f.noCoverage).padStart(3)}  ${f.file}`,
    ),
    '',
    `Survived (${survivors.length}): file:line:column  mutator  replacement`,
    ...survivors,
    '',
    `No coverage (${uncovered.length}): no test of the area runs this code`,
    ...uncovered,
    '',
  ];
  return { text: lines.join('\n'), score, counts };
}

const strykerVersion = JSON.parse(
  fs.readFileSync(path.join(root, 'node_modules/@stryker-mutator/core/package.json'), 'utf8'),
).version;
process.chdir(root);
fs.mkdirSync(path.join(reports, 'incremental'), { recursive: true });
fs.mkdirSync(committed, { recursive: true });
delete process.env.TEST_DATABASE_URL;

const results = [];
for (const name of selected) {
  const area = areas[name];
  console.log(`\n=== mutation testing: ${name}`);
  process.env.MUTATION_DATABASE = area.database ? '1' : '0';
  process.env.MUTATION_TESTS = area.tests.join(',');
  const started = Date.now();
  const incrementalFile = `${reports}/incremental/${name}.json`;
  const committedIncremental = `${committed}/${name}.json.gz`;
  if (!fs.existsSync(incrementalFile) && fs.existsSync(committedIncremental)) {
    fs.writeFileSync(incrementalFile, zlib.gunzipSync(fs.readFileSync(committedIncremental)));
  }
  try {
    await new Stryker({
      testRunner: 'vitest',
      plugins: ['@stryker-mutator/vitest-runner'],
      vitest: { configFile: 'scripts/mutation.vitest.config.ts', related: false },
      mutate: [...area.mutate, '!**/*.test.ts', '!**/*.sample-data.ts'],
      coverageAnalysis: 'perTest',
      // One temporary folder per area, so areas can run side by side (cleanTempDir removes the whole folder).
      tempDirName: `.stryker-tmp/${name}`,
      incremental: true,
      incrementalFile,
      force,
      concurrency,
      // A loaded machine slows every test: a mutant is a timeout only when it takes 20 s beyond its tests' time.
      timeoutMS: 20_000,
      dryRunTimeoutMinutes: 30,
      ignorePatterns: [
        '/.stryker-tmp',
        '/reports',
        '/mutation',
        '/apps/web',
        '/apps/edge',
        '/e2e',
        '/bench',
        'dist',
        '/data',
        'test-results',
        '.build-test-*',
      ],
      reporters: ['json', 'html', process.stdout.isTTY ? 'progress' : 'progress-append-only'],
      jsonReporter: { fileName: `${reports}/${name}.json` },
      htmlReporter: { fileName: `${reports}/${name}.html` },
      thresholds: { high: 85, low: 85, break: null },
      cleanTempDir: 'always',
    }).runMutationTest();
    const report = JSON.parse(fs.readFileSync(`${reports}/${name}.json`, 'utf8'));
    const summary = summarize(name, area, report, (Date.now() - started) / 1000);
    fs.writeFileSync(`${reports}/${name}.txt`, summary.text);
    fs.writeFileSync(`${committed}/${name}.txt`, summary.text);
    fs.writeFileSync(committedIncremental, zlib.gzipSync(fs.readFileSync(incrementalFile), { level: 9 }));
    console.log(`\n${summary.text}\n(written to ${reports}/${name}.txt, details in ${reports}/${name}.html)`);
    results.push({ name, score: summary.score, counts: summary.counts });
  } catch (error) {
    console.error(`=== ${name}: Stryker failed: ${error?.stack ?? error}`);
    results.push({ name, error: true });
  }
}

console.log('\n=== mutation scores');
for (const { name, score, counts, error } of results) {
  console.log(
    error
      ? `  ${name}: failed (see above)`
      : `  ${name}: ${score.toFixed(1)} %  (killed ${counts.Killed}, timeout ${counts.Timeout}, survived ${counts.Survived}, no coverage ${counts.NoCoverage})`,
  );
}
process.exit(results.some((r) => r.error) ? 1 : 0);
