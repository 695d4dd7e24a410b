import { type Login, limits, userRoutes } from '@edgeward/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../http/errors';
import { enableRateLimits } from '../../http/rate-limit';
import { registerRoute } from '../../http/route';
import { clientIp } from '../../http/trust-proxy';
import type { AreaContext } from '../area';
import { type Client, createAccountService } from './account.service';
import { createAvatarStore } from './avatar.store';
import { createPasswordHasher } from './password-hasher';

function clientOf(request: FastifyRequest): Client {
  return { ip: clientIp(request), userAgent: request.headers['user-agent']?.slice(0, 512) };
}

const avatarInvalid = () => new AppError('AVATAR_INVALID', { fields: { avatar: 'errors.AVATAR_INVALID' } });

/**
 * The account area: registration, login, profile, password, avatar, sessions and the login log. A plugin of its
 * own, so that multipart parsing exists only here.
 */
export function accountModule(deps: AreaContext): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    await enableRateLimits(app);
    await app.register(multipart, { limits: { fileSize: limits.account.avatarMaxBytes, files: 1, fields: 4 } });
    const avatars = createAvatarStore(deps.config.dataDir);
    app.addHook('onClose', () => avatars.close());
    const service = createAccountService({
      db: deps.database.db,
      config: deps.config,
      now: deps.now,
      sessions: app.sessions,
      mail: deps.providers.mail,
      captcha: deps.providers.captcha,
      passwords: createPasswordHasher(deps.config.passwordHashing),
      avatars,
      log: app.log,
    });

    registerRoute(app, userRoutes.captchaImage, () => service.newCaptcha());
    registerRoute(app, userRoutes.emailCode, ({ query, locale }) => service.sendEmailCode(query, locale));
    registerRoute(app, userRoutes.register, ({ body }) => service.register(body));
    registerRoute(app, userRoutes.login, ({ body, request }) => service.login(body, clientOf(request)), {
      rateLimited: (request) => service.loginRateLimited((request.body as Login).userName, clientOf(request)),
    });
    registerRoute(app, userRoutes.logout, ({ user }) => service.logout(user));
    registerRoute(app, userRoutes.simulation, ({ params, request }) =>
      service.simulate(params.token, clientOf(request)),
    );
    registerRoute(app, userRoutes.forgotPassword, ({ body, locale }) => service.forgotPassword(body, locale));
    registerRoute(app, userRoutes.resetPassword, ({ body }) => service.resetPassword(body));

    registerRoute(app, userRoutes.profile, ({ user }) => service.profile(user));
    registerRoute(app, userRoutes.edit, ({ user, body }) => service.editProfile(user, body));
    registerRoute(app, userRoutes.emailChangeCode, ({ user, body, locale }) =>
      service.sendEmailChangeCode(user, body, locale),
    );
    registerRoute(app, userRoutes.editPassword, ({ user, body }) => service.editPassword(user, body));
    registerRoute(app, userRoutes.avatar, async ({ user, request }) => {
      if (!request.isMultipart()) throw avatarInvalid();
      const file = await request.file();
      if (!file) throw avatarInvalid();
      return service.saveAvatar(user, await file.toBuffer());
    });
    registerRoute(app, userRoutes.avatarImage, async ({ params, reply }) => {
      const image = await service.readAvatar(params.file);
      if (!image) throw notFound();
      return reply
        .header('content-type', image.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(image.data);
    });
    registerRoute(app, userRoutes.sessions, ({ user }) => service.listSessions(user));
    registerRoute(app, userRoutes.revokeOtherSessions, ({ user }) => service.revokeOtherSessions(user));
    registerRoute(app, userRoutes.loginLog, ({ user, query }) => service.loginLog(user, query));
  };
}
