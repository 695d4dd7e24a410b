import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EdgeRenderOptions } from './render';
import { type EdgeSnapshot, EdgeSnapshotSchema } from './snapshot';

/* The golden cases (golden/<case>.json, one per setting) and the fixed options their expected files are rendered with. */

export const goldenDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'golden');

export const goldenOptions: EdgeRenderOptions = {
  httpPort: 80,
  httpsPort: 443,
  internalPort: 8089,
  authPort: 8090,
  paths: {
    prefix: '/var/lib/edgeward-test/nginx',
    domainsDir: '/var/lib/edgeward-test/domains',
    certsDir: '/var/lib/edgeward-test/certs',
    cacheDir: '/var/lib/edgeward-test/cache',
    accessLog: '/var/lib/edgeward-test/logs/access.log',
    errorLog: '/var/lib/edgeward-test/logs/error.log',
    authErrorLog: '/var/lib/edgeward-test/logs/auth-error.log',
    njsDir: '/var/lib/edgeward-test/njs',
  },
  cacheMaxSize: '1g',
};

export interface GoldenCase {
  name: string;
  snapshot: EdgeSnapshot;
}

export function goldenCases(): GoldenCase[] {
  return readdirSync(goldenDir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({
      name: file.replace(/\.json$/, ''),
      snapshot: EdgeSnapshotSchema.parse(JSON.parse(readFileSync(join(goldenDir, file), 'utf8'))),
    }));
}
