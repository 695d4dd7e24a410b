import type { Executor } from '../../db/connect';
import type { SecretBox } from '../../secrets/secret-box';
import type { PastedCertificate } from '../domain';
import * as repo from './certificate.repository';
import { materialOf } from './certificate.service';

/**
 * The certificate area's answer to "a certificate was pasted on this domain's HTTPS tab": it becomes a managed
 * certificate like an upload (listed, renewable by replacement, its key sealed) deployed to that domain, in the
 * caller's transaction, so the domain never serves a certificate the certificate list does not show.
 */
export function adoptPastedCertificate(box: SecretBox) {
  return async (ex: Executor, pasted: PastedCertificate): Promise<void> => {
    const material = materialOf(pasted.info, pasted.certificate, pasted.privateKey, pasted.userId, box);
    const certificateId = await repo.insert(ex, {
      ...material,
      userId: pasted.userId,
      name: pasted.name,
      source: 'uploaded',
      at: pasted.at,
    });
    await repo.recordDeployment(ex, {
      domainId: pasted.domainId,
      certificateId,
      domainName: pasted.domainName,
      at: pasted.at,
    });
  };
}
