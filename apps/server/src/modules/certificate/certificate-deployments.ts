import type { Executor } from '../../db/connect';
import * as repo from './certificate.repository';

/**
 * The certificate area's answer to "this domain now serves a certificate installed on it directly" (pasted on its
 * HTTPS tab): it no longer serves the managed certificate deployed to it, so that deployment is forgotten, in the
 * caller's transaction. A deployment through the certificate area records itself again after installing.
 */
export function certificateInstalledElsewhere() {
  return (ex: Executor, domainId: number): Promise<void> => repo.forgetDeployment(ex, domainId);
}
