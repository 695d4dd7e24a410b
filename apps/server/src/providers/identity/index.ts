import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import type { JobRunner } from '../../jobs/runner';
import type { NotificationDelivery } from '../sandbox-callback';
import type { IdentityVerifier } from './identity-verifier';
import { createSandboxVerifier } from './sandbox-verifier';

export type { FaceCheckNotification, IdentityVerifier } from './identity-verifier';

/** The face-check service; only the sandbox exists so far (see docs/architecture.md, "Face checks", to add a real one). */
export function createIdentityVerifier(deps: {
  config: Config;
  db: Db;
  jobs: JobRunner;
  now: () => Date;
  deliver?: NotificationDelivery;
}): IdentityVerifier {
  return createSandboxVerifier({
    db: deps.db,
    jobs: deps.jobs,
    secret: deps.config.identity.sandboxSecret,
    publicUrl: deps.config.publicUrl,
    live: deps.config.identity.sandboxLive,
    now: deps.now,
    deliver: deps.deliver,
  });
}
