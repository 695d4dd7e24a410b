// `npm run ops -- <command>`: the operator's command line, from the built server (built first when stale).
import { spawnSync } from 'node:child_process';
import { ensureServerBuild, opsEntry } from './server-build.mjs';
import { root } from './web-build.mjs';

if (!(await ensureServerBuild())) process.exit(1);
const result = spawnSync(process.execPath, ['--enable-source-maps', opsEntry, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
