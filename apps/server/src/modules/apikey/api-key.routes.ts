import { apiKeyRoutes } from '@edgeward/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../http/route';
import type { ApiKeyService } from './api-key.service';

/** The key list: the routes of the contract's key table. */
export function apiKeyModule(service: ApiKeyService): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    const r = apiKeyRoutes;
    registerRoute(app, r.list, ({ user }) => service.list(user));
    registerRoute(app, r.create, ({ user, body }) => service.create(user, body));
    registerRoute(app, r.note, ({ user, params, body }) => service.setNote(user, params.id, body.note));
    registerRoute(app, r.enable, ({ user, params }) => service.setEnabled(user, params.id, true));
    registerRoute(app, r.disable, ({ user, params }) => service.setEnabled(user, params.id, false));
    registerRoute(app, r.delete, ({ user, params }) => service.delete(user, params.id));
  };
}
