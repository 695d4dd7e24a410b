import type { z } from 'zod';
import type { PermissionRequirement } from './permissions';
import type { DomainVariant } from './schemas/eo';
import type { StaffCapability } from './staff-permissions';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One API call as both sides know it. `path` uses Fastify's `:param` syntax and is relative to the /api base.
 * `data` is the schema of the envelope's data on success; it is a whitelist: the server serializes through it.
 */
export interface RouteDef<
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Data extends z.ZodType = z.ZodType,
  Headers extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  params?: Params;
  query?: Query;
  body?: Body;
  /**
   * Request headers the call reads besides the usual ones (Authorization, Accept-Language...): an object schema
   * keyed by the lowercase header name, validated like the body and published in OpenAPI.
   */
  headers?: Headers;
  data: Data;
  /**
   * Who may call: 'none' for calls made before login (login, register, captcha...); 'user' (the default) a session
   * or a call signed with an API key; 'session' a console session only, for what a key must not do (sign out,
   * change the password, manage keys and two-factor sign-in); 'staff' a staff session of the operator console, never
   * a customer's token (and a staff token is no customer's session).
   */
  auth?: 'none' | 'user' | 'session' | 'staff';
  permission?: PermissionRequirement;
  /** On 'staff' calls: the capability the staff member's role must hold (staff-permissions.ts). */
  staffPermission?: StaffCapability;
  /**
   * The product the call belongs to: a user whose cdnType does not open it (variantsOf) is answered 403, and the
   * web hides its screens.
   */
  variant?: DomainVariant;
  /** Client timeout; the spec's default is 20 s, 60 s for the domain list, create and detail. */
  timeoutMs?: number;
  /** 'file' answers a download (CSV, image) instead of the JSON envelope. */
  response?: 'json' | 'file';
  /** At most `max` calls per `windowMs` per client address (or per signed-in user), then 429 RATE_LIMITED. */
  rateLimit?: RateLimit;
}

export interface RateLimit {
  max: number;
  windowMs: number;
  per?: 'ip' | 'user';
}

export function defineRoute<
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  Data extends z.ZodType = z.ZodType,
  Headers extends z.ZodType | undefined = undefined,
>(def: RouteDef<Params, Query, Body, Data, Headers>): RouteDef<Params, Query, Body, Data, Headers> {
  return def;
}

type Infer<S> = S extends z.ZodType ? z.input<S> : undefined;
export type RouteParams<R> = R extends RouteDef<infer P, infer _Q, infer _B, infer _D> ? Infer<P> : never;
export type RouteQuery<R> = R extends RouteDef<infer _P, infer Q, infer _B, infer _D> ? Infer<Q> : never;
export type RouteBody<R> = R extends RouteDef<infer _P, infer _Q, infer B, infer _D> ? Infer<B> : never;
export type RouteData<R> = R extends RouteDef<infer _P, infer _Q, infer _B, infer D> ? z.output<D> : never;

/** Replaces `:name` segments with the given values (encoded). */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  if (!params) return path;
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

/**
 * Marks every call of an area's table as belonging to one product variant (RouteDef.variant), except the `shared`
 * ones, which serve both variants.
 */
export function ofVariant<T extends Record<string, RouteDef>>(
  variant: DomainVariant,
  table: T,
  shared: readonly (keyof T)[] = [],
): T {
  return Object.fromEntries(
    Object.entries(table).map(([key, def]) => [key, shared.includes(key) ? def : { ...def, variant }]),
  ) as T;
}
