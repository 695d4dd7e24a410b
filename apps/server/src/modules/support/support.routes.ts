import { limits, supportRoutes } from '@edgeward/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../http/route';
import type { TicketService } from './ticket.service';
import { registerTicketDesk } from './ticket-desk.routes';
import type { TicketDesk } from './ticket-desk.service';
import { sendTicketImage, uploadedFile } from './ticket-image.http';

/**
 * Ticket routes. A plugin of its own, so that multipart parsing exists only here (one file of at most 1 MB). Images
 * go back only to their owner, as the type their content was checked to be, in a sandbox that runs nothing.
 */
export function supportModule(service: TicketService, desk: TicketDesk): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    await app.register(multipart, { limits: { fileSize: limits.support.imageMaxBytes, files: 1, fields: 2 } });
    const r = supportRoutes;
    registerRoute(app, r.tickets, ({ user, query }) => service.list(user, query));
    registerRoute(app, r.createTicket, ({ user, body }) => service.create(user, body));
    registerRoute(app, r.ticket, ({ user, params }) => service.detail(user, params.id));
    registerRoute(app, r.replyTicket, ({ user, params, body }) => service.reply(user, params.id, body));
    registerRoute(app, r.closeTicket, ({ user, params, body }) => service.close(user, params.id, body));
    registerRoute(app, r.appealTicket, ({ user, params, body }) => service.appeal(user, params.id, body));
    registerRoute(app, r.deleteTicket, ({ user, params }) => service.remove(user, params.id));
    registerRoute(app, r.uploadImage, async ({ user, request }) =>
      service.uploadImage(user, await uploadedFile(request)),
    );
    registerRoute(app, r.image, async ({ user, params, reply }) =>
      sendTicketImage(reply, await service.readImage(user, params.id)),
    );
    registerTicketDesk(app, desk);
  };
}
