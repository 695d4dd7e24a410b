import type { FastifyInstance } from 'fastify';
import { createPasswordHasher } from '../../secrets/password-hasher';
import { secretBoxOf } from '../../secrets/secret-box';
import type { AreaContext } from '../area';
import type { AccountDeps } from './account.deps';
import { createAvatarStore } from './avatar.store';
import { createCustomerDesk } from './customer-desk.service';
import { createEmailChangeService } from './email-change.service';
import { createLoginService } from './login.service';
import { createPasswordService } from './password.service';
import { createProfileService } from './profile.service';
import { createRegistrationService } from './registration.service';
import { createTwoFactorService } from './two-factor.service';

/** The account area's services, built once per app inside the routes' plugin (they use its session service). */
export function accountServices(ctx: AreaContext, app: FastifyInstance) {
  const deps: AccountDeps = {
    db: ctx.database.db,
    config: ctx.config,
    now: ctx.now,
    sessions: app.sessions,
    mail: ctx.providers.mail,
    captcha: ctx.providers.captcha,
    passwords: createPasswordHasher(ctx.config.passwordHashing),
    avatars: createAvatarStore(ctx.database.db),
    log: app.log,
    metrics: ctx.metrics,
  };
  const emailChange = createEmailChangeService(deps);
  const twoFactor = createTwoFactorService({ ...deps, box: secretBoxOf(ctx.config) });
  return {
    registration: createRegistrationService(deps),
    login: createLoginService({ ...deps, twoFactor, ...(ctx.sleep ? { sleep: ctx.sleep } : {}) }),
    twoFactor,
    password: createPasswordService(deps),
    emailChange,
    profile: createProfileService({ ...deps, emailChange }),
    customers: createCustomerDesk({ db: ctx.database.db, now: ctx.now }),
  };
}

export type AccountServices = ReturnType<typeof accountServices>;
