import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // antd injects its CSS-in-JS as style elements; scripts stay strictly same-origin.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  // The same as frame-ancestors 'none', for browsers that predate it.
  xFrameOptions: { action: 'deny' },
  // Sent per request, over HTTPS only (see below): over plain HTTP it is meaningless and browsers ignore it.
  strictTransportSecurity: false,
};

const hsts = 'max-age=31536000; includeSubDomains';

/** Helmet's headers depend only on the options, so they are computed once instead of on every request. */
function staticHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

const securityHeaders = staticHeaders(helmetOptions);

/**
 * The headers every answer carries, framework errors included. API answers hold account data and must not be kept by
 * a browser or proxy cache; a route that means to be cached (avatar images) sets its own cache-control later.
 */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.headers(securityHeaders);
  if (request.protocol === 'https') reply.header('strict-transport-security', hsts);
  if (request.url === '/api' || request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
}
