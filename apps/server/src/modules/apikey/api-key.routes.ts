import { apiKeyRoutes } from '@edgeward/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../http/route';
import type { ApiKeyService } from './api-key.service';

/** The key list: the routes of the contract's key table. */
export function apiKeyModule(service: ApiKeyService): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    const r = apiKeyRoutes;
    registerRoute(app, r.list, ({ user }) => service.list(user));
    registerRoute(app, r.create, ({ user, body, actor }) => service.create(user, body, actor));
    registerRoute(app, r.note, ({ user, params, body, actor }) => service.setNote(user, params.id, body.note, actor));
    registerRoute(app, r.enable, ({ user, params, actor }) => service.setEnabled(user, params.id, true, actor));
    registerRoute(app, r.disable, ({ user, params, actor }) => service.setEnabled(user, params.id, false, actor));
    registerRoute(app, r.delete, ({ user, params, actor }) => service.delete(user, params.id, actor));
  };
}
