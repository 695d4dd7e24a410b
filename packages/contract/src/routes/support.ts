import { defineRoute } from '../route';
import { EmptySchema, IdParamsSchema, pageOf } from '../schemas/common';
import {
  TicketAppealSchema,
  TicketCloseSchema,
  TicketCreateSchema,
  TicketDetailSchema,
  TicketImageSchema,
  TicketListQuerySchema,
  TicketReplyCreateSchema,
  TicketSchema,
} from '../schemas/support';

/*
 * Support tickets. The spec names the screens (ticket list, submit ticket) but no calls; these follow the other
 * areas' style.
 * - Images are uploaded first (multipart, one file): png, jpg, gif or svg by content, at most 1 MB; an SVG carrying
 *   script is refused. A ticket or a reply then names up to 9 of the caller's unattached images.
 * - Replies are refused once the ticket is closed (TICKET_CLOSED); an appeal only follows 'processing completed'.
 * - Ownership: every :id is the caller's ticket or image; a foreign id answers NOT_FOUND like a missing one.
 */

const tag = 'support';
const query = { id: 'ticket', action: 'query' } as const;
const add = { id: 'ticket', action: 'add' } as const;
const edit = { id: 'ticket', action: 'edit' } as const;
const remove = { id: 'ticket', action: 'delete' } as const;

export const supportRoutes = {
  tickets: defineRoute({
    method: 'GET',
    path: '/support/tickets',
    summary: 'My tickets, newest first; filter by status, urgency, product, time; search number or title',
    tag,
    permission: query,
    query: TicketListQuerySchema,
    data: pageOf(TicketSchema),
  }),
  createTicket: defineRoute({
    method: 'POST',
    path: '/support/tickets',
    summary: 'Submit a ticket',
    tag,
    permission: add,
    body: TicketCreateSchema,
    data: TicketSchema,
  }),
  ticket: defineRoute({
    method: 'GET',
    path: '/support/tickets/:id',
    summary: 'One ticket with its conversation',
    tag,
    permission: query,
    params: IdParamsSchema,
    data: TicketDetailSchema,
  }),
  replyTicket: defineRoute({
    method: 'POST',
    path: '/support/tickets/:id/reply',
    summary: 'Add a reply (with images) to an open ticket',
    tag,
    permission: edit,
    params: IdParamsSchema,
    body: TicketReplyCreateSchema,
    data: TicketDetailSchema,
  }),
  closeTicket: defineRoute({
    method: 'POST',
    path: '/support/tickets/:id/close',
    summary: 'Close a ticket: was the problem solved, and a rating of 1 to 5',
    tag,
    permission: edit,
    params: IdParamsSchema,
    body: TicketCloseSchema,
    data: TicketDetailSchema,
  }),
  appealTicket: defineRoute({
    method: 'POST',
    path: '/support/tickets/:id/appeal',
    summary: 'Appeal a processing-completed ticket',
    tag,
    permission: edit,
    params: IdParamsSchema,
    body: TicketAppealSchema,
    data: TicketDetailSchema,
  }),
  deleteTicket: defineRoute({
    method: 'DELETE',
    path: '/support/tickets/:id',
    summary: 'Delete a ticket with its conversation and images, permanently',
    tag,
    permission: remove,
    params: IdParamsSchema,
    data: EmptySchema,
  }),
  uploadImage: defineRoute({
    method: 'POST',
    path: '/support/images',
    summary: 'Upload one ticket image (multipart; png, jpg, gif or svg by content; <= 1 MB)',
    tag,
    permission: add,
    data: TicketImageSchema,
  }),
  image: defineRoute({
    method: 'GET',
    path: '/support/images/:id',
    summary: "One of my tickets' images",
    tag,
    permission: query,
    params: IdParamsSchema,
    data: EmptySchema,
    response: 'file',
  }),
};
