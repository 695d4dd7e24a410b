import { randomBytes } from 'node:crypto';
import {
  formatTypeBTime,
  parseTypeBTime,
  signUrlTypeA,
  signUrlTypeB,
  type UrlAuthSigned,
  type UrlAuthSignRequest,
} from '@edgeward/contract';
import { fieldError } from '../../http/errors';
import { type Caller, type DomainStore, ownDomain } from './domain-steps';

/** Signed test URLs, so a customer can try the URL authentication a domain is configured with. */
export function createUrlSigningService(deps: DomainStore) {
  const { db, now, variant } = deps;
  return {
    /** A test URL signed with the domain's current URL-auth settings (primary or backup key). */
    async signUrl(user: Caller, body: UrlAuthSignRequest): Promise<UrlAuthSigned> {
      const row = await ownDomain(db, user, body.id, { variant });
      const auth = row.config.urlAuth;
      const key = body.useBackupKey ? auth.backupKey : auth.key;
      if (!key) throw fieldError(body.useBackupKey ? 'backupKey' : 'key', 'validation.required');
      const at = now();
      let path: string;
      let startsAt: number;
      if (auth.type === 'type_a') {
        const ts = Math.floor(at.getTime() / 1000);
        path = signUrlTypeA({ path: body.path, key, ts, rand: randomBytes(8).toString('hex'), signArg: auth.signArg });
        startsAt = ts * 1000;
      } else {
        path = signUrlTypeB({ path: body.path, key, ts: at });
        startsAt = parseTypeBTime(formatTypeBTime(at))!.getTime();
      }
      const scheme = row.config.https === 'on' ? 'https' : 'http';
      return { url: `${scheme}://${row.domainName}${path}`, expiresAt: startsAt + auth.expireTime * 1000 };
    },
  };
}
