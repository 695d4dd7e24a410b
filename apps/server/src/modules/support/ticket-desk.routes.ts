import { staffTicketRoutes } from '@edgeward/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../http/route';
import type { StaffActor } from '../staff';
import { sendTicketImage, uploadedFile } from './support.routes';
import type { TicketDesk } from './ticket-desk.service';

/** The operator console's ticket desk (/api/admin/tickets), registered in the support plugin for its multipart. */
export function registerTicketDesk(app: FastifyInstance, desk: TicketDesk): void {
  const r = staffTicketRoutes;
  const actorOf = (staff: { id: number; userName: string }, address: string): StaffActor => ({
    kind: 'staff',
    staffId: staff.id,
    staffName: staff.userName,
    address,
  });
  registerRoute(app, r.tickets, ({ query }) => desk.list(query));
  registerRoute(app, r.ticket, ({ params }) => desk.detail(params.id));
  registerRoute(app, r.uploadImage, async ({ params, request }) =>
    desk.uploadImage(params.id, await uploadedFile(request)),
  );
  registerRoute(app, r.image, async ({ params, reply }) => sendTicketImage(reply, await desk.readImage(params.id)));
  registerRoute(app, r.reply, ({ staff, address, params, body }) =>
    desk.reply(actorOf(staff, address), params.id, body),
  );
  registerRoute(app, r.resolve, ({ staff, address, params }) => desk.resolve(actorOf(staff, address), params.id));
}
