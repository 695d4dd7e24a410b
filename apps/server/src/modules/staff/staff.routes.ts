import { formatUtc8, staffRoutes } from '@edgeward/contract';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { enableRateLimits } from '../../http/rate-limit';
import { registerRoute } from '../../http/route';
import { clientIp } from '../../http/trust-proxy';
import { staffActor } from '../../lib/staff-audit';
import type { StaffServices } from './staff.services';
import { staffAuditCsv } from './staff-audit.presenter';
import type { StaffClient } from './staff-login.service';

function clientOf(request: FastifyRequest): StaffClient {
  return { ip: clientIp(request), userAgent: request.headers['user-agent']?.slice(0, 512) };
}

/** The operator console's calls (/api/admin): sign-in, staff management, the audit log and the dashboard. */
export function staffRoutesPlugin(services: StaffServices): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    await enableRateLimits(app);
    const { login, members, audit, dashboard } = services;
    const r = staffRoutes;

    registerRoute(app, r.login, ({ body, request }) => login.login(body, clientOf(request)));
    registerRoute(app, r.secondFactor, ({ body, request }) => login.secondFactor(body, clientOf(request)));
    registerRoute(app, r.me, async ({ staff }) => login.me(staff));
    registerRoute(app, r.logout, ({ staff, address }) => login.logout(staff, address));
    registerRoute(app, r.dashboard, () => dashboard.dashboard());

    registerRoute(app, r.staffList, () => members.list());
    registerRoute(app, r.staffCreate, ({ staff, address, body }) => members.create(staffActor(staff, address), body));
    registerRoute(app, r.staffChangeRole, ({ staff, address, params, body }) =>
      members.changeRole(staffActor(staff, address), params.id, body.role),
    );
    registerRoute(app, r.staffDisable, ({ staff, address, params, body }) =>
      members.disable(staffActor(staff, address), params.id, body),
    );
    registerRoute(app, r.staffEnable, ({ staff, address, params }) =>
      members.enable(staffActor(staff, address), params.id),
    );
    registerRoute(app, r.staffResetTwoFactor, ({ staff, address, params, body }) =>
      members.resetTwoFactor(staffActor(staff, address), params.id, body),
    );

    registerRoute(app, r.auditLog, ({ query }) => audit.list(query));
    registerRoute(app, r.auditExport, async ({ query, reply }) => {
      const day = formatUtc8(services.now().getTime()).slice(0, 10).replaceAll('-', '');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="staff-audit-${day}.csv"`)
        .send(staffAuditCsv(await audit.exportRows(query)));
    });
  };
}
