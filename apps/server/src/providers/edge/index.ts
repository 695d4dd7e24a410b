import type { Config } from '../../config';
import type { JobRunner } from '../../jobs/runner';
import type { EdgeProvider } from './edge.provider';
import { createSandboxEdge } from './sandbox-edge';

export * from './edge.provider';

/** The edge in use. Only the sandbox exists today; a real edge is added here behind the same port. */
export function createEdgeProvider(config: Config, jobs: JobRunner): EdgeProvider {
  return createSandboxEdge({
    jobs,
    delayMs: config.edge.sandboxDelayMs,
    cnameZone: config.domain.cnameZone,
    failPattern: config.edge.sandboxFailPattern,
  });
}
