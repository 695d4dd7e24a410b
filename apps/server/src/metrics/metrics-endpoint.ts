import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics } from 'prom-client';
import type { Config } from '../config';
import { AppError } from '../http/errors';
import type { ConsoleMetrics } from './console-metrics';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Digests of equal length are compared, so neither the token's length nor its first wrong byte shows in the timing. */
function bearerMatches(authorization: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return match !== null && timingSafeEqual(sha256(match[1]!), expected);
}

/**
 * Counts every answer of the app, and serves the metrics where the configuration says, never openly: GET /metrics
 * on the main port for `Authorization: Bearer <METRICS_TOKEN>`, and a second listener on 127.0.0.1:METRICS_PORT that
 * opens and closes with the app. With neither, nothing serves them.
 */
export function installMetrics(app: FastifyInstance, metrics: ConsoleMetrics, settings: Config['metrics']): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observe(request, reply);
    done();
  });
  if (settings.port === undefined && settings.token === undefined) return;
  // The process's own figures (memory, CPU, event loop delay, garbage collection) under their usual names.
  collectDefaultMetrics({ register: metrics.registry });

  const token = settings.token;
  if (token !== undefined) {
    const expected = sha256(token);
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, expected)) throw new AppError('UNAUTHORIZED');
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  }

  const port = settings.port;
  if (port !== undefined) {
    const server = http.createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
        response.writeHead(404).end();
        return;
      }
      metrics.registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
        (error) => {
          app.log.error({ err: error }, 'metrics scrape failed');
          response.writeHead(500).end();
        },
      );
    });
    app.addHook(
      'onReady',
      () =>
        new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(port, '127.0.0.1', () => {
            server.off('error', reject);
            app.log.info(`metrics at http://127.0.0.1:${port}/metrics`);
            resolve();
          });
        }),
    );
    app.addHook(
      'onClose',
      () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Prometheus keeps its connection open between scrapes: close() alone would wait for it.
          server.closeAllConnections();
        }),
    );
  }
}
