import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { e2e } from './env';

const opsEntry = path.resolve(import.meta.dirname, '../../apps/server/dist/ops.js');

/**
 * `npm run ops -- <argv>` against the e2e server's data folder, as an operator would type it: the command line
 * hands the command to the running server (its operator socket), since the embedded database admits one process.
 * Answers what it printed; a failing command throws with its error output.
 */
export function operator(...argv: string[]): string {
  return execFileSync(process.execPath, [opsEntry, ...argv], {
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: e2e.dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}
