import { defineRoute } from '../route';
import { pageOf } from '../schemas/common';
import {
  StaffNoticeDraftSchema,
  StaffNoticeListQuerySchema,
  StaffNoticePreviewSchema,
  StaffNoticeRecordSchema,
  StaffNoticeSchema,
  StaffNoticeSentSchema,
} from '../schemas/staff-notice';

const tag = 'admin';

/**
 * Notices (issue 28): written as HTML, previewed through the same sanitizer the message centre applies, sent to one
 * customer or to all (the command line's notice publish), and the list of what was sent.
 */
export const staffNoticeRoutes = {
  preview: defineRoute({
    method: 'POST',
    path: '/admin/notices/preview',
    summary: 'The notice as the customer will see it (sanitized)',
    tag,
    auth: 'staff',
    staffPermission: 'messages',
    body: StaffNoticeDraftSchema,
    data: StaffNoticePreviewSchema,
  }),
  send: defineRoute({
    method: 'POST',
    path: '/admin/notices',
    summary: 'Send a notice to one customer or to every customer',
    tag,
    auth: 'staff',
    staffPermission: 'messages',
    body: StaffNoticeSchema,
    data: StaffNoticeSentSchema,
  }),
  sent: defineRoute({
    method: 'GET',
    path: '/admin/notices',
    summary: 'The notices sent, newest first',
    tag,
    auth: 'staff',
    staffPermission: 'messages',
    query: StaffNoticeListQuerySchema,
    data: pageOf(StaffNoticeRecordSchema),
  }),
};
