import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { providerDepsOf } from './composition-root';
import type { Config } from './config';
import type { Database } from './db/connect';
import { inArrivalOrder } from './db/pglite-turns';
import { installErrorHandler, sendNotFound } from './http/error-handler';
import { connectRateLimitStore } from './http/rate-limit';
import { requestIdOf } from './http/request-id';
import { installRequestLog } from './http/request-log';
import { applySecurityHeaders } from './http/security-headers';
import { staffAddressesOf } from './http/staff-address';
import { createJobRunner, JOBS_CHANNEL } from './jobs/runner';
import { createScheduleRunner, type ScheduleRunner } from './jobs/schedules';
import { createConsoleMetrics } from './metrics/console-metrics';
import { installMetrics } from './metrics/metrics-endpoint';
import { areas } from './modules';
import { createApiKeyAuthenticator, signingDocs } from './modules/apikey';
import type { AreaContext } from './modules/area';
import { createSessionService } from './modules/session';
import { createStaffSessionService } from './modules/staff';
import { createProviders, type Providers } from './providers';
import { secretBoxOf } from './secrets/secret-box';

declare module 'fastify' {
  interface FastifyInstance {
    schedules: ScheduleRunner;
    /** What the areas were built from: startBackground hands it to each area's start. */
    areaContext: AreaContext;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  /** The clock; tests move it to cross expiries. */
  now?: () => Date;
  /** Deliberate waits (a slowed login): a timer unless a test brings its own. */
  sleep?: (ms: number) => Promise<void>;
  logger?: boolean | object;
  /** The outside world; built from the configuration (providers/index.ts) unless a test brings its own. */
  providers?: (deps: Parameters<typeof createProviders>[0]) => Providers;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    // Fastify's two lines per request carry the URL unredacted; installRequestLog writes one, redacted.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdOf,
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // A URL Fastify cannot route (bad percent-encoding...) answers like every other failure: envelope and headers.
    frameworkErrors: (error, request, reply) => {
      applySecurityHeaders(request, reply);
      reply.header('x-request-id', request.id);
      return request.server.errorHandler(error, request, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installRequestLog(app);
  if (deps.database.kind === 'pglite') {
    app.addHook('onRequest', (_request, _reply, done) => inArrivalOrder(done));
  }
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.addHook('onRequest', (request, reply, done) => {
    applySecurityHeaders(request, reply);
    done();
  });

  const now = deps.now ?? (() => new Date());
  const db = deps.database.db;
  app.decorate('sessions', createSessionService(db, deps.now));
  app.decorate('apiKeys', createApiKeyAuthenticator(db, secretBoxOf(config), now));
  app.decorate('staffSessions', createStaffSessionService(db, deps.now));
  app.decorate('staffAddresses', staffAddressesOf(config.staffAllowedIps));
  const everySchedule = areas.flatMap((area) => area.schedules ?? []);
  const schedules = createScheduleRunner(db, everySchedule, { now });
  const metrics = createConsoleMetrics({
    database: deps.database,
    now,
    config,
    scheduleNames: everySchedule.map((s) => s.name),
    log: app.log,
  });
  installMetrics(app, metrics, config.metrics);
  const jobs = createJobRunner(db, {
    now,
    pollMs: config.jobsPollMs,
    log: app.log,
    beforePoll: () => schedules.tick(),
    listen: (onNotify) => deps.database.listen(JOBS_CHANNEL, onNotify),
  });
  app.decorate('jobs', jobs);
  app.decorate('schedules', schedules);
  const providerDeps = providerDepsOf({ config, db, jobs, log: app.log, now });
  const providers = (deps.providers ?? createProviders)(providerDeps);
  const ctx: AreaContext = {
    config,
    database: deps.database,
    now,
    ...(deps.sleep ? { sleep: deps.sleep } : {}),
    providers,
    jobs,
    log: app.log,
    metrics: metrics.area,
  };
  app.decorate('areaContext', ctx);
  const rateLimitStore = config.rateLimitRedis ? await connectRateLimitStore(config.rateLimitRedis, app.log) : null;
  app.decorate('rateLimitStore', rateLimitStore);
  app.addHook('onClose', async () => {
    await rateLimitStore?.redis.quit().catch(() => rateLimitStore.redis.disconnect());
  });
  for (const area of areas) for (const job of area.jobs?.(ctx) ?? []) jobs.register(job);

  // Every answer of 1 KB or more, the API's and its documentation's (/api/docs/json is some 350 KB) alike. The web
  // build's files arrive compressed ahead of time, at the highest levels (Content-Encoding set: left as they are).
  // Request bodies are never sent compressed by the web app, so none is inflated either.
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024, globalDecompression: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Edgeward console API', version: '0.1.0' },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'The session token.' },
          apiKey: { type: 'apiKey', in: 'header', name: 'Authorization', description: signingDocs() },
          staffToken: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description:
              'A staff session token of the operator console (/api/admin/login); customer tokens are refused.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      for (const area of areas) if (area.routes) await api.register(area.routes(ctx));
    },
    { prefix: '/api' },
  );

  const indexHtml = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      // The build writes .br and .gz beside each compressible file (apps/web/build/precompress.ts); the one the
      // client accepts is sent, with Vary: Accept-Encoding. They are not routes of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }

  // Deep links (/domain/setting/origin/3) get the app, which routes on the client; unknown API paths get the envelope.
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url === '/api' || request.method !== 'GET' || !hasWeb || /\.\w+$/.test(url)) {
      return sendNotFound(request, reply);
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });

  return app;
}
