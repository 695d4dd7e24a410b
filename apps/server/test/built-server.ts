import fs from 'node:fs';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import { inject } from 'vitest';
import { buildServer } from '../../../scripts/server-build.mjs';

let built: Promise<{ dir: string; metafile: Metafile }> | undefined;

/**
 * The server and the operator command line as production runs them: the built bundles under plain Node. Built here,
 * since the unit tests run before `npm run build`, once per test worker (the files that use it only read it), in
 * the run's build folder (test/global-setup.ts), which goes when the run ends.
 */
export function builtServer(): Promise<{ dir: string; metafile: Metafile }> {
  built ??= (async () => {
    const dir = fs.mkdtempSync(path.join(inject('serverBuildRoot'), 'server-'));
    return { dir, metafile: await buildServer(dir) };
  })();
  return built;
}
