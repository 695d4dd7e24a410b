import { type Login, limits, twoFactorRoutes, userRoutes } from '@edgeward/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { notFound } from '../../http/errors';
import { enableRateLimits } from '../../http/rate-limit';
import { registerRoute } from '../../http/route';
import { clientIp } from '../../http/trust-proxy';
import { avatarInvalid } from './account.errors';
import type { AccountServices } from './account.services';
import { registerCustomerDesk } from './customer-desk.routes';
import type { Client } from './login-log';

function clientOf(request: FastifyRequest): Client {
  return { ip: clientIp(request), userAgent: request.headers['user-agent']?.slice(0, 512) };
}

/**
 * The account area's routes: registration, login, profile, password, avatar, sessions and the login log. A plugin of
 * its own, so that multipart parsing exists only here. The services are built inside it, where the session service
 * decorates the app.
 */
export function accountRoutes(build: (app: FastifyInstance) => AccountServices): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    await enableRateLimits(app);
    await app.register(multipart, { limits: { fileSize: limits.account.avatarMaxBytes, files: 1, fields: 4 } });
    const { registration, login, password, emailChange, profile, twoFactor, customers } = build(app);
    registerCustomerDesk(app, customers);

    registerRoute(app, userRoutes.captchaImage, () => registration.newCaptcha());
    registerRoute(app, userRoutes.emailCode, ({ query, locale }) => registration.sendEmailCode(query, locale));
    registerRoute(app, userRoutes.register, ({ body }) => registration.register(body));
    registerRoute(app, userRoutes.login, ({ body, request }) => login.login(body, clientOf(request)), {
      rateLimited: (request) => login.loginRateLimited((request.body as Login).userName, clientOf(request)),
    });
    registerRoute(app, twoFactorRoutes.login, ({ body, request, locale }) =>
      login.secondFactor(body, clientOf(request), locale),
    );
    registerRoute(app, userRoutes.logout, ({ user }) => login.logout(user));
    registerRoute(app, userRoutes.simulation, ({ params, request }) => login.simulate(params.token, clientOf(request)));
    registerRoute(app, userRoutes.forgotPassword, ({ body, locale }) => password.forgotPassword(body, locale));
    registerRoute(app, userRoutes.resetPassword, ({ body, request }) =>
      password.resetPassword(body, clientIp(request)),
    );

    registerRoute(app, userRoutes.profile, ({ user }) => profile.profile(user));
    registerRoute(app, userRoutes.edit, ({ user, body, actor }) => profile.editProfile(user, body, actor));
    registerRoute(app, userRoutes.emailChangeCode, ({ user, body, locale }) =>
      emailChange.sendCode(user, body, locale),
    );
    registerRoute(app, userRoutes.editPassword, ({ user, body, actor }) => password.editPassword(user, body, actor));
    registerRoute(app, userRoutes.avatar, async ({ user, request, actor }) => {
      if (!request.isMultipart()) throw avatarInvalid();
      const file = await request.file();
      if (!file) throw avatarInvalid();
      return profile.saveAvatar(user, await file.toBuffer(), actor);
    });
    registerRoute(app, userRoutes.avatarImage, async ({ params, reply }) => {
      const image = await profile.readAvatar(params.file);
      if (!image) throw notFound();
      return reply
        .header('content-type', image.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(image.data);
    });
    registerRoute(app, userRoutes.sessions, ({ user }) => login.listSessions(user));
    registerRoute(app, userRoutes.revokeOtherSessions, ({ user }) => login.revokeOtherSessions(user));
    registerRoute(app, userRoutes.loginLog, ({ user, query }) => login.loginLog(user, query));
    registerRoute(app, twoFactorRoutes.status, ({ user }) => twoFactor.status(user));
    registerRoute(app, twoFactorRoutes.setup, ({ user }) => twoFactor.setup(user));
    registerRoute(app, twoFactorRoutes.enable, ({ user, body }) => twoFactor.enable(user, body));
    registerRoute(app, twoFactorRoutes.disable, ({ user, body }) => twoFactor.disable(user, body));
  };
}
