import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import type { JobRunner } from '../../jobs/runner';
import { secretBoxOf } from '../../secrets/secret-box';
import type { EdgeProvider } from './edge.provider';
import { createNginxEdge } from './nginx-edge';
import { createSandboxEdge } from './sandbox-edge';

export * from './edge.provider';
export { isNginxEdge, type NginxEdge } from './nginx-edge';

export interface EdgeProviderDeps {
  config: Config;
  db: Db;
  jobs: JobRunner;
  now: () => Date;
}

/** The edge in use (EDGE): the sandbox by default, or the nginx nodes whose agents pull the console's feed. */
export function createEdgeProvider({ config, db, jobs, now }: EdgeProviderDeps): EdgeProvider {
  if (config.edge.kind === 'nginx') {
    return createNginxEdge({ db, box: secretBoxOf(config), cnameZone: config.domain.cnameZone, now });
  }
  return createSandboxEdge({
    jobs,
    delayMs: config.edge.sandboxDelayMs,
    cnameZone: config.domain.cnameZone,
    failPattern: config.edge.sandboxFailPattern,
  });
}
