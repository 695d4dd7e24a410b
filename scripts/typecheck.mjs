// Each workspace is checked on its own: the web needs DOM types, the server Node's, and neither may leak into the other.
import { spawnSync } from 'node:child_process';

const projects = [
  'packages/contract',
  'packages/edge-config',
  'packages/testkit',
  'apps/edge',
  'apps/server',
  'apps/web',
  'e2e',
  'bench',
];
let failed = false;
for (const project of projects) {
  const result = spawnSync('npx', ['tsc', '-p', project], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
