import { createHash, type Hash } from 'node:crypto';
import { pipeline, Transform } from 'node:stream';
import {
  type DomainVariant,
  hasPermission,
  isApiKeyAuthorization,
  type PermissionRequirement,
  variantsOf,
} from '@edgeward/contract';
import type {
  FastifyRequest,
  onRequestAsyncHookHandler,
  preParsingAsyncHookHandler,
  preValidationAsyncHookHandler,
} from 'fastify';
import type { ApiKeyAuthenticator } from '../modules/apikey';
import type { AuthUser, SessionService } from '../modules/session';
import { AppError } from './errors';
import { clientIp } from './trust-proxy';

/** A signed call's body as it streams in: the hash it must have (from the signed header) and the hash so far. */
interface SignedBody {
  contentSha256: string;
  hash?: Hash;
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthUser;
    signedBody?: SignedBody;
  }
  interface FastifyInstance {
    sessions: SessionService;
    apiKeys: ApiKeyAuthenticator;
  }
}

/** The token is sent bare in Authorization (spec section 7); a `Bearer ` prefix is accepted too. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return token.trim() || undefined;
}

/**
 * Resolves the session, or the API key of a signed call, into request.user, then checks the route's permission
 * against the user's list. It runs as an onRequest hook, before the body is read or validated: an anonymous caller
 * learns nothing of a route's schema and costs no parsing. A signed call's header (signature, timestamp, nonce) is
 * checked here; its body is checked against the signed hash once read (verifySignedBody). `sessionOnly` routes
 * (sign out, password, keys, two-factor) refuse key-signed calls.
 */
export function requireUser(
  permission?: PermissionRequirement,
  sessionOnly = false,
  variant?: DomainVariant,
): onRequestAsyncHookHandler {
  return async function authenticate(request) {
    const header = request.headers.authorization;
    if (header && isApiKeyAuthorization(header)) {
      const signed = await this.apiKeys.authenticate({
        header,
        method: request.method,
        url: request.url,
        ip: clientIp(request),
      });
      request.user = signed.user;
      request.signedBody = { contentSha256: signed.contentSha256 };
      if (sessionOnly) throw new AppError('SESSION_REQUIRED');
    } else {
      const token = tokenOf(request);
      const user = token ? await this.sessions.authenticate(token) : null;
      if (!user) throw new AppError(token ? 'SESSION_EXPIRED' : 'UNAUTHORIZED');
      request.user = user;
    }
    if (permission && !hasPermission(request.user.roles, permission)) throw new AppError('FORBIDDEN');
    if (variant) assertVariant(request.user, variant);
  };
}

/**
 * The one check of the product variants: a call of the CDN or of the edge platform (RouteDef.variant) answers 403
 * to a user whose cdnType does not open that variant.
 */
function assertVariant(user: Pick<AuthUser, 'cdnType'>, variant: DomainVariant): void {
  if (!variantsOf(user.cdnType).includes(variant)) throw new AppError('FORBIDDEN');
}

/** Hashes a signed call's body as the parser reads it (preParsing), so it is never held twice. */
export const hashSignedBody: preParsingAsyncHookHandler = async (request, _reply, payload) => {
  const signed = request.signedBody;
  if (!signed) return payload;
  const hash = createHash('sha256');
  signed.hash = hash;
  const tee = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  // An aborted upload errors the tee too, and the parser reports it as it would the request's own error.
  pipeline(payload, tee, () => {});
  return tee;
};

/**
 * Compares the body that was read with the hash the signature covers, before validation and the handler: a body
 * swapped under a captured header is refused. A body the route leaves for its handler (a file upload) has not been
 * read yet and does not match, so signed uploads are refused rather than taken unchecked.
 */
export const verifySignedBody: preValidationAsyncHookHandler = async (request) => {
  const signed = request.signedBody;
  if (!signed) return;
  const actual = (signed.hash ?? createHash('sha256')).digest('hex');
  if (actual !== signed.contentSha256) throw new AppError('BODY_HASH_MISMATCH');
};
