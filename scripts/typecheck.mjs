// `npm run typecheck`: TypeScript's build mode over the project references of tsconfig.json. The shared packages
// (testkit, contract, edge-config) are checked once, in dependency order, and give the apps their declarations; each
// app is still checked on its own (the web needs DOM types, the server Node's, and neither may leak into the other).
// Incremental: the state kept in node_modules/.cache/tsc makes a second run check only what changed.
import { spawnSync } from 'node:child_process';
import { root } from './build-state.mjs';

const result = spawnSync('npx', ['tsc', '--build', 'tsconfig.json'], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
