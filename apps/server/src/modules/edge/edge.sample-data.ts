import type { AreaContext, SampleOwner } from '../area';
import { findManyOfUserByName } from '../domain';
import * as repo from './edge-node.repository';
import { newNodeToken, tokenSha256 } from './edge-node-auth';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The demo's abnormal sample domain (domain.sample-data.ts) and what nginx said of its configuration. */
const failedDomain = 'img.example.com';
const nginxMessage =
  'nginx: [emerg] cannot load certificate "/var/lib/edgeward-edge/certs/img.example.com.crt": PEM_read_bio_X509_AUX() failed (SSL: error:0480006C:PEM routines::no start line:Expecting: TRUSTED CERTIFICATE)';

/**
 * A sample edge node for the operator console's edge desk: registered a month before the demo was made, last heard
 * from a minute before it, and one failure on the demo's abnormal sample domain with nginx's message. Its token is
 * drawn and forgotten, so no agent can ever sign in as it; its name says it is a sample.
 */
export async function addSampleEdgeNode(ctx: AreaContext, owner: SampleOwner): Promise<void> {
  const at = ctx.now().getTime();
  const name = 'sample-edge-1';
  const tokenHash = tokenSha256(newNodeToken());
  await ctx.database.db.transaction(async (tx) => {
    if (!(await repo.insertNode(tx, name, tokenHash, new Date(at - 30 * DAY)))) return;
    const node = await repo.findByTokenHash(tx, tokenHash);
    if (!node) return;
    await repo.recordRegistration(
      tx,
      node.id,
      { hostname: 'edge-sample-1.example.net', agentVersion: '0.1.0', nginxVersion: '1.22.1' },
      new Date(at - MINUTE),
    );
    const [domain] = await findManyOfUserByName(tx, owner.userId, [failedDomain]);
    if (!domain) return;
    await repo.recordReport(
      tx,
      name,
      { domainId: domain.id, version: 1, result: 'failed', reason: nginxMessage },
      new Date(at - 5 * MINUTE),
    );
  });
}
