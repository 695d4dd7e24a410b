import { staffEdgeRoutes } from '@edgeward/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../http/route';
import { staffActor } from '../../lib/staff-audit';
import type { createEdgeDesk } from './edge-desk.service';

/** The operator console's edge screens (/api/admin/edge); a plugin of its own, apart from the agents' calls. */
export function edgeDeskModule(desk: ReturnType<typeof createEdgeDesk>): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    const r = staffEdgeRoutes;
    registerRoute(app, r.nodes, () => desk.nodes());
    registerRoute(app, r.failures, () => desk.failures());
    registerRoute(app, r.addNode, ({ staff, address, body }) => desk.addNode(staffActor(staff, address), body.name));
    registerRoute(app, r.revokeNode, ({ staff, address, params, body }) =>
      desk.revokeNode(staffActor(staff, address), params.name, body),
    );
    registerRoute(app, r.republish, ({ staff, address }) => desk.republish(staffActor(staff, address)));
  };
}
