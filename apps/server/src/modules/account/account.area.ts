import { handle } from '../../jobs/job';
import { mailCommands } from '../../ops/commands/mail';
import { defineArea } from '../area';
import { accountCommands } from './account.commands';
import { purgeExpiredJob, purgeExpiredSchedule } from './account.jobs';
import { purgeExpiredSecrets } from './account.operator';
import { accountRoutes } from './account.routes';
import { accountServices } from './account.services';
import { avatarFiles } from './avatar.store';
import { twoFactorCommands } from './two-factor.commands';

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
  uploads: [avatarFiles],
});
