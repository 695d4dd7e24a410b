import { secretBoxOf } from '../../secrets/secret-box';
import type { AreaContext, SampleOwner } from '../area';
import { sampleApex } from '../domain';
import * as repo from './certificate.repository';
import { certificateMaterial } from './certificate.service';
import * as applications from './certificate-application.repository';
import { selfSignedCertificate } from './self-signed';

const DAY_MS = 86_400_000;

/** Each sample's names and its validity in days from now; the names start with 'sample-' to read as sample data. */
const samples = [
  { name: 'sample-wildcard', dnsNames: [`*.${sampleApex}`, sampleApex], from: -30, to: 335 },
  { name: 'sample-static', dnsNames: [`static.${sampleApex}`], from: -80, to: 10 },
  { name: 'sample-expired', dnsNames: [`old.${sampleApex}`], from: -400, to: -35 },
] as const;

/**
 * The demo account's sample certificates, one for each validity the list tells apart (valid, expiring, expired),
 * self-signed and made at seed time. Stored as an upload would store them (the same check, the key sealed); none is
 * deployed, so no domain's HTTPS changes. Two applications go with them: the wildcard's, completed, and one the CA
 * could not be reached for, failed (retrying it asks the configured CA for real).
 */
export async function addSampleCertificates(ctx: AreaContext, owner: SampleOwner): Promise<void> {
  const box = secretBoxOf(ctx.config);
  const now = ctx.now().getTime();
  for (const sample of samples) {
    const notBefore = new Date(now + sample.from * DAY_MS);
    const pair = selfSignedCertificate({
      dnsNames: [...sample.dnsNames],
      notBefore,
      notAfter: new Date(now + sample.to * DAY_MS),
      organization: 'Edgeward sample data',
    });
    // Checked as of its upload, a day into its validity: the expired sample was valid then.
    const uploadedAt = new Date(notBefore.getTime() + DAY_MS);
    const material = certificateMaterial(pair, owner.userId, { box, now: () => uploadedAt });
    const id = await repo.insert(ctx.database.db, {
      ...material,
      userId: owner.userId,
      name: sample.name,
      source: 'uploaded',
      at: uploadedAt,
    });
    if (sample.name === 'sample-wildcard') await addSampleApplication(ctx, owner, [...sample.dnsNames], id, notBefore);
  }
  await addSampleApplication(ctx, owner, [`shop.${sampleApex}`], null, new Date(now - 2 * DAY_MS));
}

/** An application ended as it would have: completed with its certificate, or failed when there is none. */
async function addSampleApplication(
  ctx: AreaContext,
  owner: SampleOwner,
  domainNames: string[],
  certificateId: number | null,
  at: Date,
): Promise<void> {
  const db = ctx.database.db;
  const id = await applications.insert(db, {
    userId: owner.userId,
    domainNames,
    keyType: 'ECC',
    deployDomainIds: [],
    renewalOf: null,
    at,
  });
  const ended = new Date(at.getTime() + 3 * 60_000);
  await applications.transition(
    db,
    id,
    ['creating'],
    certificateId === null
      ? {
          status: 'failed',
          failure: { key: 'certificate.application.caUnreachable', params: { reason: 'connect ETIMEDOUT' } },
          failureStage: 'acme',
          updatedAt: ended,
        }
      : { status: 'completed', certificateId, recordsAt: at, verifiedAt: ended, completedAt: ended, updatedAt: ended },
  );
}
