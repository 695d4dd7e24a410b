import { limits, supportRoutes } from '@edgeward/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import { registerRoute } from '../../http/route';
import type { TicketService } from './ticket.service';
import { registerTicketDesk } from './ticket-desk.routes';
import type { TicketDesk } from './ticket-desk.service';

/** A multipart stream over the size limit: the upload's own error, with the spec's text. */
function tooLarge(error: unknown): boolean {
  return (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * Ticket routes. A plugin of its own, so that multipart parsing exists only here (one file of at most 1 MB). Images
 * go back only to their owner, as the type their content was checked to be, in a sandbox that runs nothing.
 */
/** The one file of a multipart upload, read whole (at most the plugin's 1 MB). */
export async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('TICKET_IMAGE_TYPE');
  const file = await request.file();
  if (!file) throw new AppError('TICKET_IMAGE_TYPE');
  try {
    return await file.toBuffer();
  } catch (error) {
    if (tooLarge(error)) throw new AppError('TICKET_IMAGE_TOO_LARGE');
    throw error;
  }
}

/** An image goes back as the type its content was checked to be, in a sandbox that runs nothing. */
export function sendTicketImage(reply: FastifyReply, image: { contentType: string; data: Uint8Array }) {
  return reply
    .header('content-type', image.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .header('content-disposition', 'inline')
    .header('cache-control', 'private, max-age=3600')
    .send(image.data);
}

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
