import { z } from 'zod';
import { limits } from '../limits';
import { EpochMsSchema } from './common';

/*
 * The message centre (spec sections 2, 3, 4 and 7): notices from the operator and messages written by events
 * (domain review, certificates, payments, tickets...). Content is HTML, sanitized by the server before it is stored.
 */

/** The kinds of list GET /notice/{type} answers: the three tabs of /msg. */
export const noticeListKinds = ['all', 'unread', 'read'] as const;
export const NoticeListKindSchema = z.enum(noticeListKinds);
export type NoticeListKind = z.infer<typeof NoticeListKindSchema>;

/** What a message is about, for its icon and tag. */
export const messageKinds = ['notice', 'domain', 'certificate', 'billing', 'ticket', 'package', 'security'] as const;
export const MessageKindSchema = z.enum(messageKinds);
export type MessageKind = z.infer<typeof MessageKindSchema>;

/** Spec section 7: page and size, size 20 by default; the message list's page is 0-based. */
export const NoticeListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(limits.page.maxSize).default(limits.message.pageSize),
});
export type NoticeListQuery = z.infer<typeof NoticeListQuerySchema>;

export const NoticeSummarySchema = z.object({
  id: z.number().int(),
  kind: MessageKindSchema,
  title: z.string(),
  createDate: EpochMsSchema,
  read: z.boolean(),
});
export type NoticeSummary = z.infer<typeof NoticeSummarySchema>;

/** Spec section 3: id, title, content (HTML), createDate and the read flag. */
export const NoticeSchema = NoticeSummarySchema.extend({ content: z.string() });
export type Notice = z.infer<typeof NoticeSchema>;

export const NoticeListSchema = z.object({
  list: z.array(NoticeSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type NoticeList = z.infer<typeof NoticeListSchema>;

/** The update call on /notice/{id}: marks the notice read (or unread again). */
export const NoticeUpdateSchema = z.object({ read: z.boolean() });
export type NoticeUpdate = z.infer<typeof NoticeUpdateSchema>;
