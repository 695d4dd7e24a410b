import type { Db } from '../../db/connect';
import { type AcmeProvider, type AcmeSession, createAccountKey } from '../../providers/acme';
import type { SecretBox } from '../../secrets/secret-box';
import * as repo from './certificate-application.repository';

/** The sealed account key opens only as this installation's ACME account key. */
const accountContext = (directoryUrl: string) => `acme-account:${directoryUrl}`;

/**
 * The installation's one ACME account for the configured directory: its key is made once, sealed and stored (two
 * processes starting together keep the first one stored), registered with the CA once, and its URL kept.
 */
export function acmeAccountOf(deps: { db: Db; acme: AcmeProvider; box: SecretBox; now: () => Date }) {
  const { db, acme, box } = deps;
  const context = accountContext(acme.directoryUrl);
  let session: AcmeSession | undefined;

  return async function account(): Promise<AcmeSession> {
    if (session) return session;
    let row = await repo.findAccount(db, acme.directoryUrl);
    if (!row) {
      await repo.insertAccount(db, acme.directoryUrl, box.seal(await createAccountKey(), context), deps.now());
      row = (await repo.findAccount(db, acme.directoryUrl))!;
    }
    const key = box.open(row.accountKeySealed, context);
    let url = row.accountUrl;
    if (!url) {
      // Registering a key the CA knows answers the same account, so two processes doing it at once agree.
      url = await acme.register(key);
      await repo.setAccountUrl(db, acme.directoryUrl, url);
    }
    session = acme.session({ key, url });
    return session;
  };
}
