import { certificateApplicationRoutes } from '@edgeward/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../http/route';
import { toApplicationDetail, toApplicationListItem } from './certificate-application.presenter';
import type { ApplicationService } from './certificate-application.service';

/** Certificate applications: the routes of the contract's application table. */
export function certificateApplicationModule(applications: () => ApplicationService): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    const service = applications();
    const r = certificateApplicationRoutes;
    registerRoute(app, r.list, async ({ user, query, locale }) => {
      const page = await service.list(user, query);
      return { ...page, list: page.list.map((view) => toApplicationListItem(view, locale)) };
    });
    registerRoute(app, r.options, ({ user }) => service.options(user));
    registerRoute(app, r.create, async ({ user, body, locale, actor }) =>
      toApplicationDetail(await service.create(user, body, actor), locale),
    );
    registerRoute(app, r.detail, async ({ user, params, locale }) =>
      toApplicationDetail(await service.detail(user, params.id), locale),
    );
    registerRoute(app, r.verify, async ({ user, params, locale, actor }) =>
      toApplicationDetail(await service.verify(user, params.id, actor), locale),
    );
    registerRoute(app, r.retry, async ({ user, params, locale, actor }) =>
      toApplicationDetail(await service.retry(user, params.id, actor), locale),
    );
  };
}
