import { z } from 'zod';
import { limits } from '../limits';
import { EpochMsSchema, epochMsQuery, multilineText, PageQuerySchema, text } from './common';

/*
 * Support tickets (spec sections 2, 3, 4 and 5): a customer's question about a product, a conversation with the
 * support staff, then a close with a rating. Images are uploaded one by one first and attached by id.
 */

/** Spec section 4: processing (in progress), processing completed, closed, appeal processing. */
export const ticketStatuses = ['processing', 'completed', 'closed', 'appeal'] as const;
export const TicketStatusSchema = z.enum(ticketStatuses, { error: 'validation.invalid' });
export type TicketStatus = z.infer<typeof TicketStatusSchema>;

/** Spec section 4, mildest first. */
export const ticketUrgencies = ['consultation', 'experience', 'impact', 'unavailable'] as const;
export const TicketUrgencySchema = z.enum(ticketUrgencies, { error: 'validation.required' });
export type TicketUrgency = z.infer<typeof TicketUrgencySchema>;

/** The related product and service. */
export const ticketProducts = ['cdn', 'secure', 'certificate', 'preheat', 'billing', 'account', 'other'] as const;
export const TicketProductSchema = z.enum(ticketProducts, { error: 'validation.required' });
export type TicketProduct = z.infer<typeof TicketProductSchema>;

/** 1 very poor, 2 disappointed, 3 average, 4 satisfied, 5 delighted (spec section 4). */
export const ticketRatings = [1, 2, 3, 4, 5] as const;

/** Spec section 5: png, jpg, gif or svg only. Checked by content on the server, never by name. */
export const ticketImageTypes = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
} as const;
export type TicketImageExt = keyof typeof ticketImageTypes;
/** The names the upload accepts (the spec's '.png|.jpg|.gif|.svg'; .jpeg is the same type). */
export const ticketImageAccept = '.png,.jpg,.jpeg,.gif,.svg';

const ImageIdsSchema = z
  .array(z.number().int().positive())
  .max(limits.support.imagesMax, { error: 'support.image.tooMany' })
  .default([]);

function boundedText(max: number) {
  return multilineText().trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.tooLong' });
}

export const TicketCreateSchema = z.object({
  product: TicketProductSchema,
  urgency: TicketUrgencySchema,
  title: text()
    .trim()
    .min(1, { error: 'validation.required' })
    .max(limits.support.titleMax, { error: 'validation.tooLong' }),
  description: boundedText(limits.support.textMax),
  imageIds: ImageIdsSchema,
});
export type TicketCreate = z.output<typeof TicketCreateSchema>;

export const TicketReplyCreateSchema = z.object({
  content: boundedText(limits.support.textMax),
  imageIds: ImageIdsSchema,
});
export type TicketReplyCreate = z.output<typeof TicketReplyCreateSchema>;

export const TicketCloseSchema = z.object({
  solved: z.boolean({ error: 'validation.required' }),
  rating: z
    .number({ error: 'validation.required' })
    .int({ error: 'support.rating.range' })
    .min(limits.support.ratingMin, { error: 'support.rating.range' })
    .max(limits.support.ratingMax, { error: 'support.rating.range' }),
});
export type TicketClose = z.output<typeof TicketCloseSchema>;

export const TicketAppealSchema = z.object({ reason: boundedText(limits.support.appealMax) });
export type TicketAppeal = z.output<typeof TicketAppealSchema>;

export const TicketListQuerySchema = PageQuerySchema.extend({
  status: TicketStatusSchema.optional(),
  urgency: TicketUrgencySchema.optional(),
  product: TicketProductSchema.optional(),
  /** Matches the ticket number or the title. */
  keyword: text().trim().max(100).optional(),
  from: epochMsQuery().optional(),
  to: epochMsQuery().optional(),
});
export type TicketListQuery = z.infer<typeof TicketListQuerySchema>;

export const TicketImageSchema = z.object({
  id: z.number().int(),
  /** The API path of the image, readable only by the ticket's owner (with the session header). */
  url: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type TicketImage = z.infer<typeof TicketImageSchema>;

export const TicketSchema = z.object({
  id: z.number().int(),
  ticketNo: z.string(),
  product: TicketProductSchema,
  urgency: TicketUrgencySchema,
  title: z.string(),
  status: TicketStatusSchema,
  createdAt: EpochMsSchema,
  updatedAt: EpochMsSchema,
  sample: z.boolean(),
});
export type Ticket = z.infer<typeof TicketSchema>;

export const TicketReplySchema = z.object({
  id: z.number().int(),
  /** Who wrote it: the customer or the support staff. */
  author: z.enum(['customer', 'staff']),
  content: z.string(),
  images: z.array(TicketImageSchema),
  createdAt: EpochMsSchema,
});
export type TicketReply = z.infer<typeof TicketReplySchema>;

export const TicketDetailSchema = TicketSchema.extend({
  description: z.string(),
  images: z.array(TicketImageSchema),
  replies: z.array(TicketReplySchema),
  solved: z.boolean().nullable(),
  rating: z.number().int().nullable(),
  appealReason: z.string().nullable(),
  closedAt: EpochMsSchema.nullable(),
});
export type TicketDetail = z.infer<typeof TicketDetailSchema>;
