import { type DomainVariant, hasPermission, type PermissionRequirement, variantsOf } from '@edgeward/contract';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { AuthUser, SessionService } from '../modules/session/session.service';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthUser;
  }
  interface FastifyInstance {
    sessions: SessionService;
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
 * Resolves the session into request.user, then checks the route's permission against the user's list. It runs as
 * an onRequest hook, before the body is read or validated: an anonymous caller learns nothing of a route's schema
 * and costs no parsing.
 */
export function requireUser(permission?: PermissionRequirement, variant?: DomainVariant): onRequestAsyncHookHandler {
  return async function authenticate(request) {
    const token = tokenOf(request);
    const user = token ? await this.sessions.authenticate(token) : null;
    if (!user) throw new AppError(token ? 'SESSION_EXPIRED' : 'UNAUTHORIZED');
    request.user = user;
    if (permission && !hasPermission(user.roles, permission)) throw new AppError('FORBIDDEN');
    if (variant) assertVariant(user, variant);
  };
}

/**
 * The one check of the product variants: a call of the CDN or of the edge platform (RouteDef.variant) answers 403
 * to a user whose cdnType does not open that variant.
 */
export function assertVariant(user: Pick<AuthUser, 'cdnType'>, variant: DomainVariant): void {
  if (!variantsOf(user.cdnType).includes(variant)) throw new AppError('FORBIDDEN');
}
