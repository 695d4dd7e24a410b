// `npm run typecheck`: TypeScript's build mode over the project references of tsconfig.json. The shared packages
// (testkit, contract, edge-config) are checked once, in dependency order, and give the apps their declarations; each
// app is still checked on its own (the web needs DOM types, the server Node's, and neither may leak into the other).
// Incremental: the state kept in node_modules/.cache/tsc makes a second run check only what changed.
// The check is TypeScript 7's native compiler (docs/decisions/0020-typecheck-with-typescript-7.md); TypeScript 5
// stays installed as `typescript` for the tools that call its JavaScript API.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from './build-state.mjs';

const tsc = path.join(
  path.dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')),
  'bin/tsc',
);
const result = spawnSync(process.execPath, [tsc, '--build', 'tsconfig.json'], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
