import type { FastifyInstance } from 'fastify';

const redacted = '[redacted]';
/** The levels at which the request line carries the client's details too. */
const detailLevels = new Set(['debug', 'trace']);

/**
 * The URL as it may be written to the log: secrets that travel in URLs are replaced. These are the simulation
 * token (`/api/user/simulation/{token}`, and the web page `/user/login/{token}` that carries it) and the reset
 * token (`/user/reset-password?token=...`); any `token` query parameter is treated alike.
 */
export function redactUrl(url: string): string {
  const queryAt = url.search(/[?#]/);
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const rest = queryAt === -1 ? '' : url.slice(queryAt);
  return (
    path.replace(/(\/user\/(?:simulation|login)\/)[^/]+/gi, `$1${redacted}`) +
    rest.replace(/([?&]token=)[^&#]*/gi, `$1${redacted}`)
  );
}

/**
 * One line per answered request (Fastify's own two, incoming and completed, are turned off in app.ts): method,
 * redacted URL, status, time and, once the session is known, the user. The request id comes with the request's
 * logger. At debug the same line also carries the client's address, user agent and the answer's size.
 */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: redactUrl(request.url),
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
        ...(request.user ? { userId: request.user.id } : {}),
        ...(detailLevels.has(request.log.level)
          ? {
              remoteAddress: request.ip,
              userAgent: request.headers['user-agent'],
              responseBytes: Number(reply.getHeader('content-length')) || undefined,
            }
          : {}),
      },
      'request',
    );
    done();
  });
}
