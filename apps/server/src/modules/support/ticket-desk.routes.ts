import { staffTicketRoutes } from '@edgeward/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../http/route';
import { staffActor } from '../../lib/staff-audit';
import type { TicketDesk } from './ticket-desk.service';
import { sendTicketImage, uploadedFile } from './ticket-image.http';

/** The operator console's ticket desk (/api/admin/tickets), registered in the support plugin for its multipart. */
export function registerTicketDesk(app: FastifyInstance, desk: TicketDesk): void {
  const r = staffTicketRoutes;
  registerRoute(app, r.tickets, ({ query }) => desk.list(query));
  registerRoute(app, r.ticket, ({ params }) => desk.detail(params.id));
  registerRoute(app, r.uploadImage, async ({ params, request }) =>
    desk.uploadImage(params.id, await uploadedFile(request)),
  );
  registerRoute(app, r.image, async ({ params, reply }) => sendTicketImage(reply, await desk.readImage(params.id)));
  registerRoute(app, r.reply, ({ staff, address, params, body }) =>
    desk.reply(staffActor(staff, address), params.id, body),
  );
  registerRoute(app, r.resolve, ({ staff, address, params }) => desk.resolve(staffActor(staff, address), params.id));
}
