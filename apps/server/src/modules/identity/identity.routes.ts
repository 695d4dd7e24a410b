import { identityRoutes, staffReviewRoutes } from '@edgeward/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { enableRateLimits } from '../../http/rate-limit';
import { registerRoute } from '../../http/route';
import { staffActor } from '../../lib/staff-audit';
import type { IdentityVerifier } from '../../providers/identity';
import type { RealNameService } from './real-name.service';
import type { createRealNameDesk } from './real-name-desk.service';

/** Real-name verification; the face-check service's notify route and its own pages. */
export function identityModule(deps: {
  realName: () => RealNameService;
  desk: ReturnType<typeof createRealNameDesk>;
  verifier: IdentityVerifier;
}): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    await enableRateLimits(app);
    const service = deps.realName();
    const r = identityRoutes;
    registerRoute(app, r.realNameStatus, ({ user }) => service.status(user));
    registerRoute(app, r.realNameSubmit, ({ user, body }) => service.submit(user, body));
    registerRoute(app, r.realNameAttempt, ({ user, params }) => service.attempt(user, params.id));

    const review = staffReviewRoutes;
    registerRoute(app, review.realName, ({ query }) => deps.desk.list(query));
    registerRoute(app, review.approveRealName, ({ staff, address, params, body }) =>
      deps.desk.approve(staffActor(staff, address), params.id, body),
    );
    registerRoute(app, review.revokeRealName, ({ staff, address, params, body }) =>
      deps.desk.revoke(staffActor(staff, address), params.id, body),
    );

    // The service's asynchronous callback: signed, so it needs the exact body bytes.
    await app.register(async (notify) => {
      notify.addContentTypeParser('application/json', { parseAs: 'string' }, (_r, body, done) => done(null, body));
      notify.post('/real-name/notify/:provider', { schema: { hide: true } }, async (request, reply) => {
        const { provider } = request.params as { provider: string };
        const raw = typeof request.body === 'string' ? request.body : '';
        const notification =
          provider === deps.verifier.name ? deps.verifier.verifyNotification(raw, request.headers) : null;
        if (!notification) return reply.code(400).type('text/plain').send('invalid notification');
        const outcome = await service.applyNotification(provider, notification);
        request.log.info({ provider, check: notification.checkId, outcome }, 'face-check notification');
        if (outcome === 'unknown') return reply.code(404).type('text/plain').send('unknown check');
        return reply.type('text/plain').send(deps.verifier.ackBody);
      });
    });
    if (deps.verifier.routes) await app.register(deps.verifier.routes);
  };
}
