import { createHmac, timingSafeEqual } from 'node:crypto';
import { limits, parseApiKeyAuthorization, stringToSign } from '@edgeward/contract';
import type { Db } from '../../db/connect';
import { AppError } from '../../http/errors';
import { signedInUserOf } from '../../lib/signed-in-user';
import type { SecretBox } from '../../secrets/secret-box';
import type { AuthUser } from '../session';
import * as repo from './api-key.repository';
import { secretContext } from './api-key.secrets';

const skewMs = limits.apiKey.timestampSkewMs;
/** last_used_at and the address are written at most once a minute per key, unless the address changes. */
const touchEveryMs = 60_000;

export interface SignedCall {
  header: string;
  method: string;
  /** Path and query as received. */
  url: string;
  ip: string;
}

/**
 * Checks a signed call's Authorization header (contract/crypto/request-signing.ts) and answers its user, as
 * requireUser needs it: the key exists, the signature matches (constant-time), the key and its account are enabled, the timestamp is
 * within 5 minutes of now, a read-only key makes a GET, and the nonce is new. The body is checked later, against
 * the ContentSha256 answered here.
 */
export function createApiKeyAuthenticator(db: Db, box: SecretBox, now: () => Date = () => new Date()) {
  return {
    async authenticate(call: SignedCall): Promise<{ user: AuthUser; contentSha256: string }> {
      const auth = parseApiKeyAuthorization(call.header);
      if (!auth) throw new AppError('SIGNATURE_INVALID');
      const row = await repo.findForSignature(db, auth.secretId);
      if (!row) throw new AppError('API_KEY_INVALID');
      const secretKey = box.open(row.secretKeySealed, secretContext(row.userId, auth.secretId));
      const mark = call.url.indexOf('?');
      const expected = createHmac('sha256', secretKey)
        .update(
          stringToSign({
            method: call.method,
            path: mark < 0 ? call.url : call.url.slice(0, mark),
            query: mark < 0 ? '' : call.url.slice(mark + 1),
            timestamp: auth.timestamp,
            nonce: auth.nonce,
            contentSha256: auth.contentSha256,
          }),
        )
        .digest();
      if (!timingSafeEqual(expected, Buffer.from(auth.signature, 'hex'))) throw new AppError('SIGNATURE_INVALID');
      if (!row.enabled) throw new AppError('API_KEY_DISABLED');
      if (row.disabledAt) throw new AppError('ACCOUNT_DISABLED');
      const at = now();
      if (Math.abs(at.getTime() - auth.timestamp * 1000) > skewMs) throw new AppError('SIGNATURE_EXPIRED');
      if (row.readOnly && call.method !== 'GET' && call.method !== 'HEAD') throw new AppError('API_KEY_READ_ONLY');
      // Kept as long as its timestamp could still be accepted: past that the timestamp check refuses a replay.
      const expiresAt = new Date(Math.max(at.getTime(), auth.timestamp * 1000) + skewMs);
      if (!(await repo.claimNonce(db, { apiKeyId: row.keyId, nonce: auth.nonce, expiresAt }))) {
        throw new AppError('NONCE_REUSED');
      }
      if (!row.lastUsedAt || row.lastUsedIp !== call.ip || at.getTime() - row.lastUsedAt.getTime() > touchEveryMs) {
        await repo.touch(db, row.keyId, at, call.ip);
      }
      return {
        contentSha256: auth.contentSha256,
        user: { ...signedInUserOf(row), apiKeyId: row.keyId },
      };
    },
  };
}

export type ApiKeyAuthenticator = ReturnType<typeof createApiKeyAuthenticator>;
