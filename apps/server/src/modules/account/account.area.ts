import type { FastifyInstance } from 'fastify';
import { handle } from '../../jobs/job';
import { accountCommands } from '../../ops/commands/account';
import { mailCommands } from '../../ops/commands/mail';
import { twoFactorCommands } from '../../ops/commands/two-factor';
import { secretBoxOf } from '../../secrets/secret-box';
import { type AreaContext, defineArea } from '../area';
import type { AccountDeps } from './account.deps';
import { purgeExpiredJob, purgeExpiredSchedule } from './account.jobs';
import { purgeExpiredSecrets } from './account.operator';
import { accountRoutes } from './account.routes';
import { createAvatarStore } from './avatar.store';
import { createEmailChangeService } from './email-change.service';
import { createLoginService } from './login.service';
import { createPasswordService } from './password.service';
import { createPasswordHasher } from './password-hasher';
import { createProfileService } from './profile.service';
import { createRegistrationService } from './registration.service';
import { createTwoFactorService } from './two-factor.service';

/** The account area's services, built once per app inside the routes' plugin (they use its session service). */
function accountServices(ctx: AreaContext, app: FastifyInstance) {
  const avatars = createAvatarStore(ctx.config.dataDir);
  app.addHook('onClose', () => avatars.close());
  const deps: AccountDeps = {
    db: ctx.database.db,
    config: ctx.config,
    now: ctx.now,
    sessions: app.sessions,
    mail: ctx.providers.mail,
    captcha: ctx.providers.captcha,
    passwords: createPasswordHasher(ctx.config.passwordHashing),
    avatars,
    log: app.log,
  };
  const emailChange = createEmailChangeService(deps);
  const twoFactor = createTwoFactorService({ ...deps, box: secretBoxOf(ctx.config) });
  return {
    registration: createRegistrationService(deps),
    login: createLoginService({ ...deps, twoFactor }),
    twoFactor,
    password: createPasswordService(deps),
    emailChange,
    profile: createProfileService({ ...deps, emailChange }),
  };
}

export type AccountServices = ReturnType<typeof accountServices>;

/** Accounts: registration, login, profile, sessions; the hourly purge of expired secrets. */
export const accountArea = defineArea({
  name: 'account',
  routes: (ctx) => accountRoutes((app) => accountServices(ctx, app)),
  jobs: (ctx) => [
    handle(purgeExpiredJob, async () => {
      await purgeExpiredSecrets(ctx.database.db, ctx.now());
    }),
  ],
  schedules: [purgeExpiredSchedule],
  // The outbox holds account mail (codes, reset links), so reading it is the account area's command too.
  commands: [...accountCommands, ...twoFactorCommands, ...mailCommands],
});
