import { staffCustomerRoutes } from '@edgeward/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../http/route';
import { staffActor } from '../../lib/staff-audit';
import type { createCustomerDesk } from './customer-desk.service';

/**
 * The operator console's customers (/api/admin/customers); the orders, packages and statement on a customer's page
 * are the commerce area's (finance-desk.routes.ts).
 */
export function registerCustomerDesk(app: FastifyInstance, desk: ReturnType<typeof createCustomerDesk>): void {
  const r = staffCustomerRoutes;
  registerRoute(app, r.customers, ({ query }) => desk.list(query));
  registerRoute(app, r.customer, ({ params }) => desk.detail(params.id));
  registerRoute(app, r.customerDomains, ({ params, query }) => desk.domains(params.id, query));
  registerRoute(app, r.customerCertificates, ({ params, query }) => desk.certificates(params.id, query));
  registerRoute(app, r.customerTickets, ({ params, query }) => desk.tickets(params.id, query));
  registerRoute(app, r.customerSessions, ({ params, query }) => desk.sessions(params.id, query));
  registerRoute(app, r.customerLoginLog, ({ params, query }) => desk.loginLog(params.id, query));
  registerRoute(app, r.customerOperationLog, ({ params, query }) => desk.operationLog(params.id, query));
  registerRoute(app, r.setCdnType, ({ staff, address, params, body }) =>
    desk.setCdnType(staffActor(staff, address), params.id, body.cdnType),
  );
  registerRoute(app, r.setPermission, ({ staff, address, params, body }) =>
    desk.setPermission(staffActor(staff, address), params.id, body),
  );
  registerRoute(app, r.twoFactorOff, ({ staff, address, params, body }) =>
    desk.twoFactorOff(staffActor(staff, address), params.id, body),
  );
  registerRoute(app, r.disable, ({ staff, address, params, body }) =>
    desk.disable(staffActor(staff, address), params.id, body),
  );
  registerRoute(app, r.enable, ({ staff, address, params, body }) =>
    desk.enable(staffActor(staff, address), params.id, body),
  );
  registerRoute(app, r.simulate, ({ staff, address, params, body }) =>
    desk.simulate(staffActor(staff, address), params.id, body),
  );
}
