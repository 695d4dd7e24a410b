import { formatUtc8, staffCustomerRoutes, staffFinanceRoutes } from '@edgeward/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../http/route';
import { staffActor } from '../../lib/staff-audit';
import type { FinanceDesk } from './finance-desk.service';

/**
 * The operator console's finance desk (/api/admin/orders, transfers, packages, revenue), in the commerce plugin; and
 * the orders, packages and statement on a customer's page (/api/admin/customers/:id/...), which commerce owns.
 */
export function registerFinanceDesk(app: FastifyInstance, desk: FinanceDesk): void {
  const c = staffCustomerRoutes;
  registerRoute(app, c.customerOrders, ({ params, query, locale }) => desk.customerOrders(params.id, query, locale));
  registerRoute(app, c.customerPackages, ({ params, query, locale }) =>
    desk.customerPackages(params.id, query, locale),
  );
  registerRoute(app, c.customerStatement, ({ params, query, locale }) =>
    desk.customerStatement(params.id, query, locale),
  );
  const r = staffFinanceRoutes;
  registerRoute(app, r.orders, ({ query, locale }) => desk.orders(query, locale));
  registerRoute(app, r.order, ({ params, locale }) => desk.order(params.id, locale));
  registerRoute(app, r.refund, ({ staff, address, params, body, locale }) =>
    desk.refund(staffActor(staff, address), params.id, body, locale),
  );
  registerRoute(app, r.transfers, ({ query }) => desk.transfers(query));
  registerRoute(app, r.confirmTransfer, ({ staff, address, params, body, locale }) =>
    desk.confirmTransfer(staffActor(staff, address), params.id, BigInt(body.receivedFen), locale),
  );
  registerRoute(app, r.rejectTransfer, ({ staff, address, params, body, locale }) =>
    desk.rejectTransfer(staffActor(staff, address), params.id, body, locale),
  );
  registerRoute(app, r.packages, () => desk.packages());
  registerRoute(app, r.addPackage, ({ staff, address, body }) => desk.addPackage(staffActor(staff, address), body));
  registerRoute(app, r.editPackage, ({ staff, address, params, body }) =>
    desk.editPackage(staffActor(staff, address), params.id, body),
  );
  registerRoute(app, r.packageSale, ({ staff, address, params, body }) =>
    desk.packageSale(staffActor(staff, address), params.id, body.onSale),
  );
  registerRoute(app, r.revenue, ({ query }) => desk.revenue(query));
  registerRoute(app, r.revenueExport, async ({ query, locale, reply }) => {
    const csv = await desk.revenueCsv(query, locale);
    const periods = [query.from, query.to - 1].map((at) => formatUtc8(at).slice(0, 10).replaceAll('-', ''));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="revenue-${query.granularity}-${periods.join('-')}.csv"`)
      .send(csv);
  });
}
