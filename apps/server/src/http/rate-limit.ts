import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import type { RateLimit } from '@edgeward/contract';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { addressKey } from './client-address';
import { AppError } from './errors';
import { clientIp } from './trust-proxy';

/**
 * In memory (without Redis): counters kept per route, least recently used dropped first: memory stays bounded (about 100 bytes a key), and a
 * flood of new addresses only pushes out the quietest ones, never the budget of an address still calling.
 */
export const rateLimitKeysPerRoute = 100_000;

/** The budget key of the caller's address: IPv4 itself, IPv6 by its /64 (client-address.ts). */
const clientKey = (request: FastifyRequest) => addressKey(clientIp(request));

declare module 'fastify' {
  interface FastifyInstance {
    /** Where every process counts the rate limits (REDIS_URL); null: this process's memory. */
    rateLimitStore: RateLimitStore | null;
  }
}

export interface RateLimitStore {
  redis: Redis;
  keyPrefix: string;
}

/** Logged at most once a minute: a Redis that stays away would otherwise log at every reconnection attempt. */
const unreachableLogEveryMs = 60_000;

/**
 * The Redis the rate limits count in. Calls never wait for it: while it is away a command fails at once (no offline
 * queue) and the limiter lets the call through (skipOnError), so an outage of Redis costs the per-address budgets,
 * not the service; the login lockout is decided from the login log in the database and still holds. The start waits
 * up to 2 s for the connection, so that the first calls count.
 */
export async function connectRateLimitStore(
  settings: { url: string; keyPrefix: string },
  log: FastifyBaseLogger,
): Promise<RateLimitStore> {
  const redis = new Redis(settings.url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  let loggedAt = 0;
  redis.on('error', (error) => {
    if (Date.now() - loggedAt < unreachableLogEveryMs) return;
    loggedAt = Date.now();
    log.warn({ err: error }, 'rate limits: Redis unreachable, calls pass unlimited until it is back');
  });
  await Promise.race([once(redis, 'ready').catch(() => undefined), delay(2000, undefined, { ref: false })]);
  return { redis, keyPrefix: settings.keyPrefix };
}

/**
 * Enables the contract's per-route `rateLimit` for the routes this plugin context registers afterwards. Over the
 * budget a call answers the envelope's 429 RATE_LIMITED.
 */
export async function enableRateLimits(app: FastifyInstance): Promise<void> {
  const store = app.rateLimitStore;
  await app.register(rateLimit, {
    global: false,
    keyGenerator: clientKey,
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
    ...(store ? { redis: store.redis, nameSpace: `${store.keyPrefix}rate-limit:`, skipOnError: true } : {}),
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
