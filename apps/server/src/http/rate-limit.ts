import type { RateLimit } from '@edgeward/contract';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addressKey } from './client-address';
import { AppError } from './errors';
import { clientIp } from './trust-proxy';

/**
 * Counters kept per route, least recently used dropped first: memory stays bounded (about 100 bytes a key), and a
 * flood of new addresses only pushes out the quietest ones, never the budget of an address still calling.
 */
export const rateLimitKeysPerRoute = 100_000;

/** The budget key of the caller's address: IPv4 itself, IPv6 by its /64 (client-address.ts). */
const clientKey = (request: FastifyRequest) => addressKey(clientIp(request));

/**
 * Enables the contract's per-route `rateLimit` for the routes this plugin context registers afterwards. Over the
 * budget a call answers the envelope's 429 RATE_LIMITED.
 */
export async function enableRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    keyGenerator: clientKey,
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
}

/**
 * The route options of a contract limit. `refuse`, when given, answers instead of RATE_LIMITED and runs after the
 * body is validated (the login records the refused attempt under its name).
 */
export function rateLimitConfig(
  limit: RateLimit,
  refuse?: (request: FastifyRequest) => Error,
): { rateLimit: RateLimitOptions } {
  return {
    rateLimit: {
      max: limit.max,
      timeWindow: limit.windowMs,
      // Per route: each route's store is sized from its own options, not the plugin's.
      cache: rateLimitKeysPerRoute,
      ...(limit.per === 'user'
        ? { keyGenerator: (request: FastifyRequest) => `user:${request.user?.id ?? clientKey(request)}` }
        : {}),
      ...(refuse
        ? { hook: 'preHandler' as const, errorResponseBuilder: (request: FastifyRequest) => refuse(request) }
        : {}),
    },
  };
}
