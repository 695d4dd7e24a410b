import { z } from 'zod';
import { defineRoute } from '../route';
import { IdParamsSchema, pageOf } from '../schemas/common';
import { StaffTicketDetailSchema, StaffTicketQuerySchema, StaffTicketSchema } from '../schemas/staff';
import { TicketImageSchema, TicketReplyCreateSchema } from '../schemas/support';

const tag = 'admin';

/**
 * The support staff's ticket desk (issue 28): the queue, a ticket with its conversation and images, a reply with
 * images, processing completed. The customer gets each reply and completion as a message, as from the command line.
 * Images are uploaded first (one file, checked by content like the customer's) and belong to the ticket's owner.
 */
export const staffTicketRoutes = {
  tickets: defineRoute({
    method: 'GET',
    path: '/admin/tickets',
    summary: 'The ticket queue: waiting tickets oldest first, or by status, urgency and search',
    tag,
    auth: 'staff',
    staffPermission: 'tickets',
    query: StaffTicketQuerySchema,
    data: pageOf(StaffTicketSchema),
  }),
  ticket: defineRoute({
    method: 'GET',
    path: '/admin/tickets/:id',
    summary: 'A ticket with its conversation',
    tag,
    auth: 'staff',
    staffPermission: 'tickets',
    params: IdParamsSchema,
    data: StaffTicketDetailSchema,
  }),
  uploadImage: defineRoute({
    method: 'POST',
    path: '/admin/tickets/:id/images',
    summary: 'Upload one image for a reply to this ticket (multipart; png, jpg, gif or svg by content; <= 1 MB)',
    tag,
    auth: 'staff',
    staffPermission: 'tickets',
    params: IdParamsSchema,
    data: TicketImageSchema,
    timeoutMs: 60_000,
  }),
  image: defineRoute({
    method: 'GET',
    path: '/admin/tickets/images/:id',
    summary: "One of a ticket's images",
    tag,
    auth: 'staff',
    staffPermission: 'tickets',
    params: IdParamsSchema,
    data: z.null(),
    response: 'file',
  }),
  reply: defineRoute({
    method: 'POST',
    path: '/admin/tickets/:id/reply',
    summary: 'Reply as the support staff, with up to 9 uploaded images; the customer gets a message',
    tag,
    auth: 'staff',
    staffPermission: 'tickets',
    params: IdParamsSchema,
    body: TicketReplyCreateSchema,
    data: StaffTicketDetailSchema,
  }),
  resolve: defineRoute({
    method: 'POST',
    path: '/admin/tickets/:id/resolve',
    summary: 'Mark the ticket processing completed (also ends an appeal); the customer gets a message',
    tag,
    auth: 'staff',
    staffPermission: 'tickets',
    params: IdParamsSchema,
    data: StaffTicketDetailSchema,
  }),
};
