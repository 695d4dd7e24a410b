import { staffReviewRoutes } from '@edgeward/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../http/route';
import { staffActor } from '../../lib/staff-audit';
import type { createDomainReviewDesk } from './review-desk.service';

/** The operator console's domain review and ownership by hand (/api/admin/reviews/domains, /api/admin/ownership). */
export function registerDomainReviewDesk(app: FastifyInstance, desk: ReturnType<typeof createDomainReviewDesk>) {
  const r = staffReviewRoutes;
  registerRoute(app, r.domains, () => desk.list());
  registerRoute(app, r.approveDomain, ({ staff, address, params }) =>
    desk.approve(staffActor(staff, address), params.id),
  );
  registerRoute(app, r.rejectDomain, ({ staff, address, params, body }) =>
    desk.reject(staffActor(staff, address), params.id, body),
  );
  registerRoute(app, r.verifyOwnership, ({ staff, address, body }) =>
    desk.verifyOwnership(staffActor(staff, address), body),
  );
}
