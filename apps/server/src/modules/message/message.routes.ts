import { noticeListKinds, noticeRoutes, staffNoticeRoutes } from '@edgeward/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../http/route';
import { staffActor } from '../../lib/staff-audit';
import type { MessageService } from './message.service';
import type { createNoticeDesk } from './notice-desk.service';

export function messageModule(
  service: MessageService,
  notices: ReturnType<typeof createNoticeDesk>,
): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    const r = noticeRoutes;
    // GET /notice/{type} and GET /notice/{id} share one segment: each tab is its own static path, matched before :id.
    for (const type of noticeListKinds) {
      const { params: _, ...list } = r.notices;
      registerRoute(app, { ...list, path: `/notice/${type}` }, ({ user, query, locale }) =>
        service.list(user, type, query, locale),
      );
    }
    registerRoute(app, r.unreadCount, ({ user }) => service.unreadCount(user));
    registerRoute(app, r.readAll, ({ user }) => service.readAll(user));
    registerRoute(app, r.deleteAll, ({ user }) => service.removeAll(user));
    registerRoute(app, r.notice, ({ user, params, locale }) => service.detail(user, params.id, locale));
    registerRoute(app, r.updateNotice, ({ user, params, body }) => service.setRead(user, params.id, body.read));
    registerRoute(app, r.deleteNotice, ({ user, params }) => service.remove(user, params.id));

    const staff = staffNoticeRoutes;
    registerRoute(app, staff.preview, async ({ body }) => notices.preview(body));
    registerRoute(app, staff.send, ({ staff: member, address, body }) =>
      notices.send(staffActor(member, address), {
        title: body.title,
        content: body.content,
        to: body.audience === 'all' ? 'all' : (body.userName ?? ''),
      }),
    );
    registerRoute(app, staff.sent, ({ query }) => notices.sent(query));
  };
}
