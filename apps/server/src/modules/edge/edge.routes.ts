import { edgeAgentRoutes } from '@edgeward/edge-config';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import { registerRoute } from '../../http/route';
import type { EdgeAgentService } from './edge-agent.service';
import type { AuthenticatedNode, EdgeNodeAuthenticator } from './edge-node-auth';

declare module 'fastify' {
  interface FastifyRequest {
    edgeAgent?: AuthenticatedNode;
  }
}

const nodeOf = (request: FastifyRequest) => request.edgeAgent!;

/** The edge agents' calls (packages/edge-config's protocol); every one needs a node's bearer token. */
export function edgeAgentModule(
  authenticate: EdgeNodeAuthenticator,
  service: EdgeAgentService,
  onShutdown: () => void,
): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      const node = await authenticate(request.headers.authorization);
      if (node === null) throw new AppError('UNAUTHORIZED', { messageKey: 'traffic.edge.unauthorized' });
      request.edgeAgent = node;
    });
    // A long poll would hold the shutdown for its whole wait.
    app.addHook('preClose', async () => onShutdown());

    registerRoute(app, edgeAgentRoutes.register, ({ request, body }) => service.register(nodeOf(request), body));

    registerRoute(app, edgeAgentRoutes.feed, ({ query, reply }) => {
      // Released when the agent goes away, so a dropped poll does not keep looking at the database.
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      return service.feed(query, gone.signal);
    });

    registerRoute(app, edgeAgentRoutes.reports, async ({ request, body }) => ({
      accepted: await service.reports(nodeOf(request), body.reports),
    }));

    registerRoute(app, edgeAgentRoutes.cacheReport, async ({ request, body }) => ({
      recorded: await service.cacheReport(nodeOf(request), body),
    }));
  };
}
