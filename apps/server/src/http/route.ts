import { envelopeOf, type Locale, type RouteDef } from '@edgeward/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preParsingAsyncHookHandler,
  preValidationAsyncHookHandler,
} from 'fastify';
import type { z } from 'zod';
import { type Actor, userActor } from '../lib/actor';
import type { AuthUser } from '../modules/session';
import type { StaffUser } from '../modules/staff';
import { hashSignedBody, requireUser, verifySignedBody } from './auth';
import { localeOf, translate } from './i18n';
import { rateLimitConfig } from './rate-limit';
import { refuseStaffAddress } from './staff-address';
import { requireStaff } from './staff-auth';
import { clientIp } from './trust-proxy';

// Def['body'] of a route with a body is `Schema | undefined` (the property is optional in RouteDef): strip undefined.
type Out<S> = [Exclude<S, undefined>] extends [never] ? undefined : z.output<Exclude<S, undefined> & z.ZodType>;

export interface HandlerContext<Def extends RouteDef> {
  params: Out<Def['params']>;
  query: Out<Def['query']>;
  body: Out<Def['body']>;
  /** The headers the route declares (RouteDef.headers), validated. */
  headers: Out<Def['headers']>;
  /** The signed-in user (session or API key); only on routes with auth 'user' (the default) or 'session'. */
  user: AuthUser;
  /** The signed-in user as the author of a change (session or API key, client address), for the operation log. */
  actor: Actor;
  /** The signed-in staff member; only on routes with auth 'staff'. */
  staff: StaffUser;
  /** The caller's address, as the audit logs record it. */
  address: string;
  locale: Locale;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * File routes send their own reply and return it; JSON routes return the data and get the envelope here.
 */
export type Handler<Def extends RouteDef> = (
  ctx: HandlerContext<Def>,
) => Promise<Def['response'] extends 'file' ? FastifyReply : z.input<Def['data']>>;

/** What OpenAPI says a call needs: nothing, a session token, a token or a signed key, or a staff token. */
function securityOf(def: RouteDef): { security?: Record<string, string[]>[] } {
  switch (def.auth) {
    case 'none':
      return {};
    case 'session':
      return { security: [{ token: [] }] };
    case 'staff':
      return { security: [{ staffToken: [] }] };
    default:
      return { security: [{ token: [] }, { apiKey: [] }] };
  }
}

/** The hooks that authenticate a call before its body is read; signed bodies are checked once read. */
function guardsOf(def: RouteDef): {
  onRequest?: onRequestAsyncHookHandler | onRequestAsyncHookHandler[];
  preParsing?: preParsingAsyncHookHandler;
  preValidation?: preValidationAsyncHookHandler;
} {
  if (def.auth === 'staff') return { onRequest: [refuseStaffAddress, requireStaff(def.staffPermission)] };
  // The staff sign-in takes no token but is the operator console's all the same.
  if (def.path.startsWith('/admin/')) return { onRequest: refuseStaffAddress };
  if (def.auth === 'none') return {};
  return {
    onRequest: requireUser(def.permission, def.auth === 'session', def.variant),
    preParsing: hashSignedBody,
    preValidation: verifySignedBody,
  };
}

export interface RouteOptions {
  /** The answer over the route's rate limit, instead of RATE_LIMITED (see rateLimitConfig). */
  rateLimited?: (request: FastifyRequest) => Error;
}

/**
 * Registers one call of the contract's API table: its schemas (validated and published in OpenAPI), its session
 * and permission requirement, its rate limit (the context must have called enableRateLimits), and the envelope
 * around what the handler returns. Routes stay thin: this and a service call.
 */
export function registerRoute<Def extends RouteDef>(
  app: FastifyInstance,
  def: Def,
  handler: Handler<Def>,
  options: RouteOptions = {},
): void {
  const isFile = def.response === 'file';
  if (def.rateLimit && !app.hasDecorator('rateLimit')) {
    throw new Error(`${def.path} has a rate limit: call enableRateLimits in its plugin first`);
  }
  app.route({
    method: def.method,
    url: def.path,
    ...(def.rateLimit ? { config: rateLimitConfig(def.rateLimit, options.rateLimited) } : {}),
    schema: {
      summary: def.summary,
      tags: [def.tag],
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      ...(def.headers ? { headers: def.headers } : {}),
      ...(isFile ? {} : { response: { 200: envelopeOf(def.data) } }),
      ...securityOf(def),
    },
    ...guardsOf(def),
    handler: async (request, reply) => {
      const locale = localeOf(request);
      // Fastify types the request from its own schema generics, not from Def; the route's schemas validated it.
      const ctx = {
        params: request.params,
        query: request.query,
        body: request.body,
        headers: request.headers,
        get user() {
          return request.user as AuthUser;
        },
        get actor() {
          return userActor(request.user as AuthUser, clientIp(request));
        },
        get staff() {
          return request.staff as StaffUser;
        },
        get address() {
          return clientIp(request);
        },
        locale,
        request,
        reply,
      } as unknown as HandlerContext<Def>;
      const result = await handler(ctx);
      if (isFile) return result;
      return { code: 200, message: translate(locale, 'ok'), data: result ?? null };
    },
  });
}
