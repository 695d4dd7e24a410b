import { z } from 'zod';
import { defineRoute } from '../route';
import { EmptySchema, IdParamsSchema } from '../schemas/common';
import {
  NoticeListKindSchema,
  NoticeListQuerySchema,
  NoticeListSchema,
  NoticeSchema,
  NoticeUpdateSchema,
} from '../schemas/message';

/*
 * Notices and messages, spec section 7: GET /notice/{type} (all, unread, read) with a 0-based page and size 20,
 * GET /notice/unread_count, GET /notice/{id}, and the update call on /notice/{id} that marks read. The spec leaves
 * the mark-all-read and delete paths unshown; these follow the same style. A foreign id answers NOT_FOUND.
 * Fastify matches the static segments (all, unread, read, unread_count, read_all, delete_all) before :id.
 */

const tag = 'message';
const query = { id: 'msg', action: 'query' } as const;
const edit = { id: 'msg', action: 'edit' } as const;
const remove = { id: 'msg', action: 'delete' } as const;

export const noticeRoutes = {
  notices: defineRoute({
    method: 'GET',
    path: '/notice/:type',
    summary: 'My messages of one tab (all, unread, read), newest first; page is 0-based',
    tag,
    permission: query,
    params: z.object({ type: NoticeListKindSchema }),
    query: NoticeListQuerySchema,
    data: NoticeListSchema,
  }),
  unreadCount: defineRoute({
    method: 'GET',
    path: '/notice/unread_count',
    summary: 'How many of my messages are unread',
    tag,
    permission: query,
    data: z.number().int(),
  }),
  notice: defineRoute({
    method: 'GET',
    path: '/notice/:id',
    summary: 'One message: title, content (sanitized HTML), createDate',
    tag,
    permission: query,
    params: IdParamsSchema,
    data: NoticeSchema,
  }),
  updateNotice: defineRoute({
    method: 'POST',
    path: '/notice/:id',
    summary: 'Mark a message read (or unread)',
    tag,
    permission: edit,
    params: IdParamsSchema,
    body: NoticeUpdateSchema,
    data: EmptySchema,
  }),
  readAll: defineRoute({
    method: 'POST',
    path: '/notice/read_all',
    summary: 'Mark all my messages read',
    tag,
    permission: edit,
    data: EmptySchema,
  }),
  deleteNotice: defineRoute({
    method: 'DELETE',
    path: '/notice/:id',
    summary: 'Delete a message',
    tag,
    permission: remove,
    params: IdParamsSchema,
    data: EmptySchema,
  }),
  deleteAll: defineRoute({
    method: 'POST',
    path: '/notice/delete_all',
    summary: 'Delete all my messages',
    tag,
    permission: remove,
    data: EmptySchema,
  }),
};
